import ArgumentParser
import ScreenTimeSimulator

extension PhoneLanguage: ExpressibleByArgument {}

/// What `--language` says, for `run` and `crawl`'s help.
enum LanguageHelp {
    static let option =
        "The app's language on the phone: english; es (Spanish, on a phone set to Spain: its screens, shields and "
        + "notifications in Spanish, which the person reads in the catalogs' English); or pseudo (Xcode's accented, "
        + "double-length pseudolanguage: every String Catalog word reads [Çóñťíñúé ~~], anything else stays plain English)."
}
