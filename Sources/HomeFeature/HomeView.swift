import DesignSystem
import SelectionFeature
import SwiftUI
import SystemWords
import ThresholdCore

/// Where the home screen's buttons lead; the app's root decides how to show it.
public enum HomeDestination: Hashable, Sendable {
    case session
    case prayer
    case profiles
    /// A game picked at random, through the gate for this item (Challenge's "Start a challenge").
    case challenge(HomeModel.Unlockable)
    /// The Daily Review of yesterday, as its reminder opens it.
    case dailyReview
}

/// The home screen (``HomeModel``): the one thing to do next, what is active and why, the
/// Unlocks list (what gates and modes hold, each opening its unlock gate), today, and the streaks.
///
/// The Unlocks list comes from the app's root (`unlocks`): it shows each app by its token's own
/// label, which only the Screen Time picker's module can draw.
@MainActor
public struct HomeView<Unlocks: View>: View {
    let model: HomeModel
    let open: (HomeDestination) -> Void
    let unlocks: ([HomeModel.Unlockable]) -> Unlocks
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone
    @Environment(\.calendar) private var calendar

    public init(
        model: HomeModel, open: @escaping (HomeDestination) -> Void,
        @ViewBuilder unlocks: @escaping ([HomeModel.Unlockable]) -> Unlocks
    ) {
        self.model = model
        self.open = open
        self.unlocks = unlocks
    }

    public var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: 16) {
                    // NB: a group, as a view builder takes at most ten views.
                    Group {
                        if let failure = model.summary?.failure {
                            // The saved data cannot be read: said from SystemWords' Status catalog.
                            ProblemBanner(Text(said: StatusWords(locale: locale, timeZone: timeZone).storeFailure(failure)))
                        } else if let problem = model.problem {
                            ProblemBanner(problem)
                        }
                        ForEach(model.repairs, id: \.self) { notice in
                            ProblemBanner(notice.message, systemImage: "wrench.and.screwdriver.fill")
                        }
                        if let missed = model.missedSchedule {
                            MissedScheduleNotice(missed: missed, acknowledge: model.acknowledgeMissedSchedule)
                        }
                    }
                    if let summary = model.summary {
                        // NB: the status is said by SystemWords (the words the status Shortcut
                        // speaks too), in the phone's language and clock; shown as said.
                        let words = StatusWords(locale: locale, timeZone: timeZone)
                        VStack(alignment: .leading, spacing: 4) {
                            Text(said: words.headline(summary.headline)).font(.title3.weight(.semibold))
                            // NB: the banners above say the repairs and a store failure; the
                            // detail adds only the unlock's end (the status Shortcut says all).
                            if let detail = words.detail(unlockedUntil: summary.unlockedUntil, repairs: [], failure: nil) {
                                Text(said: detail).font(.callout).foregroundStyle(.secondary)
                            }
                            if let next = model.nextStart {
                                Text(
                                    "\(Text(verbatim: next.name)) starts \(Text.when(next.at, from: model.now, calendar: calendar)).",
                                    bundle: .module
                                )
                                .font(.callout).foregroundStyle(.secondary)
                            }
                        }
                        .accessibilityElement(children: .combine)
                    }
                    PrimaryCard(primary: model.primary, open: open)
                    if !model.unlockable.isEmpty { unlocks(model.unlockable) }
                    if !model.active.isEmpty { ActiveCard(rows: model.active, now: model.now) }
                    if model.figures.bank { BankCard(credits: model.today.balances.credits, focusing: model.primary.isSession, open: open) }
                    if let review = model.review { ReviewCard(review: review, rate: model.rateYesterday) { open(.dailyReview) } }
                    TodayCard(today: model.today, figures: model.figures)
                    StreaksCard(streaks: model.streaks, figures: model.figures)
                }
                .padding()
            }
            .navigationTitle(Text("Threshold", bundle: .module))
        }
        .onAppear { model.load() }
        // An unlock's end, a schedule's start: Home reads the state again when the shields change.
        .background { Reload(at: [model.nextChange].compactMap { $0 }) { model.load() } }
    }
}

/// iOS was due to wake Threshold and did not (``MonitorWatch``): what happened, that it is not the
/// person's doing, and what helps; said until they have read it.
@MainActor
struct MissedScheduleNotice: View {
    let missed: Date
    let acknowledge: () -> Void

    var body: some View {
        Card {
            Label {
                Text("iOS missed Threshold's schedule", bundle: .module).font(.headline)
            } icon: {
                Image(systemName: "clock.badge.exclamationmark").accessibilityHidden(true)
            }
            Text(
                "iOS was due to wake Threshold at \(Text(missed, style: .time)) and didn't, so what was planned for then waited until Threshold next ran. It's not something you did. If it happens again, restarting your iPhone usually fixes it.",
                bundle: .module
            )
            .font(.callout)
            Button(action: acknowledge) { Text("OK", bundle: .module) }.buttonStyle(.bordered)
        }
    }
}

