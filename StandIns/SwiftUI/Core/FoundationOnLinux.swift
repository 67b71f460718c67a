/// What Foundation has on iOS and not on Linux, that the views use.
extension URL {
    /// Files here are the simulated phone's own: nothing to unlock.
    public func startAccessingSecurityScopedResource() -> Bool { false }
    public func stopAccessingSecurityScopedResource() {}
}

extension String {
    /// A String Catalog entry as the app's language says it (Foundation on Linux reads no String
    /// Catalogs); the layer's locale is English (United States), its language the simulated
    /// phone's (``AppLanguage/current``).
    public init(localized key: LocalizedStringKey, table: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        let context = TextContext(locale: Locale(identifier: "en_US"), timeZone: .gmt, calendar: Calendar(identifier: .gregorian), now: Date(),
                                  language: AppLanguage.current)
        self = Catalogs.string(key, table: table, bundle: bundle, in: context)
    }
}
