extension EnvironmentValues {
    /// The language the views' String Catalogs are read in: the simulated phone's (Linux only; on
    /// iOS it is the scheme's App Language).
    package var appLanguage: AppLanguage {
        get { self[AppLanguageKey.self] }
        set { self[AppLanguageKey.self] = newValue }
    }
}

private struct AppLanguageKey: EnvironmentKey { static let defaultValue = AppLanguage.english }
