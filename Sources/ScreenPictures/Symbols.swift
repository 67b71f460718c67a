/// SF Symbols as small SVG outlines in their spirit (rounded strokes, the current colour): a
/// picture shows that a symbol is there and roughly which, not Apple's artwork.
enum Symbols {
    /// The symbol as inline SVG, one text line high.
    static func svg(_ name: String) -> String {
        let filled = name.hasSuffix(".fill")
        let base = filled ? String(name.dropLast(5)) : name
        let body = paths[base] ?? paths[String(base.prefix { $0 != "." })] ?? fallback
        let paint = filled ? "fill=\"currentColor\" stroke=\"currentColor\"" : "fill=\"none\" stroke=\"currentColor\""
        return "<svg class=\"sym\" viewBox=\"0 0 24 24\" \(paint) stroke-width=\"1.8\" stroke-linecap=\"round\" stroke-linejoin=\"round\" "
            + "aria-label=\"\(name)\">\(body)</svg>"
    }

    private static let fallback = "<circle cx=\"12\" cy=\"12\" r=\"8\"/>"

    private static let lock =
        "<rect x=\"5\" y=\"11\" width=\"14\" height=\"10\" rx=\"2\"/><path d=\"M8 11V8a4 4 0 0 1 8 0v3\" fill=\"none\"/>"
    private static let lockOpen =
        "<rect x=\"5\" y=\"11\" width=\"14\" height=\"10\" rx=\"2\"/><path d=\"M8 11V8a4 4 0 0 1 7.5-2\" fill=\"none\"/>"
    private static let shield = "<path d=\"M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6z\"/>"