/// The one thing to do next.
@MainActor
struct PrimaryCard: View {
    let primary: HomeModel.Primary
    let open: (HomeDestination) -> Void

    var body: some View {
        Card {
            switch primary {
            case .session(let content):
                Text(verbatim: content.title).font(.headline)
                Text.phase(content.phase, rest: content.isRest).foregroundStyle(.secondary)
                Button {
                    open(.session)
                } label: {
                    Text("Open session", bundle: .module)
                }.buttonStyle(.primary)
            case .unlocked(let until, let only):
                Label {
                    VStack(alignment: .leading, spacing: 4) {
                        if let only {
                            HStack(spacing: 4) {
                                TokenLabel(only); Text("unlocked", bundle: .module)
                            }.font(.headline)
                        } else {
                            Text("Apps unlocked", bundle: .module).font(.headline)
                        }
                        TimeLeft(until: until).foregroundStyle(.secondary)
                    }
                } icon: {
                    Image(systemName: "lock.open").accessibilityHidden(true)
                }
                .accessibilityElement(children: .combine)
            case .pray:
                Text("Selah holds your apps. A short prayer opens them for a while.", bundle: .module)
                Button {
                    open(.prayer)
                } label: {
                    Text("Pray to unlock", bundle: .module)
                }.buttonStyle(.primary)
            case .challenge(let item):
                Text("Challenge holds your apps. Win a quick game to open them all for five minutes.", bundle: .module)
                Button {
                    open(.challenge(item))
                } label: {
                    Text("Start a challenge", bundle: .module)
                }.buttonStyle(.primary)
            case .unlockOptions:
                Text("Some apps are shielded. Choose one under Unlocks to see the ways through.", bundle: .module)
            case .start(let profiles) where profiles.isEmpty:
                Text("Nothing is running.", bundle: .module)
            case .start:
                Text("Nothing is running. Start a focus session when you are ready.", bundle: .module)
                Button {
                    open(.session)
                } label: {
                    Text("Start a session", bundle: .module)
                }.buttonStyle(.primary)
            case .setUp:
                Text("Nothing is set up yet. Choose the apps to shield and how they open.", bundle: .module)
                Button {
                    open(.profiles)
                } label: {
                    Text("Set up a profile", bundle: .module)
                }.buttonStyle(.primary)
            }
        }
    }
}

/// What shields now, and why.
@MainActor
struct ActiveCard: View {
    let rows: [HomeModel.Active]
    /// The phone's clock: an end on a later day says its weekday.
    let now: Date
    @Environment(\.calendar) private var calendar

    var body: some View {
        Card {
            Text("Active now", bundle: .module).font(.headline)
            ForEach(rows) { row in
                VStack(alignment: .leading, spacing: 2) {
                    Text.restriction(row.title).font(.body.weight(.medium)).foregroundStyle(Palette.text(for: row.path))
                    Text.reason(row.reason).font(.footnote).foregroundStyle(.secondary)
                    if let strictness = row.strictness {
                        Text("\(Text.strictness(strictness)): \(Text.strictnessMeaning(strictness))", bundle: .module)
                            .font(.footnote).foregroundStyle(.secondary)
                    }
                    if let endsAt = row.endsAt {
                        Text("Until \(endsAt, format: Text.endFormat(of: endsAt, from: now, calendar: calendar))", bundle: .module)
                            .font(.footnote).foregroundStyle(.secondary)
                    }
                }
                .accessibilityElement(children: .combine)
            }
        }
    }
}

/// Earned Access's Focus Bank (seed 002): the balance, and the focus that earns more.
@MainActor
struct BankCard: View {
    let credits: Int
    /// A session runs already: the primary card opens it.
    let focusing: Bool
    let open: (HomeDestination) -> Void

    var body: some View {
        Card {
            Text("Focus Bank", bundle: .module).font(.headline)
            Stat(value: Text(credits, format: .number), label: Text("\(credits) credits", bundle: .module))
            Text("Each minute you focus earns a credit; credits open what a mode holds.", bundle: .module)
                .font(.footnote).foregroundStyle(.secondary)
            if !focusing {
                Button {
                    open(.session)
                } label: {
                    Text("Start focusing", bundle: .module)
                }.buttonStyle(.primary)
            }
        }
    }
}

/// Today's numbers: those of the paths the person uses.
@MainActor
struct TodayCard: View {
    let today: HomeModel.Today
    let figures: HomeModel.Figures

    var body: some View {
        let stats = self.stats
        if !stats.isEmpty {
            Card {
                Text("Today", bundle: .module).font(.headline)
                ForEach(Array(stride(from: 0, to: stats.count, by: 3)), id: \.self) { start in
                    HStack(alignment: .top) {
                        ForEach(start..<min(start + 3, stats.count), id: \.self) { stats[$0] }
                    }
                }
            }
        }
    }

