/// What Foundation has on iOS and not on Linux, that the views use.
extension URL {
    /// Files here are the simulated phone's own: nothing to unlock.
    public func startAccessingSecurityScopedResource() -> Bool { false }
    public func stopAccessingSecurityScopedResource() {}
}

extension String {
    /// A String Catalog entry as the app's language says it (Foundation on Linux reads no String
    /// Catalogs), in the simulated phone's language (``AppLanguage/current``) and its locale.
    public init(localized key: LocalizedStringKey, table: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        let context = TextContext(
            locale: AppLanguage.current.locale, timeZone: .gmt, calendar: Calendar(identifier: .gregorian), now: Date(),
            language: AppLanguage.current)
        self = Catalogs.string(key, table: table, bundle: bundle, in: context)
        // NB: what the app words this way it keeps as a name (a profile's first name), which the
        // person reads in English wherever it shows (``Reading``).
        if AppLanguage.current == .spanish {
            Reading.recordName(self, english: Catalogs.string(key, table: table, bundle: bundle, in: context.read))
        }
    }
}
