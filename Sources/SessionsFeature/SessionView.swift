import DesignSystem
import SwiftUI
import ThresholdCore

/// The session screen (``SessionModel``): start one, its timer, a break, giving up (Beast Mode's
/// refusal shown in its own words), the goal reached and what the session earned.
@MainActor
public struct SessionView: View {
    @Bindable var model: SessionModel
    @Environment(\.showPaywall) private var showPaywall

    public init(model: SessionModel) { self.model = model }

    public var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: 16) {
                    if let problem = model.problem { ProblemBanner(problem) }
                    if model.problemNeedsPro, let showPaywall {
                        Button {
                            showPaywall()
                        } label: {
                            Text("See Threshold Pro", bundle: .module)
                        }.buttonStyle(.bordered)
                    }
                    if let ending = model.lastEnding { EndingCard(ending: ending) { model.dismissEnding() } }
                    if let running = model.running {
                        ForEach(model.sessions) { each in
                            RunningSession(model: model, running: each, isNewest: each.id == model.sessions.first?.id)
                        }
                        // The Unblock quick action asks, as the newest session's End button would say it.
                        .alert(
                            Text("End \(Text(verbatim: running.title)) now?", bundle: .module),
                            isPresented: Binding(get: { model.askingToEnd }, set: { if !$0 { model.keepGoing() } })
                        ) {
                            Button(role: .destructive) {
                                model.end()
                            } label: {
                                Text.endLabel(model.endingNow, scheduled: model.scheduled?.name)
                            }
                            Button(role: .cancel) {
                                model.keepGoing()
                            } label: {
                                Text("Keep going", bundle: .module)
                            }
                        } message: {
                            Text.endHint(model.endingNow)
                        }
                    } else {
                        StartPanel(model: model)
                    }
                }
                .padding()
            }
            .navigationTitle(Text("Session", bundle: .module))
        }
        .onAppear { model.load() }
        .alert(
            model.confirming.map { Text.startTitle($0.confirmation) } ?? Text(verbatim: ""),
            isPresented: Binding(get: { model.confirming != nil }, set: { if !$0 { model.declineStart() } })
        ) {
            Button {
                model.confirmStart()
            } label: {
                Text("Start Beast Mode", bundle: .module)
            }
            Button(role: .cancel) {
                model.declineStart()
            } label: {
                Text("Not now", bundle: .module)
            }
        } message: {
            if let confirming = model.confirming {
                Text.startMessage(confirming.confirmation, now: confirming.asked)
            }
        }
        // A break's end, the goal, the end time and the next break's return change what the screen
        // shows (the phase, what End records, Take a break): the state is read again when the next
        // of them comes.
        .background {
            Reload(
                at: model.sessions.flatMap { [$0.content.breakUntil, $0.content.goalAt, $0.content.endsAt, $0.content.breakReturnsAt] }
                    .compactMap { $0 }
            ) { model.load() }
        }
    }
}

/// One profile on: its timer and the buttons that change it. The newest shows its ring; any
/// other on beside it shows as a card with its clock, each with its own Break and End.
@MainActor
struct RunningSession: View {
    let model: SessionModel
    let running: SessionModel.Running
    let isNewest: Bool
    @Environment(\.calendar) private var calendar

    var body: some View {
        if isNewest {
            VStack(spacing: 20) {
                Text(verbatim: running.content.title).font(.title2.weight(.semibold)).frame(maxWidth: .infinity)
                // NB: the controls are inside the timeline too: what End records changes as the
                // cancel window and the goal pass, with nothing else on screen changing.
                TimelineView(.periodic(from: .now, by: 1)) { context in
                    ring(running.timer(at: context.date))
                    controls(ending: running.ending(at: context.date))
                }
            }
        } else {
            Card {
                TimelineView(.periodic(from: .now, by: 1)) { context in
                    let timer = running.timer(at: context.date)
                    HStack(alignment: .firstTextBaseline) {
                        VStack(alignment: .leading, spacing: 2) {
                            Text(verbatim: running.content.title).font(.headline)
                            HStack(spacing: 4) {
                                if timer.phase == .onBreak { Image(systemName: "cup.and.saucer.fill").accessibilityHidden(true) }
                                Text.phase(timer.phase, rest: timer.isRest)
                            }
                            .font(.subheadline).foregroundStyle(timer.phase == .onBreak ? Palette.calm : .secondary)
                        }
                        Spacer()
                        Text.clock(timer.shown).font(.title3.weight(.semibold)).monospacedDigit()
                            .accessibilityLabel(Text.spoken(timer.shown))
                    }
                    .accessibilityElement(children: .combine)
                    controls(ending: running.ending(at: context.date))
                }
            }
        }
    }

