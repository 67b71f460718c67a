import SwiftUI
import ThresholdCore

// The domain's words, localized once for every screen. Each is a `Text`, so they join into sentences.

extension Text {
    /// A path's name: "Selah", "Earned Access".
    public static func path(_ path: Pathway) -> Text {
        switch path {
        case .selah: Text("Selah", bundle: .module)
        case .present: Text("Present", bundle: .module)
        case .earnedAccess: Text("Earned Access", bundle: .module)
        case .challenge: Text("Challenge", bundle: .module)
        case .key: Text("Key", bundle: .module)
        }
    }

    /// A restriction's name as a title: the person's own name for a profile or a gate, or an
    /// intention or the tutorial in the screens' words (never an intention's id).
    public static func restriction(_ name: RestrictionName) -> Text {
        switch name {
        case .named(let name): Text(verbatim: name)
        case .intention: Text("Your intention", bundle: .module)
        case .tutorial: Text("The tutorial", bundle: .module)
        }
    }

    /// A preset's name, as its row says it and the profile it makes is first named
    /// (``ProfilePreset/localizedName``).
    public static func preset(_ preset: ProfilePreset) -> Text { Text(verbatim: preset.localizedName) }

    /// A ritual's name.
    public static func ritual(_ kind: RitualKind) -> Text {
        switch kind {
        case .prayer: Text("Prayer", bundle: .module)
        case .mathChallenge: Text("Math challenge", bundle: .module)
        case .ticTacToe: Text("Tic-tac-toe", bundle: .module)
        case .ink: Text("Ink", bundle: .module)
        case .echo: Text("Echo", bundle: .module)
        case .slide: Text("Slide", bundle: .module)
        case .unscramble: Text("Unscramble", bundle: .module)
        case .breathingQuest: Text("Breathing quest", bundle: .module)
        case .copyTextQuest: Text("Copy-text quest", bundle: .module)
        case .credits: Text("Focus Bank credits", bundle: .module)
        case .emergency: Text("Emergency unlock", bundle: .module)
        }
    }

    /// How hard the math challenge's problems are: "Easy", "Medium", "Hard".
    public static func mathDifficulty(_ difficulty: MathDifficulty) -> Text {
        switch difficulty {
        case .easy: Text("Easy", bundle: .module)
        case .medium: Text("Medium", bundle: .module)
        case .hard: Text("Hard", bundle: .module)
        }
    }

    /// A game of Challenge's, by its ritual's name ("Math challenge", "Ink").
    public static func challenge(_ kind: ChallengeKind) -> Text { ritual(kind.ritual) }

    /// What one of Challenge's games asks, in a line.
    public static func challengeRule(_ kind: ChallengeKind) -> Text {
        switch kind {
        case .math: Text("Solve five problems.", bundle: .module)
        case .ticTacToe: Text("Win or draw one game.", bundle: .module)
        case .ink: Text("Tap the colour each word is printed in, not the colour it names.", bundle: .module)
        case .echo: Text("Watch the arrows, then repeat them.", bundle: .module)
        case .slide: Text("Slide the numbers back into order.", bundle: .module)
        case .unscramble: Text("Put each word's letters back in order.", bundle: .module)
        }
    }

    /// How strict a restriction is.
    public static func strictness(_ strictness: Strictness) -> Text {
        switch strictness {
        case .gentle: Text("Gentle", bundle: .module)
        case .firm: Text("Firm", bundle: .module)
        case .locked: Text("Beast Mode", bundle: .module)
        }
    }

    /// What a strictness means.
    public static func strictnessMeaning(_ strictness: Strictness) -> Text {
        switch strictness {
        case .gentle: Text("Every unlock its rules allow, at its base price.", bundle: .module)
        case .firm: Text("No quests, and credits cost twice as much.", bundle: .module)
        case .locked: Text("Nothing unlocks it and nothing ends it early, from any button, Shortcut or key.", bundle: .module)
        }
    }

    /// A mood's word.
    public static func mood(_ mood: Mood) -> Text {
        switch mood {
        case .grateful: Text("Grateful", bundle: .module)
        case .anxious: Text("Anxious", bundle: .module)
        case .distracted: Text("Distracted", bundle: .module)
        case .tired: Text("Tired", bundle: .module)
        case .seeking: Text("Seeking", bundle: .module)
        case .joyful: Text("Joyful", bundle: .module)
        }
    }

    /// A session's phase; a rest profile's (Sleep) rests rather than focuses.
    public static func phase(_ phase: LiveActivityContent.Phase, rest: Bool) -> Text {
        switch phase {
        case .focusing: rest ? Text("Resting", bundle: .module) : Text("Focusing", bundle: .module)
        case .onBreak: Text("On a break", bundle: .module)
        case .goalReached: Text("Goal reached", bundle: .module)
        }
    }

