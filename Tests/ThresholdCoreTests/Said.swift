import Foundation
import SystemWords
import ThresholdCore

/// A refusal as an English-speaking phone in `zone` says it (`RefusalWords`), with ICU's narrow
/// no-break space before AM/PM as a plain space: how the rules' tests read what the person reads.
func said(_ refusal: Refusal, in zone: TimeZone = TimeZone(identifier: "America/New_York")!) -> String {
    RefusalWords(locale: Locale(identifier: "en_US"), timeZone: zone).words(refusal).replacingOccurrences(of: "\u{202F}", with: " ")
}
