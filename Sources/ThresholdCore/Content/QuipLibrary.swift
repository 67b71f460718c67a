import Foundation

/// One screen-time quip (seed 001 §10): a line sent at a 30-minute screen-time threshold, in
/// Threshold's own words — witty, kind, never shaming.
public struct Quip: Hashable, Sendable, Identifiable {
    /// How much of the day has gone to the screen when it fits.
    public enum Stretch: String, Hashable, Sendable, CaseIterable {
        /// 30 minutes to 1 h 30.
        case early
        /// 2 to 4 hours.
        case middle
        /// 4 h 30 and on.
        case long

        public init(minutes: Int) {
            self = minutes <= 90 ? .early : minutes <= 240 ? .middle : .long
        }
    }

    /// When in the day it fits; `nil` for any time.
    public enum Daypart: String, Hashable, Sendable, CaseIterable {
        /// 05:00–11:59.
        case morning
        /// 12:00–17:59.
        case afternoon
        /// 18:00–04:59.
        case night

        public init(hour: Int) {
            self = (5..<12).contains(hour) ? .morning : (12..<18).contains(hour) ? .afternoon : .night
        }
    }

    /// Which goal streak it speaks to; `nil` for anyone.
    public enum StreakMood: String, Hashable, Sendable, CaseIterable {
        /// Three or more days under the goal.
        case onAStreak
        /// No streak yet, or starting again.
        case startingOut

        public init(streakDays: Int) { self = streakDays >= 3 ? .onAStreak : .startingOut }
    }

    /// Which quip: its words are content, looked up by id where the notification is worded.
    public let id: Int
    public let stretch: Stretch
    public let daypart: Daypart?
    public let streak: StreakMood?
    /// The threshold its words name ("Two hours on screens"), when they name one: it fits only
    /// there, so its words never say another time than the notification's title.
    public let minutes: Int?
}

/// Threshold's quips: the library and the rules that choose one.
///
/// - **When**: at each 30-minute screen-time threshold of today (not the warnings, not a late
///   report of an earlier day), while the person has them on (``Settings/quips``, on by default
///   once screen time is tracked). The setting is read when the threshold's callback is handled:
///   turned off before, no quip; turned off after, the one sent stays sent.
/// - **At most ``perDay``** (16) a day: the 32 thresholds reach 16 hours, so a quip can go at
///   every threshold of an 8-hour day and never more than 16.
/// - **None repeated within ``repeatWindowDays``** (7) days.
/// - **Varied**: a quip fits how long the day has gone (``Quip/Stretch``), the time of day and
///   the goal streak; among those that fit and were not sent lately, one is picked by a number
///   the caller derives from the day and threshold (pure: no clock, no random source inside).
///   When none fits, the rules relax in order (streak, then time of day, then stretch, then
///   any quip not sent lately) before sending nothing.
public enum QuipLibrary {
    public static let perDay = 16
    public static let repeatWindowDays = 7

    /// The quip for a threshold of `minutes` reached at `hour` with a goal streak of `streakDays`,
    /// given what was sent (`sent`: each quip's id and day), or `nil` when today's allowance is
    /// used or every quip went out in the last week.
    public static func choose(minutes: Int, hour: Int, streakDays: Int, on day: LocalDate, sent: [SentQuip], pick: UInt64) -> Quip? {
        guard sent.filter({ $0.day == day }).count < perDay else { return nil }
        let recent = Set(sent.filter { $0.day.dayNumber > day.dayNumber - repeatWindowDays }.map(\.id))
        let fresh = all.filter { !recent.contains($0.id) && ($0.minutes ?? minutes) == minutes }
        let stretch = Quip.Stretch(minutes: minutes), daypart = Quip.Daypart(hour: hour), mood = Quip.StreakMood(streakDays: streakDays)
        let tiers: [(Quip) -> Bool] = [
            { $0.stretch == stretch && ($0.daypart ?? daypart) == daypart && ($0.streak ?? mood) == mood },
            { $0.stretch == stretch && ($0.daypart ?? daypart) == daypart && $0.streak == nil },
            { $0.stretch == stretch && $0.daypart == nil && $0.streak == nil },
            { $0.daypart == nil && $0.streak == nil },
            { _ in true },
        ]
        for fits in tiers {
            let candidates = fresh.filter(fits)
            if !candidates.isEmpty { return candidates[Int(pick % UInt64(candidates.count))] }
        }
        return nil
    }

    /// Every quip, by id.
    public static let all: [Quip] = lines.enumerated().map { index, line in
        Quip(id: index + 1, stretch: line.stretch, daypart: line.daypart, streak: line.streak, minutes: naming[index + 1])
    }

    /// The quips whose words say how long the day has gone, by id, with the threshold they name
    /// (in English; the Spanish words of these ids name none, and fit there too).
    static let naming: [Int: Int] = [
        1: 30, 2: 30, 6: 30, 27: 30, 10: 60, 16: 90,
        52: 120, 80: 120, 82: 120, 57: 150, 59: 180, 87: 180, 64: 210, 67: 240,
        105: 270, 108: 300, 112: 360, 117: 420, 121: 480, 128: 540,
    ]

    private typealias Line = (stretch: Quip.Stretch, daypart: Quip.Daypart?, streak: Quip.StreakMood?)

    // NB: the words are content (SystemWords' Quips.json, and Quips.es.json in Spanish), matched by
    // id: quip n is the nth of these, in order, in every language. The rules need only when each fits: runs of quips that fit alike.
    private static let lines: [Line] = runs([
        // Early in the day's screen time, any time.
        (.early, nil, nil, 25),
        // Early, by time of day.
        (.early, .morning, nil, 7),
        (.early, .afternoon, nil, 5),
        (.early, .night, nil, 6),
        // Early, by streak.
        (.early, nil, .onAStreak, 4),
        (.early, nil, .startingOut, 4),
        // Middle of the day's screen time, any time.
        (.middle, nil, nil, 30),
        // Middle, by time of day.
        (.middle, .morning, nil, 4),
        (.middle, .afternoon, nil, 5),
        (.middle, .night, nil, 5),
        // Middle, by streak.
        (.middle, nil, .onAStreak, 4),
        (.middle, nil, .startingOut, 4),
        // Long days on screen, any time.
        (.long, nil, nil, 25),
        // Long, by time of day.
        (.long, .morning, nil, 2),
        (.long, .afternoon, nil, 3),
        (.long, .night, nil, 6),
        // Long, by streak.
        (.long, nil, .onAStreak, 3),
        (.long, nil, .startingOut, 3),
        // A few more, any stretch of the day.
        (.early, nil, nil, 1),
        (.middle, nil, nil, 1),
        (.long, nil, nil, 1),
        (.early, nil, nil, 1),
        (.middle, nil, nil, 1),
        (.long, nil, nil, 1),
    ])

    /// The table's runs written out: `count` quips in a row that fit alike.
    private static func runs(_ runs: [(Quip.Stretch, Quip.Daypart?, Quip.StreakMood?, count: Int)]) -> [Line] {
        runs.flatMap { run in Array(repeating: (run.0, run.1, run.2), count: run.count) }
    }
}

/// A quip sent: which, and on which local day (``ProgressRecord/quipsSent``).
public struct SentQuip: Hashable, Codable, Sendable {
    public let id: Int
    public let day: LocalDate

    public init(id: Int, day: LocalDate) {
        self.id = id
        self.day = day
    }
}
