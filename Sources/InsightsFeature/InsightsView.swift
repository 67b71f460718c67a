import Charts
import DesignSystem
import DeviceActivity
import ReportExtension
import SelectionFeature
import SwiftUI
import ThresholdCore

/// Insights and history (``InsightsModel``): today's screen time (drawn by the report extension,
/// the only place iOS shows it), the week's focus as a chart, 30 days of sessions, the session
/// log and the prayers.
@MainActor
public struct InsightsView: View {
    let model: InsightsModel
    /// Opens the Daily Review of yesterday, as its reminder does.
    let openReview: () -> Void

    public init(model: InsightsModel, openReview: @escaping () -> Void) {
        self.model = model
        self.openReview = openReview
    }

    public var body: some View {
        NavigationStack {
            List {
                if let problem = model.problem { ProblemBanner(problem) }
                // The paths the person uses lead, each with its own figures; no other path's show.
                if model.showsPrayers {
                    Section {
                        NavigationLink {
                            PrayerHistoryList(history: model.prayers)
                        } label: {
                            Text("Prayer history", bundle: .module)
                        }
                    }
                }
                LookUpsSection(lookUps: model.lookUps)
                if model.showsScreenTime {
                    Section {
                        DeviceActivityReport(.daily, filter: DeviceActivityFilter(segment: .daily(during: model.today))).frame(
                            minHeight: 220)
                    } header: {
                        Text("Today's screen time", bundle: .module)
                    }
                    Section {
                        // NB: the Daily Review is of yesterday, so its report gets yesterday's interval.
                        DeviceActivityReport(.daily, filter: DeviceActivityFilter(segment: .daily(during: model.yesterday))).frame(
                            minHeight: 220)
                        Button(action: openReview) { Text("Yesterday's Daily Review", bundle: .module) }
                        ReviewsList(reviews: model.reviews)
                    } header: {
                        Text("Daily reviews", bundle: .module)
                    }
                } else if model.showsReviews {
                    // Present is no longer used: the reviews given stay.
                    Section {
                        ReviewsList(reviews: model.reviews)
                    } header: {
                        Text("Daily reviews", bundle: .module)
                    }
                }
                if model.showsSessions {
                    WeekSection(model: model)
                    // The week shown above: its credits earned and spent (Earned Access's).
                    if model.showsCredits { CreditsSection(ledger: model.credits, isThisWeek: model.isThisWeek) }
                    if let stats = model.stats { MonthSection(stats: stats, model: model) }
                }
            }
            .navigationTitle(Text("Insights", bundle: .module))
        }
        .onAppear { model.load() }
    }
}

/// The Daily Reviews given, newest first: the day and its thumb.
@MainActor
struct ReviewsList: View {
    let reviews: [ProgressRecord.DayReview]

    var body: some View {
        ForEach(reviews, id: \.day) { review in
            (Text.day(review.day) + Text(verbatim: " · ")
                + (review.rating == .thumbsUp ? Text("thumbs up", bundle: .module) : Text("thumbs down", bundle: .module)))
                .font(.callout)
        }
    }
}

/// How often the person looked up over the last 30 days: Challenge's games completed, by game.
/// Shown once there is one.
@MainActor
struct LookUpsSection: View {
    let lookUps: LookUps

    var body: some View {
        if lookUps.total > 0 {
            Section {
                ForEach(lookUps.byKind, id: \.kind) { row in
                    LabeledContent {
                        Text("\(row.count) times", bundle: .module)
                    } label: {
                        Text.challenge(row.kind)
                    }
                }
            } header: {
                Text("Challenges completed, last \(LookUps.days) days", bundle: .module)
            } footer: {
                Text("\(lookUps.total) challenges completed in all. Playing for fun is not counted.", bundle: .module)
            }
        }
    }
}

/// Earned Access's Focus Bank over the week shown: the credits earned and spent, then each
/// movement, newest first, with what it was for.
@MainActor
struct CreditsSection: View {
    let ledger: CreditsLedger
    let isThisWeek: Bool

