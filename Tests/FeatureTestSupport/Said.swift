import Foundation
import StoreClient
import SystemWords
import ThresholdCore

/// What the screens say of a problem on an English-speaking phone in New York (`RefusalWords`),
/// with ICU's narrow no-break space before AM/PM as a plain space: how these tests read the words
/// a person reads beside the value the model keeps.
extension Problem {
    package var said: String {
        RefusalWords(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!).words(self)
            .replacingOccurrences(of: "\u{202F}", with: " ")
    }
}

extension [PlanNotice] {
    /// The plan's notice as Settings says it.
    package var said: String { Problem.plan(self).said }
}

extension Dictionary where Value == Problem {
    package var said: [Key: String] { mapValues(\.said) }
}