    private func ring(_ timer: SessionTimer) -> some View {
        // A break looks like a break: the calm colour and a cup, not the session's own colour.
        let tint = timer.phase == .onBreak ? Palette.calm : Palette.tint(for: running.profile.path)
        let shown = timer.shown
        return TimerRing(
            fraction: timer.fraction, tint: tint,
            label: timer.countsDown
                ? Text("Time left", bundle: .module)
                : timer.showsExtra ? Text("Extra time", bundle: .module) : Text("Time focused", bundle: .module),
            value: Text.spoken(shown)
        ) {
            VStack(spacing: 6) {
                if timer.phase == .onBreak {
                    Image(systemName: "cup.and.saucer.fill").foregroundStyle(Palette.calm).accessibilityHidden(true)
                }
                Text.phase(timer.phase, rest: timer.isRest).font(.headline).foregroundStyle(.secondary)
                Text.clock(shown).font(.largeTitle.weight(.semibold)).monospacedDigit().minimumScaleFactor(0.5)
                if timer.showsExtra {
                    // NB: the clock above is the extra time, as the Live Activity counts it.
                    Text("Extra time", bundle: .module).font(.subheadline).foregroundStyle(Palette.celebration)
                } else if let extra = timer.extra {
                    (Text("Extra time", bundle: .module) + Text(verbatim: " +") + Text.clock(extra))
                        .font(.subheadline).foregroundStyle(Palette.celebration)
                }
            }
        }
        .frame(maxWidth: .infinity)
    }

    @ViewBuilder private func controls(ending: EndState?) -> some View {
        let profile = running.profile.id
        VStack(spacing: 12) {
            if running.content.phase == .onBreak {
                Button {
                    model.endBreak(profile)
                } label: {
                    Text("Back to focus", bundle: .module)
                }.buttonStyle(.primary)
            } else {
                Button {
                    model.takeBreak(profile)
                } label: {
                    Text("Take a break", bundle: .module)
                }
                .buttonStyle(.bordered)
                .disabled(running.breakRefusal != nil)
                if let refusal = running.breakRefusal { ProblemText(refusal).font(.footnote).foregroundStyle(.secondary) }
                if let quota = running.quota, quota.allowed > 0 {
                    Text.breaksLeft(quota).font(.footnote).foregroundStyle(.secondary)
                }
            }
            if let scheduled = running.scheduled, ending != .completed {
                // Ending a schedule's span early ends today's only: said as what it is.
                Button(role: .destructive) {
                    model.end(profile)
                } label: {
                    Text.endLabel(ending, scheduled: scheduled.name)
                }
                .buttonStyle(.bordered)
                .disabled(running.endRefusal != nil)
                if let returns = scheduled.returns {
                    Text(
                        "\(Text(verbatim: scheduled.name)) starts again \(Text.when(returns, from: model.now, calendar: calendar)).",
                        bundle: .module
                    )
                    .font(.footnote).foregroundStyle(.secondary)
                }
            } else {
                Button(role: .destructive) {
                    model.end(profile)
                } label: {
                    Text.endLabel(ending, scheduled: nil)
                }
                .buttonStyle(.bordered)
                .disabled(running.endRefusal != nil)
                .accessibilityHint(Text.endHint(ending))
            }
            if let refusal = running.endRefusal { ProblemBanner(refusal, systemImage: "lock.fill") }
        }
    }
}

extension Text {
    /// What ending the session now records, as its End button says it; ending a schedule's span
    /// (`scheduled`, its name) before it completes ends today's only, and says so.
    static func endLabel(_ ending: EndState?, scheduled: String?) -> Text {
        if let scheduled, ending != .completed { return Text("End today's \(Text(verbatim: scheduled))", bundle: .module) }
        return switch ending {
        case .completed?: Text("Complete session", bundle: .module)
        case .gaveUp?: Text("Give up", bundle: .module)
        case .canceled?, nil: Text("End session", bundle: .module)
        }
    }

    /// What that ending means for the session.
    static func endHint(_ ending: EndState?) -> Text {
        switch ending {
        case .gaveUp?: Text("Ends before the goal; the session counts as given up.", bundle: .module)
        case .completed?: Text("Ends the session and records what it earned.", bundle: .module)
        case .canceled?, nil: Text("Ends the session; in its first moments it counts as canceled.", bundle: .module)
        }
    }
}

/// Start a session: a profile and how long.
@MainActor
struct StartPanel: View {
    let model: SessionModel
    @State private var chosen: ProfileID?
    @State private var minutes = SessionModel.defaultGoal
    @State private var openEnded = false
    @State private var kind = Kind.goal
    @State private var length = 25
    /// The end time picked; until one is, an hour from now.
    @State private var endsAt: Date?