    var body: some View {
        Section {
            if ledger.isEmpty {
                (isThisWeek
                    ? Text("No credits earned or spent this week.", bundle: .module)
                    : Text("No credits earned or spent that week.", bundle: .module))
                    .foregroundStyle(.secondary)
            } else {
                LabeledContent {
                    Text("\(ledger.earned) credits", bundle: .module)
                } label: {
                    Text("Earned", bundle: .module)
                }
                LabeledContent {
                    Text("\(ledger.spent) credits", bundle: .module)
                } label: {
                    Text("Spent", bundle: .module)
                }
                ForEach(Array(ledger.lines.enumerated()), id: \.offset) { _, line in
                    LabeledContent {
                        line.amount > 0 ? Text("+\(line.amount)", bundle: .module) : Text("−\(-line.amount)", bundle: .module)
                    } label: {
                        VStack(alignment: .leading) {
                            if case .unlock(_, let item?)? = line.reason { TokenLabel(item).font(.subheadline.weight(.medium)) }
                            Self.reason(line)
                            Text(line.at, format: .dateTime.weekday(.abbreviated).hour().minute()).font(.caption).foregroundStyle(
                                .secondary)
                        }
                    }
                    .accessibilityElement(children: .combine)
                }
            }
        } header: {
            Text("Focus Bank credits", bundle: .module)
        } footer: {
            Text("Credits come from the focus sessions you start, and go on the unlocks you choose.", bundle: .module)
        }
    }

    /// What a movement was for, in the phone's words.
    static func reason(_ line: CreditsLedger.Line) -> Text {
        switch line.reason {
        case .session(let profile?, .completed, let seconds)?:
            Text("\(Text(verbatim: profile)) · \(Text.minutes(seconds)) focused", bundle: .module)
        case .session(let profile?, _, let seconds)?:
            Text("\(Text(verbatim: profile)), ended after \(Text.minutes(seconds)) focused", bundle: .module)
        case .session(nil, _, let seconds)?:
            Text("A session · \(Text.minutes(seconds)) focused", bundle: .module)
        case .unlock(let minutes, _)?:
            // NB: the app, when known, is named above by its token, as iOS draws it.
            Text("Unlocked for \(minutes) min", bundle: .module)
        case .tutorial?:
            Text("The tutorial", bundle: .module)
        case nil:
            line.amount > 0 ? Text("Earned", bundle: .module) : Text("Spent", bundle: .module)
        }
    }
}

/// The week's focus: a bar a day, the totals, and the way to other weeks.
@MainActor
struct WeekSection: View {
    let model: InsightsModel
    @Environment(\.calendar) private var calendar

    var body: some View {
        Section {
            if let insights = model.insights {
                Chart(Array(insights.focusedPerDay.enumerated()), id: \.offset) { day in
                    BarMark(
                        x: .value(Text("Day", bundle: .module), Self.dayName(insights.week.adding(days: day.offset), calendar: calendar)),
                        y: .value(Text("Minutes", bundle: .module), day.element / 60)
                    )
                    .foregroundStyle(Palette.ember)
                    .accessibilityLabel(Text(verbatim: Self.dayName(insights.week.adding(days: day.offset), calendar: calendar)))
                    .accessibilityValue(Text.minutes(day.element))
                }
                .frame(minHeight: 180)
                HStack(alignment: .top) {
                    Stat(value: Text.minutes(insights.focusedSeconds), label: Text("focused", bundle: .module))
                    Stat(value: Text(insights.completed, format: .number), label: Text("completed", bundle: .module))
                    Stat(value: Text(insights.gaveUp, format: .number), label: Text("given up", bundle: .module))
                }
                HStack(alignment: .top) {
                    Stat(value: Text(insights.breaks, format: .number), label: Text("breaks", bundle: .module))
                    Stat(value: Text(insights.attemptsResisted, format: .number), label: Text("shields resisted", bundle: .module))
                }
            }
        } header: {
            HStack {
                Button {
                    model.previousWeek()
                } label: {
                    Image(systemName: "chevron.left")
                }
                .accessibilityLabel(Text("Previous week", bundle: .module))
                Spacer()
                Text("Week of", bundle: .module) + Text(verbatim: " ") + Text.day(model.week, weekday: false)
                Spacer()
                Button {
                    model.nextWeek()
                } label: {
                    Image(systemName: "chevron.right")
                }
                .disabled(model.isThisWeek)
                .accessibilityLabel(Text("Next week", bundle: .module))
            }
        }
    }

    /// "Mon", "Tue", … for a day.
    static func dayName(_ day: LocalDate, calendar: Calendar) -> String {
        let symbols = calendar.shortWeekdaySymbols
        return symbols[(day.weekday.rawValue - 1) % symbols.count]
    }
}

/// Thirty days of sessions: completed per day, the record, the longest, and the log.
@MainActor
struct MonthSection: View {
    let stats: SessionStats
    let model: InsightsModel

