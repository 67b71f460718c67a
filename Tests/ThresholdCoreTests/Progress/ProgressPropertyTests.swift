import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ThresholdCore

/// The progress rules over a month of random days, and Beast Mode over random sequences of actions.
@Suite struct ProgressPropertyTests {
    /// A month of days: each with a number of opens, a screen-time reading, and maybe a freeze.
    struct Month: Sendable, CustomStringConvertible {
        let first: LocalDate
        let limit: Int
        let goal: Int
        let opens: [Int]
        let minutes: [Int]
        let frozen: [Bool]
        var description: String { "first=\(first) limit=\(limit) goal=\(goal) opens=\(opens) minutes=\(minutes) frozen=\(frozen)" }
    }

    static let months = Generator(run: { rng -> Month in
        let days = Int.random(in: 28...31, using: &rng)
        return Month(
            first: LocalDate(dayNumber: 20_000 + Int.random(in: 0..<400, using: &rng)),
            limit: Int.random(in: 1...5, using: &rng),
            goal: Int.random(in: 1...16, using: &rng) * 60,
            opens: (0..<days).map { _ in Int.random(in: 0...7, using: &rng) },
            minutes: (0..<days).map { _ in Int.random(in: 0...32, using: &rng) * 30 },
            frozen: (0..<days).map { _ in Int.random(in: 0..<6, using: &rng) == 0 })
    })

    @Test func aMonthOfRandomDays_streaksNeverGoNegative_andAFreezeNeverBreaksOne() async {
        await propertyCheck(count: 300, input: Self.months) { month in
            var intention = 0
            var goal = GoalStreak.starting(on: month.first)
            for (index, opens) in month.opens.enumerated() {
                let day = month.first.adding(days: index)
                let next = IntentionStreaks.next(intention, opens: opens, limit: month.limit, frozen: month.frozen[index])
                #expect(next >= 0)
                if month.frozen[index] || opens <= month.limit { #expect(next == intention + 1, "\(month)") } else { #expect(next == 0) }
                intention = next
                let counted = goal.counting(day, minutes: month.minutes[index], goalMinutes: month.goal)
                #expect(counted.days >= 0 && (0...GoalStreak.maximumLives).contains(counted.lives), "\(month)")
                #expect(counted.days == goal.days + 1 || counted.days == goal.days || counted.days == 0)
                goal = counted
            }
            // Folding day by day and rolling at once agree.
            let rolled = IntentionStreaks.roll(
                IntentionStreak(intentionID: "i", days: 0, through: month.first.adding(days: -1)),
                to: month.first.adding(days: month.opens.count), limit: month.limit,
                opens: { month.opens[$0.dayNumber - month.first.dayNumber] },
                frozen: { month.frozen[$0.dayNumber - month.first.dayNumber] })
            #expect(rolled.days == intention)
            let rolledGoal = GoalStreak.starting(on: month.first).rolled(
                to: month.first.adding(days: month.minutes.count), goalMinutes: month.goal,
                minutes: { month.minutes[$0.dayNumber - month.first.dayNumber] })
            #expect(rolledGoal == goal)
        }
    }

    // MARK: Credits

    /// Random sessions ending in random ways, and random spends: the balance never goes below zero,
    /// and a spend it cannot pay is refused whole.
    @Test func credits_neverGoNegative() async {
        let steps = Generator(run: { rng -> [(minutes: Int, state: EndState?, spend: Int)] in
            (0..<Int.random(in: 1...40, using: &rng)).map { _ in
                (
                    Int.random(in: 0...180, using: &rng), [EndState.completed, .gaveUp, .canceled, nil].randomElement(using: &rng)!,
                    FocusBank.unlockOptions.randomElement(using: &rng)! * Int.random(in: 1...2, using: &rng)
                )
            }
        })
        await propertyCheck(count: 300, input: steps) { steps in
            var balances = Balances()
            let start = at("2026-11-23 08:00")
            for (index, step) in steps.enumerated() {
                if let state = step.state {
                    let session = Session.make(SessionID("s\(index)"), profile: "p", origin: .manual, start: start)
                    let reward = SessionReward(
                        for: session, ending: .init(at: start.adding(minutes: Double(step.minutes)), state: state), profile: nil)
                    for entry in reward.entries(memo: "earned") { balances = try balances.applying(entry) }
                } else {
                    let spend = try LedgerEntry(account: .credits, amount: -step.spend, memo: "spent")
                    do {
                        balances = try balances.applying(spend)
                    } catch let refusal as ValidationError {
                        #expect(balances.credits < step.spend, "refused with enough credits: \(refusal)")
                    }
                }
                #expect(balances.credits >= 0 && balances.xp >= 0 && balances.coins >= 0)
            }
        }
    }

    // MARK: Beast Mode

    enum Action: Sendable, CustomStringConvertible {
        case wait(minutes: Int)
        case end
        case takeBreak
        case resume
        case grant(RitualKind)
        case restart
        case settle

        var description: String {
            switch self {
            case .wait(let minutes): "wait \(minutes)m"
            case .end: "end"
            case .takeBreak: "break"
            case .resume: "resume"
            case .grant(let kind): "grant \(kind.rawValue)"
            case .restart: "start again"
            case .settle: "settle"
            }
        }
    }

    static let actions = Generator(run: { rng -> (plan: Int, actions: [Action]) in
        let plan = Int.random(in: 0...1, using: &rng)
        let actions = (0..<Int.random(in: 1...40, using: &rng)).map { _ -> Action in
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: .wait(minutes: Int.random(in: 0...25, using: &rng))
            case 1: .end
            case 2: .takeBreak
            case 3: .resume
            case 4: .grant(RitualKind.allCases.randomElement(using: &rng)!)
            case 5: .restart
            default: .settle
            }
        }
        return (plan, actions)
    })

