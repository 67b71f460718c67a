import Foundation
import ThresholdCore

/// The phone the words' tests read: English, in New York.
let newYork = TimeZone(identifier: "America/New_York")!
/// 2026-11-23 09:00 in New York.
let nine = Date(timeIntervalSince1970: 1_795_442_400)
let work = ProfileTitle(emoji: "💼", name: "Work")

/// The words with ICU's narrow no-break space before AM/PM (as iOS puts it) read as a plain space.
func plain(_ words: String) -> String { words.replacingOccurrences(of: "\u{202F}", with: " ") }