    /// How a session ended.
    /// Where a session came from, for the session log.
    public static func origin(_ origin: SessionOrigin) -> Text {
        switch origin {
        case .manual: Text("Started in the app", bundle: .module)
        case .key: Text("Started with a key", bundle: .module)
        case .schedule: Text("Scheduled", bundle: .module)
        case .shortcut: Text("Started from a Shortcut", bundle: .module)
        case .focus: Text("Started by a Focus", bundle: .module)
        }
    }

    public static func ending(_ state: EndState) -> Text {
        switch state {
        case .completed: Text("Completed", bundle: .module)
        case .gaveUp: Text("Gave up", bundle: .module)
        case .canceled: Text("Canceled", bundle: .module)
        }
    }

    /// Why a restriction shields, as a line under its name.
    public static func reason(_ reason: Reason) -> Text {
        switch reason {
        case .sessionActive(let label):
            label.strictness == .locked ? Text("Beast Mode session", bundle: .module) : Text("Session on", bundle: .module)
        case .sessionGoalReached(_, let xp):
            Text("Goal reached: complete it for \(xp) XP", bundle: .module)
        case .gated(let label) where label.rituals.isEmpty:
            Text("Shielded; nothing unlocks it early", bundle: .module)
        case .gated(let label):
            unlocks(with: label.rituals)
        case .intention(let label):
            Text("Intention: \(label.opensUsed) of \(label.opensPerDay) opens used today", bundle: .module)
        case .streakFreeze:
            Text("Streak freeze on today", bundle: .module)
        case .tutorial:
            Text("Tutorial: come back to Threshold to finish", bundle: .module)
        }
    }
}

extension Text {
    /// "Unlocks with: Prayer", "Unlocks with: Breathing quest, Focus Bank credits".
    public static func unlocks(with rituals: [RitualKind]) -> Text {
        Text("Unlocks with:", bundle: .module) + Text(verbatim: " ") + ways(rituals).joined(separator: Text(verbatim: ", "))
    }

    /// The rituals that unlock a restriction, Challenge's several games said once as "a
    /// challenge" (which of them are on is the person's choice in Settings › Challenges).
    static func ways(_ rituals: [RitualKind]) -> [Text] {
        let games = rituals.filter(\.isChallenge)
        guard games.count > 1, let first = rituals.firstIndex(where: \.isChallenge) else { return rituals.map(Text.ritual) }
        var words = rituals.filter { !$0.isChallenge }.map(Text.ritual)
        words.insert(Text("a challenge", bundle: .module), at: min(first, words.count))
        return words
    }
}

extension Sequence where Element == Text {
    /// The texts one after another with `separator` between.
    public func joined(separator: Text) -> Text {
        var result: Text?
        for text in self { result = result.map { $0 + separator + text } ?? text }
        return result ?? Text(verbatim: "")
    }
}

extension Text {
    /// "1 of 2 breaks left": the Session tab's and the key sheet's count.
    public static func breaksLeft(_ quota: BreakQuota) -> Text {
        Text("\(quota.remaining) of \(quota.allowed) breaks left", bundle: .module)
    }

    /// How a time something ends is written beside it, on the phone's clock: the time alone
    /// ("5:00 PM") for today, with the weekday ("Mon 5:00 PM") for a later day, so an end days
    /// away never reads as today's.
    public static func endFormat(of date: Date, from now: Date, calendar: Calendar) -> Date.FormatStyle {
        var time = Date.FormatStyle.dateTime.hour().minute()
        time.timeZone = calendar.timeZone
        return calendar.isDate(date, inSameDayAs: now) ? time : time.weekday(.abbreviated)
    }

    /// An instant as a person says it, relative to `now` on the phone's clock: "today at 5:00 PM",
    /// "tomorrow at 9:00 AM", "on Friday at 9:00 AM" within the week, "on Nov 30 at 9:00 AM" after
    /// it; never a weekday's name for today or tomorrow (issue 34 item 4).
    /// `saysToday: false` leaves "today" out ("at 5:00 PM"), where the sentence is about today.
    public static func when(_ date: Date, from now: Date, calendar: Calendar, saysToday: Bool = true) -> Text {
        let clock = Clockwork(calendar: calendar)
        let days = clock.localDate(of: date).dayNumber - clock.localDate(of: now).dayNumber
        let time = Date.FormatStyle.dateTime.hour().minute()
        switch days {
        case ...0 where !saysToday: return Text("at \(date, format: time)", bundle: .module)
        case ...0: return Text("today at \(date, format: time)", bundle: .module)
        case 1: return Text("tomorrow at \(date, format: time)", bundle: .module)
        case 2...6: return Text("on \(date, format: .dateTime.weekday(.wide)) at \(date, format: time)", bundle: .module)
        default: return Text("on \(date, format: .dateTime.month(.abbreviated).day()) at \(date, format: time)", bundle: .module)
        }
    }

