import SwiftUI

/// Words from a content file, shown as written: a prayer, a verse and its citation, a help answer,
/// a passage to copy. Content is written per language (English, and Spanish where the phone is in
/// Spanish: `ContentLanguage`) and never a String Catalog's (issue 25: "content stays content"),
/// so it is named as such here; everything else a screen says comes from a
/// catalog. Under the pseudolanguage the crawler reads every other plain English word as escaped
/// from the catalogs, and this view's as content.
@MainActor
public struct ContentText: View {
    let words: String

    public init(_ words: String) { self.words = words }

    public var body: some View { Text(verbatim: words) }
}

extension Text {
    /// Words SystemWords has already said from its String Catalog, in this view's locale and time
    /// zone (the status headline, a repair notice, why the saved data cannot be read): one wording
    /// for the app, the monitor, the widgets and Shortcuts, which say them without SwiftUI. Shown
    /// as they come; not content, and not built here.
    public init(said words: String) { self.init(verbatim: words) }
}