    private static let paths: [String: String] = [
        "house": "<path d=\"M3 11l9-7 9 7\"/><path d=\"M5 10v10h5v-6h4v6h5V10\"/>",
        "timer": "<circle cx=\"12\" cy=\"13\" r=\"8\"/><path d=\"M12 13V9M12 5V3M10 3h4\" fill=\"none\"/>",
        "square.stack": "<rect x=\"4\" y=\"8\" width=\"16\" height=\"12\" rx=\"2\"/><path d=\"M7 5h10M9 2.5h6\" fill=\"none\"/>",
        "square.on.square": "<rect x=\"8\" y=\"8\" width=\"12\" height=\"12\" rx=\"2\"/><path d=\"M16 5V4H4v12h1\" fill=\"none\"/>",
        "chart.bar": "<path d=\"M5 20V12M10 20V6M15 20v-9M20 20V4\" fill=\"none\"/>",
        "gearshape":
            "<circle cx=\"12\" cy=\"12\" r=\"3\"/><path d=\"M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1\" fill=\"none\"/>",
        "lock": lock,
        "lock.open": lockOpen,
        "lock.iphone":
            "<rect x=\"6\" y=\"2\" width=\"12\" height=\"20\" rx=\"2\"/><rect x=\"9\" y=\"11\" width=\"6\" height=\"5\" rx=\"1\"/>",
        "lock.shield": shield,
        "shield": shield,
        "shield.slash": shield + "<path d=\"M4 4l16 16\" fill=\"none\"/>",
        "shield.lefthalf": shield,
        "checkmark.shield": shield + "<path d=\"M9 12l2 2 4-4\" fill=\"none\" stroke=\"white\"/>",
        "chevron.right": "<path d=\"M9 5l7 7-7 7\" fill=\"none\"/>",
        "chevron.left": "<path d=\"M15 5l-7 7 7 7\" fill=\"none\"/>",
        "plus": "<path d=\"M12 5v14M5 12h14\" fill=\"none\"/>",
        "checkmark": "<path d=\"M5 12l5 5 9-10\" fill=\"none\"/>",
        "checkmark.circle": "<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M8 12l3 3 5-6\" fill=\"none\" stroke=\"white\"/>",
        "checkmark.seal": "<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M8 12l3 3 5-6\" fill=\"none\"/>",
        "xmark.circle": "<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M9 9l6 6M15 9l-6 6\" fill=\"none\" stroke=\"white\"/>",
        "xmark": "<path d=\"M6 6l12 12M18 6L6 18\" fill=\"none\"/>",
        "exclamationmark.triangle": "<path d=\"M12 3l10 18H2z\"/><path d=\"M12 10v5M12 18v.5\" fill=\"none\" stroke=\"white\"/>",
        "info.circle": "<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M12 11v6M12 7.5v.5\" fill=\"none\"/>",
        "questionmark.app":
            "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" rx=\"4\"/><path d=\"M10 10a2 2 0 1 1 3 1.7c-.7.4-1 .9-1 1.6M12 16.5v.5\" fill=\"none\"/>",
        "app": "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" rx=\"4\"/>",
        "apps.iphone":
            "<rect x=\"6\" y=\"2\" width=\"12\" height=\"20\" rx=\"2\"/><path d=\"M9 7h2M13 7h2M9 11h2M13 11h2\" fill=\"none\"/>",
        "iphone.radiowaves.left.and.right":
            "<rect x=\"8\" y=\"3\" width=\"8\" height=\"18\" rx=\"2\"/><path d=\"M5 8c-1.3 2.5-1.3 5.5 0 8M19 8c1.3 2.5 1.3 5.5 0 8\" fill=\"none\"/>",
        "key": "<circle cx=\"8\" cy=\"12\" r=\"4\"/><path d=\"M12 12h9M18 12v3M21 12v2\" fill=\"none\"/>",
        "clock": "<circle cx=\"12\" cy=\"12\" r=\"9\"/><path d=\"M12 7v5l3 2\" fill=\"none\"/>",
        "hourglass": "<path d=\"M6 3h12M6 21h12M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9s10 4 10 9\" fill=\"none\"/>",
        "bell": "<path d=\"M6 17V11a6 6 0 0 1 12 0v6l2 2H4z\"/><path d=\"M10 21h4\" fill=\"none\"/>",
        "book": "<path d=\"M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z\"/><path d=\"M4 19V5\" fill=\"none\"/>",
        "arrow.counterclockwise": "<path d=\"M5 12a7 7 0 1 0 2-5M5 4v4h4\" fill=\"none\"/>",
        "arrow.down.doc": "<path d=\"M6 3h9l4 4v14H6z\"/><path d=\"M12 10v7M9 14l3 3 3-3\" fill=\"none\"/>",
        "icloud": "<path d=\"M7 18h10a4 4 0 0 0 0-8 6 6 0 0 0-11.5 1.5A3.3 3.3 0 0 0 7 18z\"/>",
        "star": "<path d=\"M12 3l2.7 5.6 6.1.8-4.4 4.3 1 6.1L12 17l-5.4 2.8 1-6.1L3.2 9.4l6.1-.8z\"/>",
        "stop": "<rect x=\"6\" y=\"6\" width=\"12\" height=\"12\" rx=\"2\"/>",
        "cup.and.saucer": "<path d=\"M5 8h11v5a5 5 0 0 1-5 5h-1a5 5 0 0 1-5-5zM16 10h2a2 2 0 0 1 0 4h-2M3 21h16\"/>",
        "door.left.hand.open": "<path d=\"M6 3h12v18H6zM14 12v.5\" fill=\"none\"/>",
        "hands.sparkles": "<path d=\"M8 21v-7l-3-5 2-1 4 5V4h2v9l4-5 2 1-3 5v7z\"/>",
        "signpost.right.and.left": "<path d=\"M12 3v18M6 6h10l2 2-2 2H6zM18 12H8l-2 2 2 2h10z\"/>",
        "slider.horizontal.3":
            "<path d=\"M4 6h16M4 12h16M4 18h16\" fill=\"none\"/><circle cx=\"9\" cy=\"6\" r=\"2\"/><circle cx=\"15\" cy=\"12\" r=\"2\"/><circle cx=\"7\" cy=\"18\" r=\"2\"/>",
        "scope": "<circle cx=\"12\" cy=\"12\" r=\"7\"/><path d=\"M12 2v5M12 17v5M2 12h5M17 12h5\" fill=\"none\"/>",
        "wrench.and.screwdriver": "<path d=\"M14 6a4 4 0 0 0 5 5l-8 8-3-3 8-8z\"/>",
        "flame": "<path d=\"M12 3c1 4 6 6 6 11a6 6 0 0 1-12 0c0-3 2-4 2-7 2 1 3 3 4 4 0-3-1-5 0-8z\"/>",
        "square.and.arrow.up": "<path d=\"M8 9H6v11h12V9h-2M12 3v11M8 7l4-4 4 4\" fill=\"none\"/>",
        "moon": "<path d=\"M15 3a8 8 0 1 0 6 12A7 7 0 0 1 15 3z\"/>",
        "sun.max":
            "<circle cx=\"12\" cy=\"12\" r=\"4\"/><path d=\"M12 2v2M12 20v2M2 12h2M20 12h2M5 5l1.5 1.5M17.5 17.5L19 19M5 19l1.5-1.5M17.5 6.5L19 5\" fill=\"none\"/>",
        "person": "<circle cx=\"12\" cy=\"8\" r=\"4\"/><path d=\"M4 21a8 8 0 0 1 16 0\" fill=\"none\"/>",
        "person.2":
            "<circle cx=\"9\" cy=\"8\" r=\"3.5\"/><circle cx=\"17\" cy=\"9\" r=\"3\"/><path d=\"M2 20a7 7 0 0 1 14 0M15 14a6 6 0 0 1 7 6\" fill=\"none\"/>",
        "qrcode":
            "<rect x=\"4\" y=\"4\" width=\"6\" height=\"6\"/><rect x=\"14\" y=\"4\" width=\"6\" height=\"6\"/><rect x=\"4\" y=\"14\" width=\"6\" height=\"6\"/>",
        "trash": "<path d=\"M4 7h16M9 7V4h6v3M6 7l1 14h10l1-14\" fill=\"none\"/>",
        "play": "<path d=\"M7 4l13 8-13 8z\"/>",
        "pause": "<path d=\"M8 4v16M16 4v16\" fill=\"none\"/>",
    ]
}
