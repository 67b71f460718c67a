/// A colour: fixed, or one that follows the appearance (light or dark).
nonisolated public struct Color: Hashable, Sendable, ShapeStyle, View, PrimitiveView {
    public typealias Body = Never

    package enum Value: Hashable, Sendable {
        case rgb(Double, Double, Double, Double)
        case adaptive(light: [Double], dark: [Double])
        case named(String)
    }

    package let value: Value
    package var opacity: Double = 1

    package init(value: Value, opacity: Double = 1) {
        self.value = value
        self.opacity = opacity
    }

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        value = .rgb(red, green, blue, 1)
        self.opacity = opacity
    }

    public init(white: Double, opacity: Double = 1) { self.init(red: white, green: white, blue: white, opacity: opacity) }

    public init(_ name: String, bundle: Bundle? = nil) { value = .named(name) }

    public func opacity(_ opacity: Double) -> Color { Color(value: value, opacity: self.opacity * opacity) }

    public static let clear = Color(value: .named("clear"))
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let gray = Color(red: 0.56, green: 0.56, blue: 0.58)
    public static let red = Color(red: 1, green: 0.23, blue: 0.19)
    public static let orange = Color(red: 1, green: 0.58, blue: 0)
    public static let yellow = Color(red: 1, green: 0.8, blue: 0)
    public static let green = Color(red: 0.2, green: 0.78, blue: 0.35)
    public static let blue = Color(red: 0, green: 0.48, blue: 1)
    public static let accentColor = Color(value: .named("accent"))
    public static let primary = Color(value: .named("primary"))
    public static let secondary = Color(value: .named("secondary"))

    /// The colour as CSS for a picture, in the given appearance.
    package func css(dark: Bool) -> String {
        switch value {
        case .rgb(let r, let g, let b, let a): return Self.css(r, g, b, a * opacity)
        case .adaptive(let light, let darkValue):
            let rgb = dark ? darkValue : light
            return Self.css(rgb[0], rgb[1], rgb[2], (rgb.count > 3 ? rgb[3] : 1) * opacity)
        case .named(let name):
            let base: String =
                switch name {
                case "clear": "transparent"
                case "primary": dark ? "#ffffff" : "#000000"
                case "secondary": dark ? "rgba(235,235,245,0.6)" : "rgba(60,60,67,0.6)"
                case "accent": "#007aff"
                default: "#888888"
                }
            return opacity == 1 || base == "transparent" ? base : "color-mix(in srgb, \(base) \(Int(opacity * 100))%, transparent)"
        }
    }

    private static func css(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> String {
        "rgba(\(Int(r * 255)),\(Int(g * 255)),\(Int(b * 255)),\(String(format: "%.3f", a)))"
    }

    @MainActor package func render(in context: RenderContext) -> [Element] { [context.element(.color(self))] }
}

/// Something that fills or colours: a colour, a material, the foreground's levels.
public protocol ShapeStyle: Sendable {}

nonisolated public struct AnyShapeStyle: ShapeStyle, Hashable {
    package let description: String
    package let color: Color?

    public init<S: ShapeStyle>(_ style: S) {
        if let color = style as? Color {
            self.color = color
            description = "color"
        } else if let any = style as? AnyShapeStyle {
            self = any
        } else {
            color = nil
            description = String(describing: style)
        }
    }
}

/// `.primary`, `.secondary`, `.tertiary`: levels of the foreground.
nonisolated public struct HierarchicalShapeStyle: ShapeStyle, CustomStringConvertible {
    let level: Int
    public static let primary = HierarchicalShapeStyle(level: 0)
    public static let secondary = HierarchicalShapeStyle(level: 1)
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    public static let quaternary = HierarchicalShapeStyle(level: 3)
    public var description: String { ["primary", "secondary", "tertiary", "quaternary"][level] }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

extension ShapeStyle where Self == Color {
    public static var white: Color { Color.white }
    public static var black: Color { Color.black }
    public static var red: Color { Color.red }
    public static var clear: Color { Color.clear }
    public static var orange: Color { Color.orange }
    public static var green: Color { Color.green }
    public static var blue: Color { Color.blue }
    public static var gray: Color { Color.gray }
}

/// The background levels (`.background.secondary`).
nonisolated public struct BackgroundStyle: ShapeStyle, CustomStringConvertible {
    let level: Int
    public var secondary: BackgroundStyle { BackgroundStyle(level: 1) }
    public var tertiary: BackgroundStyle { BackgroundStyle(level: 2) }
    public var description: String { "background\(level)" }
}

extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { BackgroundStyle(level: 0) }
}