    /// Whatever the person does, from whichever path, a Beast Mode session shields its apps until
    /// its goal or end time and is never written down as ended before it.
    @Test func beastMode_neverEndsEarly_underAnySequenceOfActions() async {
        let rig = CommandRig()
        let beast = Profile.make("beast", path: .present, selection: .apps("tiktok"), strictness: .locked, unlockPolicy: .earnedAccess)
        await propertyCheck(count: 200, input: Self.actions) { input in
            let start = at("2026-11-23 10:00")
            let plan: SessionPlan = input.plan == 0 ? .goal(minutes: 60) : .until(start.adding(minutes: 90))
            let finish = input.plan == 0 ? start.adding(minutes: 60) : start.adding(minutes: 90)
            var state = ThresholdState.make(profiles: [beast])
            try rig.apply(StartSession(profile: "beast", plan: plan), to: &state, at: start)
            var now = start
            var last = start
            for action in input.actions {
                switch action {
                case .wait(let minutes): now = now.adding(minutes: Double(minutes))
                case .end: rig.attempt(EndSession(profile: "beast"), on: &state, at: now)
                case .takeBreak: rig.attempt(TakeBreak(profile: "beast"), on: &state, at: now)
                case .resume: rig.attempt(EndBreak(profile: "beast"), on: &state, at: now)
                case .grant(let kind):
                    rig.attempt(IssueGrant(minutes: 30, origin: .ritual(kind)), on: &state, at: now)
                    rig.attempt(SpendCredits(minutes: 30), on: &state, at: now)
                case .restart: rig.attempt(StartSession(profile: "beast", plan: .goal(minutes: 5)), on: &state, at: now)
                case .settle:
                    _ = try rig.apply(SettleSessions(since: last), to: &state, at: now)
                    last = now
                }
                let first = try #require(state.sessions.first { $0.start == start })
                if let ending = first.ending { #expect(ending.at >= finish, "ended at \(ending.at) after \(input.actions)") }
                if now < finish {
                    #expect(
                        evaluate(state, at: now, calendar: rig.calendar).shields(app: AppToken("tiktok")),
                        "unshielded at \(now) after \(input.actions)")
                }
            }
        }
    }
}