    /// When a disabled option returns, on the phone's clock and in its language: "Available again
    /// at 5:00 PM", "… tomorrow at 12:00 AM", "… on Friday at 9:00 AM", "… on Nov 30 at 9:00 AM".
    public static func availableAgain(at date: Date, from now: Date, calendar: Calendar) -> Text {
        Text("Available again \(Text.when(date, from: now, calendar: calendar, saysToday: false))", bundle: .module)
    }
}

extension Text {
    /// A calendar day (no time, no zone) in the phone's language: "Mon, Nov 23, 2026", or without
    /// its weekday "Nov 23, 2026".
    public static func day(_ day: LocalDate, weekday: Bool = true) -> Text {
        // NB: the day's noon in UTC, formatted in UTC: the same calendar day whatever the zone.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        let noon = utc.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)) ?? .distantPast
        let format = Date.FormatStyle(timeZone: .gmt).month(.abbreviated).day().year()
        return Text(noon, format: weekday ? format.weekday(.abbreviated) : format)
    }
}

extension Text {
    /// "Start 🦁 Deep in Beast Mode?": what a Beast Mode start asks before it locks.
    public static func startTitle(_ confirmation: StartConfirmation) -> Text {
        Text("Start \(Text(verbatim: confirmation.name)) in Beast Mode?", bundle: .module)
    }

    /// What a Beast Mode start locks and until when, on the phone's clock and in its language.
    public static func startMessage(_ confirmation: StartConfirmation, now: Date) -> Text {
        let until = confirmation.lockedUntil
        let time = Date.FormatStyle.dateTime.hour().minute()
        let items = confirmation.selectedItems
        let name = confirmation.name
        let seconds = until.timeIntervalSince(now)
        let shields =
            switch confirmation.listMode {
            case .blockList:
                Text(
                    "\(Text(verbatim: name)) shields \(items) apps, categories and websites until \(until, format: time) (\(Text.minutes(seconds))), and nothing can end it early: not Threshold, your key, Shortcuts or another link.",
                    bundle: .module)
            case .allowList:
                Text(
                    "\(Text(verbatim: name)) shields every app except \(items) apps, categories and websites until \(until, format: time) (\(Text.minutes(seconds))), and nothing can end it early: not Threshold, your key, Shortcuts or another link.",
                    bundle: .module)
            }
        let asking =
            confirmation.byLink
            ? Text("A link asks to start \(Text(verbatim: name)).", bundle: .module) + Text(verbatim: " ") : Text(verbatim: "")
        return asking + shields + Text(verbatim: " ")
            + (confirmation.deniesAppInstallation
                ? Text(
                    "Until then no app on this iPhone can be deleted or installed and the date and time stay automatic.", bundle: .module)
                : Text("Until then no app on this iPhone can be deleted and the date and time stay automatic.", bundle: .module))
    }
}

extension ProfilePreset {
    /// The preset's name in the phone's language: its row's title, and the first name of the
    /// profile it makes (the person's own after that).
    public var localizedName: String {
        switch self {
        case .work:
            String(
                localized: "Work", bundle: .module,
                comment: "A ready-made profile (Key): its row, and the first name of the profile it makes.")
        case .study:
            String(
                localized: "Study", bundle: .module,
                comment: "A ready-made profile (Key): its row, and the first name of the profile it makes.")
        case .sleep:
            String(
                localized: "Sleep", bundle: .module,
                comment: "A ready-made profile (Key): its row, and the first name of the profile it makes.")
        }
    }
}

extension Text {
    /// Another path's restriction that holds some of the same apps, and what it does with them:
    /// "Selah (Selah) holds 1 of these too: a prayer opens them." (issue 34 item 2).
    public static func sharedHolder(_ holder: SharedHolder) -> Text {
        guard holder.opens else {
            return Text("\(Text.holderName(holder)) holds \(holder.count) of these too and shields them while it is on.", bundle: .module)
        }
        return Text(
            "\(Text.holderName(holder)) holds \(holder.count) of these too: \(Text.wayBack(holder.path)) opens them.", bundle: .module)
    }

    /// "🏦 Work mode (Earned Access)": a profile's name and its path; a gate's name is its path's.
    static func holderName(_ holder: SharedHolder) -> Text {
        holder.isGate
            ? Text(verbatim: holder.name) : Text(verbatim: holder.name) + Text(verbatim: " (") + .path(holder.path) + Text(verbatim: ")")
    }

    /// How a path's gate or mode opens what it holds, as a phrase.
    public static func wayBack(_ path: Pathway) -> Text {
        switch path {
        case .selah: Text("a prayer", bundle: .module)
        case .earnedAccess: Text("Focus Bank credits", bundle: .module)
        case .challenge: Text("a challenge", bundle: .module)
        case .present, .key: Text("its unlock options", bundle: .module)
        }
    }
}