extension ShapeStyle {
    public func opacity(_ opacity: Double) -> some ShapeStyle {
        Unrendered.note("ShapeStyle.opacity")
        return AnyShapeStyle(self)
    }
    public var secondary: some ShapeStyle {
        Unrendered.note("ShapeStyle.secondary")
        return AnyShapeStyle(self)
    }
}

/// A translucent material (`.bar`, `.regularMaterial`).
nonisolated public struct Material: ShapeStyle, CustomStringConvertible {
    let name: String
    public static let bar = Material(name: "bar")
    public static let regularMaterial = Material(name: "regularMaterial")
    public static let thinMaterial = Material(name: "thinMaterial")
    public static let ultraThinMaterial = Material(name: "ultraThinMaterial")
    public static let thickMaterial = Material(name: "thickMaterial")
    public var description: String { name }
}

extension ShapeStyle where Self == Material {
    public static var bar: Material { .bar }
    public static var regularMaterial: Material { .regularMaterial }
    public static var thinMaterial: Material { .thinMaterial }
    public static var ultraThinMaterial: Material { .ultraThinMaterial }
}

nonisolated public struct LinearGradient: ShapeStyle, View, PrimitiveView {
    public typealias Body = Never
    let colors: [Color]
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) { self.colors = colors }
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) { colors = gradient.colors }
    @MainActor package func render(in context: RenderContext) -> [Element] { [context.element(.shape("gradient"))] }
}

public struct Gradient: Hashable, Sendable {
    let colors: [Color]
    public init(colors: [Color]) { self.colors = colors }
}

public struct UnitPoint: Hashable, Sendable {
    public let x: Double
    public let y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// A font: a text style, or a size, with a weight and a design.
public struct Font: Hashable, Sendable {
    public enum TextStyle: String, Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    public struct Weight: Hashable, Sendable {
        package let value: Int
        public static let ultraLight = Weight(value: 100)
        public static let thin = Weight(value: 200)
        public static let light = Weight(value: 300)
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
        public static let heavy = Weight(value: 800)
        public static let black = Weight(value: 900)
    }

    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }

    package var style: TextStyle
    package var size: Double?
    package var weight: Weight?
    package var isItalic = false
    package var isMonospaced = false

    init(style: TextStyle, size: Double? = nil, weight: Weight? = nil) {
        self.style = style
        self.size = size
        self.weight = weight
    }

    public static let largeTitle = Font(style: .largeTitle)
    public static let title = Font(style: .title)
    public static let title2 = Font(style: .title2)
    public static let title3 = Font(style: .title3)
    public static let headline = Font(style: .headline, weight: .semibold)
    public static let subheadline = Font(style: .subheadline)
    public static let body = Font(style: .body)
    public static let callout = Font(style: .callout)
    public static let footnote = Font(style: .footnote)
    public static let caption = Font(style: .caption)
    public static let caption2 = Font(style: .caption2)

    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(style: style, weight: weight)
    }
    public static func system(size: Double, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(style: .body, size: size, weight: weight)
    }

    public func weight(_ weight: Weight) -> Font {
        var copy = self
        copy.weight = weight
        return copy
    }
    public func bold() -> Font { weight(.bold) }
    public func italic() -> Font {
        var copy = self
        copy.isItalic = true
        return copy
    }
    public func monospaced() -> Font {
        var copy = self
        copy.isMonospaced = true
        return copy
    }
    public func monospacedDigit() -> Font {
        Unrendered.note("Font.monospacedDigit")
        return self
    }

    /// Points at the default Dynamic Type size, as iOS's text styles are.
    package var points: Double {
        if let size { return size }
        return switch style {
        case .largeTitle: 34
        case .title: 28
        case .title2: 22
        case .title3: 20
        case .headline, .body: 17
        case .subheadline, .callout: 15 + (style == .callout ? 1 : 0)
        case .footnote: 13
        case .caption: 12
        case .caption2: 11
        }
    }
}

