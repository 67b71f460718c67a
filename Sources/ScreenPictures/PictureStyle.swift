import SwiftUI

/// How a picture is drawn: the appearance and the text size, as a person sets them on the phone.
package struct PictureStyle: Hashable, Sendable {
    package enum Appearance: String, CaseIterable, Sendable { case light, dark }
    package enum TextSize: String, CaseIterable, Sendable {
        /// Dynamic Type's default (Large).
        case `default`
        /// An accessibility size (AX3).
        case accessibility
    }

    package var appearance: Appearance = .light
    package var textSize: TextSize = .default
    /// The app's accent, as CSS in each appearance (`Palette.accent`).
    package var accent = (light: "#007aff", dark: "#0a84ff")
    /// Pixels a point is drawn with.
    package var scale = 2.0

    package init(appearance: Appearance = .light, textSize: TextSize = .default) {
        self.appearance = appearance
        self.textSize = textSize
    }

    package var dark: Bool { appearance == .dark }
    package var colorScheme: ColorScheme { dark ? .dark : .light }
    package var dynamicTypeSize: DynamicTypeSize { textSize == .default ? .large : .accessibility3 }

    package static func == (a: PictureStyle, b: PictureStyle) -> Bool {
        a.appearance == b.appearance && a.textSize == b.textSize && a.accent == b.accent && a.scale == b.scale
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(appearance)
        hasher.combine(textSize)
        hasher.combine(accent.light)
        hasher.combine(accent.dark)
        hasher.combine(scale)
    }

    /// Points for a text style at this size (Apple's Dynamic Type table: Large, and AX3).
    func points(_ font: Font?) -> Double {
        guard let font else { return points(.body) }
        if font.size != nil { return font.points }
        return points(font.style)
    }

    func points(_ style: Font.TextStyle) -> Double {
        switch textSize {
        case .default: Self.font(style).points
        case .accessibility:
            switch style {
            case .largeTitle: 52
            case .title: 48
            case .title2: 44
            case .title3: 43
            case .headline, .body: 40
            case .callout: 38
            case .subheadline: 36
            case .footnote: 33
            case .caption: 32
            case .caption2: 29
            }
        }
    }

    static func font(_ style: Font.TextStyle) -> Font {
        switch style {
        case .largeTitle: .largeTitle
        case .title: .title
        case .title2: .title2
        case .title3: .title3
        case .headline: .headline
        case .subheadline: .subheadline
        case .body: .body
        case .callout: .callout
        case .footnote: .footnote
        case .caption: .caption
        case .caption2: .caption2
        }
    }

    /// iOS's system colours and the page's type, in CSS.
    var css: String {
        let colors =
            dark
            ? """
            --bg: #000000; --grouped: #000000; --cell: #1c1c1e; --card: #1c1c1e; --card2: #2c2c2e;
            --label: #ffffff; --secondary: rgba(235,235,245,0.6); --tertiary: rgba(235,235,245,0.3);
            --separator: rgba(84,84,88,0.65); --fill: rgba(118,118,128,0.24); --fill2: rgba(118,118,128,0.36);
            --bar: rgba(30,30,30,0.94); --dim: rgba(0,0,0,0.48); --alert: rgba(44,44,46,0.96);
            --accent: \(accent.dark); --red: #ff453a; --green: #30d158; --knob: #ffffff;
            """
            : """
            --bg: #ffffff; --grouped: #f2f2f7; --cell: #ffffff; --card: #f2f2f7; --card2: #e5e5ea;
            --label: #000000; --secondary: rgba(60,60,67,0.6); --tertiary: rgba(60,60,67,0.3);
            --separator: rgba(60,60,67,0.29); --fill: rgba(120,120,128,0.12); --fill2: rgba(120,120,128,0.2);
            --bar: rgba(249,249,249,0.94); --dim: rgba(0,0,0,0.2); --alert: rgba(242,242,242,0.97);
            --accent: \(accent.light); --red: #ff3b30; --green: #34c759; --knob: #ffffff;
            """
        let sizes = Font.TextStyle.allCases.map { ".f-\($0.rawValue) { font-size: \(points($0))px; }" }.joined(separator: "\n")
        return """
            :root { \(colors) }
            * { box-sizing: border-box; }
            html, body { margin: 0; padding: 0; background: transparent; }
            body { font-family: -apple-system, "SF Pro Text", "SF Pro", "Inter", "Helvetica Neue", "Liberation Sans", Arial, sans-serif,
                   "Apple Color Emoji", "Noto Color Emoji"; color: var(--label); -webkit-font-smoothing: antialiased;
                   font-size: \(points(.body))px; line-height: 1.25; letter-spacing: -0.01em; }
            \(sizes)
            .shot { display: inline-block; vertical-align: top; }
            .device { width: 390px; min-height: 844px; background: var(--bg); display: flex; flex-direction: column; position: relative;
                      overflow: hidden; }
            .device.grouped { background: var(--grouped); }
            .status { height: 54px; display: flex; align-items: center; justify-content: space-between; padding: 14px 32px 0 44px;
                      font-weight: 600; font-size: 17px; flex: none; }
            .status .icons { display: flex; gap: 6px; align-items: center; }
            .status .battery { width: 25px; height: 12px; border: 1.5px solid var(--label); border-radius: 4px; opacity: .9;
                               position: relative; }
            .status .battery::after { content: ""; position: absolute; inset: 1.5px; right: 5px; background: var(--label); border-radius: 1.5px; }
            .status .bars { display: flex; gap: 2px; align-items: flex-end; height: 12px; }
            .status .bars i { width: 3px; background: var(--label); border-radius: 1px; display: block; }
            .nav { flex: none; padding: 0 16px; }
            .navrow { height: 44px; display: grid; grid-template-columns: 1fr auto 1fr; align-items: center; }
            .navrow .lead { justify-self: start; display: flex; gap: 16px; align-items: center; }
            .navrow .trail { justify-self: end; display: flex; gap: 16px; align-items: center; }
            .navrow .inline-title { font-weight: 600; font-size: 17px; text-align: center; white-space: nowrap; overflow: hidden;
                                    text-overflow: ellipsis; max-width: 230px; }
            .back { color: var(--accent); display: flex; align-items: center; gap: 2px; margin-left: -8px; }
            .back .sym { width: 24px; height: 24px; stroke-width: 2.6; }
            .large-title { font-size: \(points(.largeTitle))px; font-weight: 700; letter-spacing: 0.01em; margin: 2px 0 8px; line-height: 1.2; }
            .nav .bar-button { color: var(--accent); }
            .nav .bar-button.confirm { font-weight: 600; }
            main { flex: 1; padding: 8px 16px 24px; display: flex; flex-direction: column; gap: 16px; }
            .tabbar { flex: none; display: flex; justify-content: space-around; padding: 7px 8px 30px; background: var(--bar);
                      border-top: 0.5px solid var(--separator); }
            .tab { display: flex; flex-direction: column; align-items: center; gap: 2px; font-size: 10px; font-weight: 500;
                   color: #999999; min-width: 60px; }
            .tab .sym { width: 26px; height: 26px; }
            .tab.chosen { color: var(--accent); }
            .col { display: flex; flex-direction: column; gap: 8px; align-items: stretch; min-width: 0; }
            .row { display: flex; flex-direction: row; gap: 8px; align-items: center; min-width: 0; }
            .row > .text { flex: 0 1 auto; }
            .row > .col { flex: 1 1 0; }
            .zstack { display: grid; place-items: center; }
            .zstack > * { grid-area: 1 / 1; }
            .spacer { flex: 1; min-width: 8px; min-height: 8px; }
            .divider { height: 0.5px; background: var(--separator); align-self: stretch; }
            .text { white-space: pre-wrap; overflow-wrap: break-word; }
            .center { text-align: center; align-self: center; }
            .sym { width: 1.1em; height: 1.1em; vertical-align: -0.18em; flex: none; }
            .label { display: inline-flex; gap: 8px; align-items: center; }
            .label > .sym, .label > .image { color: var(--accent); }
            .padded { padding: 16px; }
            .boxed { border-radius: 16px; }
            .card-bg { background: var(--card); }
            .unavailable { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 6px; padding: 40px 16px; }
            .unavailable .sym { width: 48px; height: 48px; color: var(--secondary); }
            .unavailable .label { flex-direction: column; font-size: \(points(.title2))px; font-weight: 700; }
            .unavailable .label .sym { color: var(--secondary); }
            .list { display: flex; flex-direction: column; gap: 0; margin: 0 0 8px; }
            .section { margin: 0 0 24px; }
            .section > .header { text-transform: uppercase; font-size: 13px; color: var(--secondary); padding: 0 16px 7px; }
            .section > .footer { font-size: 13px; color: var(--secondary); padding: 7px 16px 0; }
            .cells { background: var(--cell); border-radius: 10px; overflow: hidden; }
            .cell { min-height: 44px; padding: 11px 16px; display: flex; align-items: center; gap: 12px; position: relative; }
            .cell + .cell::before { content: ""; position: absolute; top: 0; left: 16px; right: 0; height: 0.5px; background: var(--separator); }
            .cell > .col, .cell > .text, .cell > .label { flex: 1; }
            .plain-section { display: flex; flex-direction: column; gap: 8px; }
            .plain-section > .header { font-weight: 600; }
            .plain-section > .footer { font-size: 13px; color: var(--secondary); }
            .button { color: var(--accent); cursor: default; }
            .cell > .button { flex: 1; }
            .button.destructive { color: var(--red); }
            .button.disabled, .disabled { opacity: 0.35; }
            .button.primary { align-self: stretch; }
            .button.primary > * { display: flex; justify-content: center; text-align: center; min-height: 50px; align-items: center;
                                   border-radius: 14px; padding: 8px 16px; }
            .button.bordered { background: color-mix(in srgb, var(--accent) 15%, transparent); border-radius: 10px; padding: 7px 14px;
                               align-self: flex-start; font-weight: 500; }
            .button.prominent { background: var(--accent); color: white; border-radius: 10px; padding: 7px 14px; align-self: flex-start; }
            .button.plain { color: inherit; }
            .button.link-row { display: flex; align-items: center; gap: 8px; color: var(--label); flex: 1; }
            .button.link-row > :first-child { flex: 1; }
            .chevron { color: var(--tertiary); flex: none; }
            .chevron .sym { width: 14px; height: 14px; stroke-width: 3; }
            .switch { width: 51px; height: 31px; border-radius: 16px; background: var(--fill2); position: relative; flex: none; margin-left: auto; }
            .switch.on { background: var(--green); }
            .switch::after { content: ""; position: absolute; top: 2px; left: 2px; width: 27px; height: 27px; border-radius: 50%;
                             background: var(--knob); box-shadow: 0 3px 8px rgba(0,0,0,.15), 0 1px 1px rgba(0,0,0,.16); }
            .switch.on::after { left: 22px; }
            .control-row { display: flex; align-items: center; gap: 12px; flex: 1; }
            .control-row > :first-child { flex: 1; }
            .segmented { display: flex; background: var(--fill); border-radius: 9px; padding: 2px; gap: 2px; align-self: stretch; flex: 1; }
            .segmented > div { flex: 1; text-align: center; padding: 6px 4px; border-radius: 7px; font-size: 13px; font-weight: 500; }
            .segmented > .chosen { background: var(--cell); box-shadow: 0 3px 8px rgba(0,0,0,.12); font-weight: 600; }
            .menu-value { color: var(--accent); display: flex; align-items: center; gap: 4px; white-space: nowrap; }
            .value { color: var(--secondary); }
            .check { color: var(--accent); margin-left: auto; }
            .stepper { display: flex; background: var(--fill); border-radius: 8px; flex: none; }
            .stepper > div { width: 47px; height: 32px; display: grid; place-items: center; font-size: 22px; font-weight: 300; }
            .stepper > div + div { border-left: 0.5px solid var(--separator); }
            .stepper > .off { color: var(--tertiary); }
            .pill { background: var(--fill); border-radius: 7px; padding: 6px 11px; flex: none; }
            .field { border-radius: 10px; background: var(--cell); padding: 11px 12px; border: 0.5px solid var(--separator); min-height: 44px; }
            .cell > .field { border: 0; padding: 0; min-height: 0; background: transparent; flex: 1; }
            .field.multiline { min-height: 110px; }
            .placeholder-text { color: var(--tertiary); }
            .progress { height: 4px; border-radius: 2px; background: var(--fill2); align-self: stretch; overflow: hidden; }
            .progress > div { height: 100%; background: var(--accent); }
            .spinner { width: 22px; height: 22px; border-radius: 50%; border: 2.5px solid var(--fill2); border-top-color: var(--secondary);
                       align-self: center; }
            .ring { width: 220px; height: 220px; border-radius: 50%; border: 16px solid var(--fill2); display: grid; place-items: center;
                    align-self: center; }
            .ring.done { border-color: var(--accent); }
            .swatch { height: 6px; border-radius: 3px; align-self: stretch; }
            .shape { width: 10px; height: 10px; border-radius: 3px; background: currentColor; flex: none; }
            .shape.circle, .shape.capsule { border-radius: 50%; }
            .image { display: inline-grid; place-items: center; width: 44px; height: 44px; border-radius: 10px; background: var(--fill);
                     color: var(--secondary); font-size: 10px; flex: none; }
            .qr { width: 180px; height: 180px; padding: 10px; background: white; border-radius: 8px; align-self: center; }
            .qr svg { width: 100%; height: 100%; }
            .chart { display: flex; align-items: flex-end; gap: 6px; height: 140px; padding: 8px 0 0; align-self: stretch; }
            .chart .bar { flex: 1; display: flex; flex-direction: column; align-items: center; justify-content: flex-end; gap: 4px; height: 100%;
                          font-size: 11px; color: var(--secondary); min-width: 0; }
            .chart .bar > div { width: 100%; background: var(--accent); border-radius: 4px 4px 0 0; min-height: 2px; }
            .chart .bar > span { white-space: nowrap; overflow: hidden; max-width: 100%; }
            .system { border-radius: 12px; background: var(--fill); padding: 16px; color: var(--secondary); text-align: center; }
            /* Sheets, alerts, dialogs */
            .behind { position: relative; }
            .dim { position: absolute; inset: 0; background: var(--dim); }
            .sheet-stack { background: #000000; }
            .sheet-peek { height: 64px; margin: 0 10px; background: var(--grouped); border-radius: 12px 12px 0 0; opacity: .55;
                          transform: translateY(10px); }
            .sheet { border-radius: 12px 12px 0 0; overflow: hidden; min-height: 780px; }
            .sheet .grabber { width: 36px; height: 5px; border-radius: 3px; background: var(--tertiary); margin: 6px auto 0; }
            .alert { position: absolute; left: 65px; right: 65px; top: 300px; background: var(--alert); border-radius: 14px; text-align: center;
                     overflow: hidden; backdrop-filter: blur(20px); }
            .alert .body { padding: 19px 16px 17px; }
            .alert .title { font-weight: 600; font-size: 17px; }
            .alert .message { font-size: 13px; margin-top: 2px; }
            .alert .buttons { display: flex; border-top: 0.5px solid var(--separator); }
            .alert .buttons.stacked { flex-direction: column; }
            .alert .buttons > div { flex: 1; padding: 11px 8px; color: var(--accent); font-size: 17px; }
            .alert .buttons > div + div { border-left: 0.5px solid var(--separator); }
            .alert .buttons.stacked > div + div { border-left: 0; border-top: 0.5px solid var(--separator); }
            .alert .buttons .cancel { font-weight: 600; }
            .alert .buttons .destructive { color: var(--red); }
            .dialog { position: absolute; left: 8px; right: 8px; top: 500px; display: flex; flex-direction: column; gap: 8px; }
            .dialog .group { background: var(--alert); border-radius: 14px; overflow: hidden; }
            .dialog .group > div { padding: 17px; text-align: center; color: var(--accent); font-size: 20px; }
            .dialog .group > div + div { border-top: 0.5px solid var(--separator); }
            .dialog .group > .heading { font-size: 13px; color: var(--secondary); padding: 14px; }
            .dialog .cancel { font-weight: 600; }
            .dialog .destructive { color: var(--red); }
            /* Lock screen and widgets */
            .lock { width: 390px; min-height: 844px; background: linear-gradient(160deg, #3a2f5b, #c0644b 55%, #f0b46c); color: white;
                    display: flex; flex-direction: column; align-items: center; padding: 0 13px 40px; gap: 10px; }
            .lock .date { margin-top: 60px; font-size: 20px; font-weight: 600; opacity: .9; }
            .lock .clock { font-size: 92px; font-weight: 700; line-height: 1; letter-spacing: -0.02em; }
            .lock .accessories { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; justify-content: center; min-height: 76px; }
            .widget.accessoryRectangular *, .widget.accessoryInline *, .widget.accessoryCircular * { color: white !important; }
            .widget { border-radius: 22px; background: var(--cell); color: var(--label); padding: 16px; overflow: hidden; position: relative; }
            .widget.systemSmall { width: 170px; height: 170px; }
            .widget.systemMedium { width: 364px; height: 170px; }
            .widget.accessoryRectangular { width: 172px; height: 76px; border-radius: 14px; padding: 6px 8px;
                                           background: rgba(255,255,255,.18); color: white; font-size: 15px; }
            .widget.accessoryInline { width: auto; max-width: 260px; height: auto; padding: 0; background: transparent; color: white;
                                      border-radius: 0; font-size: 17px; font-weight: 600; }
            .widget.accessoryCircular { width: 76px; height: 76px; border-radius: 50%; padding: 8px; background: rgba(255,255,255,.18);
                                        color: white; display: grid; place-items: center; text-align: center; font-size: 13px; }
            .widget .col { gap: 2px; }
            .activity { width: 364px; min-height: 120px; max-height: 220px; border-radius: 22px; background: rgba(28,28,30,.86); color: white;
                        padding: 14px 16px; overflow: hidden; }
            .notification { width: 364px; border-radius: 20px; background: rgba(245,245,245,.78); color: black; padding: 12px 14px;
                            display: grid; grid-template-columns: 38px 1fr; gap: 2px 10px; }
            .notification .icon { grid-row: span 2; width: 38px; height: 38px; border-radius: 9px; background: \(accent.light); }
            .notification .title { font-weight: 600; font-size: 15px; }
            .notification .body { font-size: 15px; }
            .home-widgets { display: flex; flex-wrap: wrap; gap: 24px; justify-content: center; padding: 24px 13px 40px; width: 390px;
                            background: linear-gradient(180deg, #28304a, #4b3b56); }
            .caption { color: white; opacity: .8; font-size: 13px; width: 100%; text-align: center; }
            .picture-note { font-size: 12px; color: var(--secondary); padding: 6px 16px 10px; }
            """
    }
}