    var body: some View {
        Section {
            Chart(stats.completedPerDay, id: \.day) { day in
                BarMark(
                    x: .value(Text("Day", bundle: .module), day.day.dayNumber),
                    y: .value(Text("Sessions", bundle: .module), day.count)
                )
                .foregroundStyle(Palette.sage)
                .accessibilityLabel(Text.day(day.day))
                .accessibilityValue(Text("\(day.count) completed", bundle: .module))
            }
            .chartXAxis(.hidden)
            .frame(minHeight: 120)
            if let record = stats.recordDay {
                (Text("Personal record:", bundle: .module) + Text(verbatim: " ") + Text.day(record.day) + Text(verbatim: " · ")
                    + Text.minutes(record.seconds))
                    .font(.callout)
            }
            (Text("Focus-day streak:", bundle: .module) + Text(verbatim: " \(stats.focusDayStreak)")).font(.callout)
            if let longest = stats.longestSession {
                (Text("Longest session:", bundle: .module) + Text(verbatim: " \(longest.title) · ") + Text.minutes(longest.focusedSeconds))
                    .font(.callout)
            }
            NavigationLink {
                SessionHistoryList(model: model)
            } label: {
                Text("Session history", bundle: .module)
            }
        } header: {
            Text("Last 30 days", bundle: .module)
        }
    }
}

/// The session log, newest first, a page at a time back to the first session: each with its
/// name, start and end, how it ended, its goal and extra time, focus, breaks and how it began.
@MainActor
struct SessionHistoryList: View {
    let model: InsightsModel

    var body: some View {
        List {
            ForEach(model.history) { entry in row(entry) }
            if model.hasEarlierSessions {
                Button {
                    model.showEarlierSessions()
                } label: {
                    Text("Show earlier sessions", bundle: .module)
                }
            }
        }
        .overlay {
            if model.history.isEmpty {
                EmptyState(
                    Text("No sessions yet", bundle: .module), message: Text("Finished sessions show here.", bundle: .module),
                    systemImage: "clock")
            }
        }
        .navigationTitle(Text("Session history", bundle: .module))
    }

    private func row(_ entry: SessionHistoryEntry) -> some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(verbatim: entry.title).font(.body.weight(.medium))
            (Text(entry.start, format: .dateTime.weekday().day().hour().minute()) + Text(verbatim: " – ")
                + Text(entry.end, format: .dateTime.hour().minute()) + Text(verbatim: " · ") + Text.ending(entry.state))
                .font(.footnote).foregroundStyle(.secondary)
            (Text.minutes(entry.focusedSeconds) + Text(verbatim: " · ") + Text("\(entry.breaks) breaks", bundle: .module)
                + Text(verbatim: ", ") + Text.minutes(entry.breakSeconds) + Text(verbatim: " · ") + Text.origin(entry.origin))
                .font(.footnote).foregroundStyle(.secondary)
            if let goal = entry.goalMinutes {
                (Text("Goal \(goal) min", bundle: .module)
                    + (entry.extraSeconds > 0
                        ? Text(verbatim: " · +") + Text.minutes(entry.extraSeconds) + Text(verbatim: " ") + Text("extra", bundle: .module)
                        : Text(verbatim: "")))
                    .font(.footnote).foregroundStyle(.secondary)
            }
        }
        .accessibilityElement(children: .combine)
    }
}

/// Selah's prayers by day: the time, the mood, the prayer's title and its verse. Each prayer's day
/// and time are read in the zone it was said in, named when it is not the device's now.
@MainActor
public struct PrayerHistoryList: View {
    let history: PrayerHistory
    @Environment(\.timeZone) private var deviceZone

    public init(history: PrayerHistory) { self.history = history }

    public var body: some View {
        List {
            ForEach(history.days, id: \.day) { day in
                Section {
                    ForEach(day.prayers, id: \.self) { prayer in
                        VStack(alignment: .leading, spacing: 2) {
                            Text(prayer.at, format: Self.timeOfDay(in: prayer.timeZone, naming: prayer.timeZone != deviceZone))
                                .font(.footnote).foregroundStyle(.secondary)
                            if let mood = prayer.mood { Text.mood(mood) }
                            if let title = prayer.title { ContentText(title).font(.body.weight(.medium)) }
                            if let verse = prayer.verse { ContentText(verse).font(.footnote).foregroundStyle(Palette.prayer) }
                        }
                        .accessibilityElement(children: .combine)
                    }
                } header: {
                    Text.day(day.day)
                }
            }
        }
        .overlay {
            if history.days.isEmpty {
                EmptyState(
                    Text("No prayers yet", bundle: .module), message: Text("Prayers you finish show here.", bundle: .module),
                    systemImage: "book.closed")
            }
        }
        .navigationTitle(Text("Prayer history", bundle: .module))
    }

    /// The time of day in `zone` ("8:00 AM"), with the zone's name ("8:00 AM EST") when `naming`.
    static func timeOfDay(in zone: TimeZone, naming: Bool) -> Date.FormatStyle {
        let time = Date.FormatStyle(timeZone: zone).hour().minute()
        return naming ? time.timeZone(.specificName(.short)) : time
    }
}