/// An image: an SF Symbol, an asset, or a picture made in code.
nonisolated public struct Image: Hashable, Sendable, View, PrimitiveView {
    public typealias Body = Never

    package enum Source: Hashable, Sendable {
        case system(String)
        case named(String)
        case drawn(String)
        /// A QR code of a link (Core Image draws it on iOS): the simulated Camera reads the link.
        case qrCode(URL)
    }

    package let source: Source
    package var decorative = false
    package var label: String?

    package init(source: Source, decorative: Bool = false, label: String? = nil) {
        self.source = source
        self.decorative = decorative
        self.label = label
    }

    public init(systemName: String) { source = .system(systemName) }
    /// A QR code of `link`, as Core Image would draw it; Linux only (`QRCode.image(for:)`).
    public init(qrCodeOf link: URL) { source = .qrCode(link) }
    public init(_ name: String, bundle: Bundle? = nil) { source = .named(name) }
    public init(decorative name: String, bundle: Bundle? = nil) {
        source = .named(name)
        decorative = true
    }

    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        unrendered("Image.resizable")
    }
    public func interpolation(_ interpolation: Interpolation) -> Image { unrendered("Image.interpolation") }
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { unrendered("Image.renderingMode") }
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image { unrendered("Image.symbolRenderingMode") }

    /// The image, itself: how it is drawn is not kept (``Unrendered``).
    private func unrendered(_ symbol: String) -> Image {
        Unrendered.note(symbol)
        return self
    }

    public enum ResizingMode: Sendable { case tile, stretch }
    public enum Interpolation: Sendable { case none, low, medium, high }
    public enum TemplateRenderingMode: Sendable { case template, original }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let element = context.element(.image(ImageContent(source: source, decorative: decorative)))
        element.style.foreground = context.environment.foreground
        element.style.font = context.environment.font
        if decorative { element.accessibility.hidden = true }
        return [element]
    }
}

public struct SymbolRenderingMode: Sendable {
    public static let monochrome = SymbolRenderingMode()
    public static let hierarchical = SymbolRenderingMode()
    public static let multicolor = SymbolRenderingMode()
    public static let palette = SymbolRenderingMode()
}

package struct ImageContent {
    package let source: Image.Source
    package let decorative: Bool
}

public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

// MARK: Shapes

public protocol Shape: View, Sendable {}

nonisolated public struct RoundedRectangle: Shape, PrimitiveView {
    public typealias Body = Never
    package let cornerRadius: Double
    public init(cornerRadius: Double, style: RoundedCornerStyle = .circular) { self.cornerRadius = cornerRadius }
    @MainActor package func render(in context: RenderContext) -> [Element] { [context.element(.shape("roundedRectangle"))] }
}

nonisolated public struct Rectangle: Shape, PrimitiveView {
    public typealias Body = Never
    public init() {}
    @MainActor package func render(in context: RenderContext) -> [Element] { [context.element(.shape("rectangle"))] }
}

nonisolated public struct Capsule: Shape, PrimitiveView {
    public typealias Body = Never
    public init(style: RoundedCornerStyle = .circular) {}
    @MainActor package func render(in context: RenderContext) -> [Element] { [context.element(.shape("capsule"))] }
}

nonisolated public struct Circle: Shape, PrimitiveView {
    public typealias Body = Never
    public init() {}
    @MainActor package func render(in context: RenderContext) -> [Element] { [context.element(.shape("circle"))] }
}

public enum RoundedCornerStyle: Sendable { case circular, continuous }

public struct StrokeStyle: Hashable, Sendable {
    public init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
        dash: [Double] = [], dashPhase: Double = 0
    ) {}
    public enum LineCap: Sendable { case butt, round, square }
    public enum LineJoin: Sendable { case miter, round, bevel }
}

/// A shape drawn partly, stroked or filled: drawn as its shape; the geometry is not.
@MainActor
extension Shape {
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: Double = 1) -> some View { unrendered("stroke") }
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View { unrendered("stroke") }
    public func fill<S: ShapeStyle>(_ content: S) -> some View { unrendered("fill") }
    public func trim(from: Double = 0, to: Double = 1) -> some Shape {
        Unrendered.note("Shape.trim")
        return TrimmedShape(shape: self)
    }
}

nonisolated public struct TrimmedShape<Base: Shape>: Shape, PrimitiveView {
    public typealias Body = Never
    let shape: Base
    @MainActor package func render(in context: RenderContext) -> [Element] { context.renderChild(shape, key: .index(0)) }
}

public struct Angle: Hashable, Sendable {
    public var degrees: Double
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static func radians(_ radians: Double) -> Angle { Angle(degrees: radians * 180 / .pi) }
}
