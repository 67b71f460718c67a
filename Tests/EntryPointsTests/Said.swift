import Foundation
import StoreClient
import SystemWords

/// A problem as an English-speaking phone in New York says it (`RefusalWords`), with ICU's narrow
/// no-break space before AM/PM as a plain space.
func said(_ problem: Problem?) -> String? {
    problem.map { RefusalWords(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "America/New_York")!).words($0) }?
        .replacingOccurrences(of: "\u{202F}", with: " ")
}