    private var stats: [Stat] {
        var stats: [Stat] = []
        if figures.focused { stats.append(Stat(value: Text.minutes(today.focusedSeconds), label: Text("focused", bundle: .module))) }
        if figures.sessions {
            stats.append(
                Stat(
                    value: Text(today.completedSessions, format: .number),
                    label: Text("\(today.completedSessions) sessions", bundle: .module)))
        }
        if figures.unlocks {
            let label =
                figures.unlocksArePrayers
                ? Text("\(today.unlocks) prayers", bundle: .module) : Text("\(today.unlocks) unlocks", bundle: .module)
            stats.append(Stat(value: Text(today.unlocks, format: .number), label: label))
        }
        if figures.xp {
            // NB: coins are kept in the ledger but have no use yet, so they are not shown (issue 34 item 3).
            stats.append(Stat(value: Text(today.balances.xp, format: .number), label: Text("XP", bundle: .module)))
        }
        if let minutes = today.screenTimeMinutes, let score = today.score, let points = today.points {
            stats.append(Stat(value: Text.minutes(TimeInterval(minutes * 60)), label: Text("screen time", bundle: .module)))
            stats.append(Stat(value: Text(score, format: .number), label: Text("score", bundle: .module)))
            stats.append(Stat(value: Text(points, format: .number), label: Text("screen-time points", bundle: .module)))
        }
        return stats
    }
}

/// The streaks worth keeping: those of the paths the person uses.
@MainActor
struct StreaksCard: View {
    let streaks: HomeModel.Streaks
    let figures: HomeModel.Figures
    @Environment(\.calendar) private var calendar

    var body: some View {
        let stats = self.stats
        if !stats.isEmpty || !streaks.unreportedDays.isEmpty {
            Card {
                Text("Streaks", bundle: .module).font(.headline)
                HStack(alignment: .top) { ForEach(stats.indices, id: \.self) { stats[$0] } }
                ForEach(streaks.unreportedDays, id: \.self) { day in
                    Text(
                        "\(Text(verbatim: calendar.weekdaySymbols[day.weekday.rawValue - 1])): screen time was not reported, so it neither kept nor broke your streak.",
                        bundle: .module
                    )
                    .font(.footnote).foregroundStyle(.secondary)
                }
            }
        }
    }

    private var stats: [Stat] {
        var stats: [Stat] = []
        if figures.prayerDays {
            stats.append(
                Stat(value: Text(streaks.prayerDays, format: .number), label: Text("\(streaks.prayerDays) days of prayer", bundle: .module))
            )
        }
        if figures.sessions {
            stats.append(
                Stat(value: Text(streaks.focusDays, format: .number), label: Text("\(streaks.focusDays) days of focus", bundle: .module)))
        }
        if let goal = streaks.goal {
            stats.append(Stat(value: Text(goal.days, format: .number), label: Text("\(goal.days) days under your limit", bundle: .module)))
            stats.append(Stat(value: Text(goal.lives, format: .number), label: Text("\(goal.lives) lives", bundle: .module)))
        }
        if let best = streaks.intentions.map(\.days).max() {
            stats.append(Stat(value: Text(best, format: .number), label: Text("\(best) days kept an intention", bundle: .module)))
        }
        return stats
    }
}

/// The Daily Review of yesterday (seed 001 §6): its screen time and score as Threshold counted
/// them, the goal, and the thumbs, which the app saves (the report extension cannot send data out).
@MainActor
struct ReviewCard: View {
    let review: HomeModel.DailyReview
    let rate: (ProgressRecord.DayReview.Rating) -> Void
    let openReview: () -> Void

    var body: some View {
        Card {
            Text("Daily Review", bundle: .module).font(.headline)
            if let minutes = review.minutes, let score = review.score {
                let seconds = TimeInterval(minutes * 60)
                Text("Yesterday: \(Text.minutes(seconds)) · score \(score)", bundle: .module)
            } else {
                Text("Yesterday's screen time was not reported.", bundle: .module)
            }
            if let under = review.underGoal {
                if under { Text("Under your limit. Well kept.", bundle: .module) } else { Text("Over your limit.", bundle: .module) }
            }
            switch review.rating {
            case .thumbsUp?: Text("You gave yesterday a thumbs up.", bundle: .module).foregroundStyle(.secondary)
            case .thumbsDown?: Text("You gave yesterday a thumbs down.", bundle: .module).foregroundStyle(.secondary)
            case nil: Text("How did yesterday feel?", bundle: .module).foregroundStyle(.secondary)
            }
            HStack {
                Button {
                    rate(.thumbsUp)
                } label: {
                    Label {
                        Text("Thumbs up", bundle: .module)
                    } icon: {
                        Image(systemName: review.rating == .thumbsUp ? "hand.thumbsup.fill" : "hand.thumbsup")
                    }
                }
                Button {
                    rate(.thumbsDown)
                } label: {
                    Label {
                        Text("Thumbs down", bundle: .module)
                    } icon: {
                        Image(systemName: review.rating == .thumbsDown ? "hand.thumbsdown.fill" : "hand.thumbsdown")
                    }
                }
            }
            .buttonStyle(.bordered)
            Button(action: openReview) { Text("Open the Daily Review", bundle: .module) }
        }
    }
}
