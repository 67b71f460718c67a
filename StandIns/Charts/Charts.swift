import Foundation
import SwiftUI

// Swift Charts for Linux: a chart is read as its marks, each with its values and its VoiceOver
// label and value, as VoiceOver's audio graph reads it. Axes and geometry are not drawn.
// Never built for iOS.

/// One value of a mark, with the words that name it.
public struct PlottableValue<Value> {
    let label: String
    let value: Value
    public static func value(_ label: Text, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: "", value: value)
    }
    public static func value(_ label: LocalizedStringKey, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: "", value: value)
    }
    @_disfavoredOverload
    public static func value<S: StringProtocol>(_ label: S, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: String(label), value: value)
    }
}

/// A mark as the layer keeps it.
public struct ChartMark {
    let kind: String
    let x: String
    let y: String
    var label: Text?
    var value: Text?
}

public protocol ChartContent {
    var marks: [ChartMark] { get }
}

extension ChartContent {
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some ChartContent { ChartMarks(marks: marks) }
    public func accessibilityLabel(_ label: Text) -> some ChartContent {
        ChartMarks(
            marks: marks.map {
                var mark = $0; mark.label = label; return mark
            })
    }
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some ChartContent { accessibilityLabel(Text(label)) }
    public func accessibilityValue(_ value: Text) -> some ChartContent {
        ChartMarks(
            marks: marks.map {
                var mark = $0; mark.value = value; return mark
            })
    }
    public func annotation<C: View>(position: AnnotationPosition = .automatic, @ViewBuilder content: () -> C) -> some ChartContent {
        ChartMarks(marks: marks)
    }
}

public struct ChartMarks: ChartContent {
    public let marks: [ChartMark]
}

public enum AnnotationPosition: Sendable { case automatic, top, bottom, leading, trailing, overlay }

public struct BarMark: ChartContent {
    public let marks: [ChartMark]
    public init<X, Y>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        marks = [ChartMark(kind: "bar", x: "\(x.value)", y: "\(y.value)")]
    }
}

/// A chart of marks made from data.
nonisolated public struct Chart<Content>: View, PrimitiveView {
    public typealias Body = Never
    let marks: [ChartMark]

    public init<Data: RandomAccessCollection, ID: Hashable>(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ChartContentBuilder content: (Data.Element) -> Content
    ) where Content: ChartContent {
        marks = data.flatMap { content($0).marks }
    }

    public init<Data: RandomAccessCollection>(_ data: Data, @ChartContentBuilder content: (Data.Element) -> Content)
    where Content: ChartContent, Data.Element: Identifiable {
        marks = data.flatMap { content($0).marks }
    }

    public var body: Never { fatalError("Chart is drawn by the layer") }

    @MainActor package func render(in context: RenderContext) -> [Element] {
        let marks = marks.map { mark in
            let element = context.element(.chartMark(ChartMarkContent(kind: mark.kind, x: mark.x, y: mark.y)))
            element.accessibility.label = mark.label.map { ResolvableText($0, context.environment) }
            element.accessibility.value = mark.value.map { ResolvableText($0, context.environment) }
            return element
        }
        return [context.element(.chart, children: marks)]
    }
}

@resultBuilder
public enum ChartContentBuilder {
    public static func buildBlock<C: ChartContent>(_ content: C) -> C { content }
    public static func buildExpression<C: ChartContent>(_ content: C) -> C { content }
}

public enum AxisVisibility: Sendable { case automatic, visible, hidden }

@MainActor
extension View {
    public func chartXAxis(_ visibility: Visibility) -> some View { unrendered("chartXAxis") }
    public func chartYAxis(_ visibility: Visibility) -> some View { unrendered("chartXAxis") }
}