    /// How the session is bounded, besides "Until I end it".
    enum Kind: Hashable { case goal, length, endTime }

    var body: some View {
        if model.startable.isEmpty {
            EmptyState(
                Text("No session profiles yet", bundle: .module),
                message: Text("Make a Present or Key profile under Profiles to start a session.", bundle: .module),
                systemImage: "timer")
        } else {
            Card {
                Text("Start a session", bundle: .module).font(.headline)
                Picker(selection: $chosen) {
                    ForEach(model.startable, id: \.id) { profile in
                        Text(verbatim: "\(profile.emoji) \(profile.name)").tag(Optional(profile.id))
                    }
                } label: {
                    Text("Profile", bundle: .module)
                }
                Toggle(isOn: $openEnded) { Text("Until I end it", bundle: .module) }
                if !openEnded {
                    Picker(selection: $kind) {
                        Text("Goal", bundle: .module).tag(Kind.goal)
                        Text("Length", bundle: .module).tag(Kind.length)
                        Text("End time", bundle: .module).tag(Kind.endTime)
                    } label: {
                        Text("How long", bundle: .module)
                    }
                    .pickerStyle(.segmented)
                    switch kind {
                    case .goal:
                        minutesPicker($minutes, SessionModel.goalChoices) { Text("Goal", bundle: .module) }
                    case .length:
                        minutesPicker($length, SessionLength.choices) { Text("Ends by itself after", bundle: .module) }
                    case .endTime:
                        DatePicker(
                            selection: Binding(get: { endsAt ?? model.suggestedEndTime }, set: { endsAt = $0 }),
                            displayedComponents: .hourAndMinute
                        ) { Text("Ends at", bundle: .module) }
                    }
                }
                Button {
                    guard let profile = chosen ?? model.startable.first?.id else { return }
                    model.start(profile, choice)
                } label: {
                    Text("Start", bundle: .module)
                }
                .buttonStyle(.primary)
                .disabled(model.startNeedingPro != nil && model.startNeedingPro == (chosen ?? model.startable.first?.id))
            }
            .onAppear { if chosen == nil { choose(model.startable.first?.id) } }
            .onChange(of: chosen) { _, profile in choose(profile) }
        }
    }

    /// Picks a profile and how its session is bounded first: a Key profile's session has a
    /// length and ends by itself (seed 004); Present's has a goal (seed 001).
    private func choose(_ profile: ProfileID?) {
        if chosen != profile { chosen = profile }
        let path = model.startable.first { $0.id == profile }?.path
        kind = path == .key ? .length : .goal
    }

    /// A menu of minutes ("25 min"), for a goal or a length.
    private func minutesPicker(_ selection: Binding<Int>, _ choices: [Int], label: () -> Text) -> some View {
        Picker(selection: selection) {
            ForEach(choices, id: \.self) { choice in
                Text("\(choice) min", bundle: .module).tag(choice)
            }
        } label: {
            label()
        }
        .pickerStyle(.menu)
    }

    /// The length chosen in the panel.
    private var choice: SessionModel.PlanChoice {
        if openEnded { return .openEnded }
        switch kind {
        case .goal: return .goal(minutes: minutes)
        case .length: return .minutes(length)
        case .endTime: return model.endTime(at: endsAt ?? model.suggestedEndTime)
        }
    }
}

/// How the last session ended and what it earned, until dismissed.
@MainActor
struct EndingCard: View {
    let ending: SessionEnding
    let dismiss: () -> Void
    private var state: EndState { ending.state }

    var body: some View {
        Card {
            HStack {
                Text.ending(state).font(.headline).foregroundStyle(state == .completed ? Palette.celebration : Color.primary)
                Spacer()
                Button(action: dismiss) {
                    Image(systemName: "xmark.circle.fill").foregroundStyle(.secondary)
                }
                .accessibilityLabel(Text("Dismiss", bundle: .module))
            }
            if let focused = ending.focusedSeconds { Text("\(Text.minutes(focused)) focused", bundle: .module).font(.callout) }
            // NB: coins have no use yet: not shown (issue 34 item 3).
            ForEach(ending.earned.filter { $0.account != .coins }, id: \.self) { Text.earned($0).font(.callout) }
        }
    }
}

extension Text {
    /// One amount a session earned: "+5 XP", "+1 coin", "+20 credits".
    static func earned(_ earning: SessionEnding.Earning) -> Text {
        switch earning.account {
        case .xp: Text("+\(earning.amount) XP", bundle: .module)
        case .coins: Text("+\(earning.amount) coins", bundle: .module)
        case .credits: Text("+\(earning.amount) credits", bundle: .module)
        }
    }
}
