import Foundation
import ThresholdCore

/// The soak's person: picks, each step, one of the things a person does with the phone, at
/// random from a seeded generator, written as a scenario step (`pray`, `start: focus`,
/// `advance: 25m` …) so the timeline reads like a scenario and a step can be replayed by hand.
///
/// Every path of the soak's set-up is reachable: the Selah and Challenge gates, the Earned
/// Access mode (credits, quests, an emergency), the Present and Key profiles with their breaks,
/// the intention, the streak freeze, the shields' buttons and notifications; and the device's
/// own controls: time passing, restarts, kills, the clock and the time zone moved, the saved data
/// failing, a Focus, Settings' switches.
struct SoakPerson {
    private var random: SplitMix64
    /// Whether the person last made the saved data fail (so that it recovers soon after).
    private(set) var storeFailing = false
    /// Whether the person last turned Screen Time access off (so that it comes back soon after).
    private var accessOff = false
    private var focusOn = false

    static let apps = ["instagram", "tiktok", "youtube", "chess", "reddit", "x", "netflix", "candycrush", "mail", "safari", "maps"]
    static let profiles = ["work", "focus", "desk"]
    static let timeZones = ["America/New_York", "Europe/London", "Asia/Tokyo", "America/Los_Angeles", "Australia/Sydney"]

    /// Consecutive seeds are mixed first: SplitMix64 from seeds n and n + 1 would otherwise
    /// walk the same sequence a step apart.
    init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        random = SplitMix64(seed: mixer.next())
    }

    /// What the person does next: one step, or two that belong together (an app opened, then used).
    mutating func next() -> [String] {
        if storeFailing, chance(0.3) { storeFailing = false; return ["store-recovers"] }
        if accessOff, chance(0.3) { accessOff = false; return ["authorization: approved"] }
        let app = pick(Self.apps)
        let profile = pick(Self.profiles)
        switch weighted([
            ("open", 18), ("use", 6), ("advance", 22), ("pray", 4), ("challenge", 2), ("credits", 2), ("quest", 2),
            ("emergency", 1), ("start", 3), ("end", 2), ("break", 2), ("resume", 1), ("tap-key", 2),
            ("open-intention", 2), ("use-streak-freeze", 1), ("press", 3), ("tap-notification", 2),
            ("open-threshold", 6), ("leave-threshold", 2), ("kill-app", 3), ("reboot", 1), ("set-clock", 1),
            ("set-timezone", 1), ("store-fails", 1), ("focus", 1), ("notifications", 1), ("authorization", 1),
        ]) {
        case "open": return ["open: \(app)"]
        case "use": return ["open: \(app)", "use: {app: \(app), for: \(int(1...40))m}"]
        case "advance": return ["advance: \(advance())"]
        case "pray": return chance(0.5) ? ["pray"] : ["pray: \(pick(Mood.allCases).rawValue)"]
        case "challenge": return ["challenge: \(pick(["math", "tic-tac-toe"]))"]
        case "credits": return ["credits: \(pick([5, 15, 30]))"]
        case "quest": return ["quest: \(pick(["breathing", "copy-text"]))"]
        case "emergency": return ["emergency"]
        case "start":
            let which = pick(["focus", "desk", "work"])
            switch int(0...3) {
            case 0: return ["start: \(which)"]
            case 1: return ["start: {profile: \(which), goal: \(pick([15, 30, 45, 90]))m}"]
            case 2: return ["start: {profile: \(which), origin: \(pick(["manual", "shortcut", "key"]))}"]
            default: return ["start: {profile: \(which), until: \"+\(int(1...4))h\"}"]
            }
        case "end": return ["end: {profile: \(profile), via: \(pick(EndPath.allCases).rawValue)}"]
        case "break": return ["break: \(profile)"]
        case "resume": return ["resume: \(profile)"]
        case "tap-key":
            return chance(0.6) ? ["tap-key: desk", "choose: \(pick(KeyChoice.allCases).rawValue)"] : ["tap-key: desk"]
        case "open-intention": return ["open-intention: {app: safari, confirm: \(chance(0.5))}"]
        case "use-streak-freeze": return ["use-streak-freeze"]
        case "press": return ["press: {app: \(app), button: \(pick(["primary", "secondary"]))}"]
        case "tap-notification": return ["tap-notification"]
        case "open-threshold": return ["open-threshold"]
        case "leave-threshold": return ["leave-threshold"]
        case "kill-app": return ["kill-app"]
        case "reboot": return ["reboot"]
        case "set-clock":
            let minutes = pick([1, 5, 20, 45, 60, 90, 180])
            return ["set-clock: \"\(chance(0.5) ? "+" : "-")\(minutes)m\""]
        case "set-timezone": return ["set-timezone: \(pick(Self.timeZones))"]
        case "store-fails": storeFailing = true; return ["store-fails"]
        case "focus": focusOn.toggle(); return ["focus: \(focusOn ? "on" : "off")"]
        case "notifications": return ["notifications: \(pick(["allowed", "allowed", "denied"]))"]
        default:
            accessOff = chance(0.5)
            return ["authorization: \(accessOff ? pick(["denied", "notDetermined"]) : "approved")"]
        }
    }

    /// Mostly minutes, sometimes an hour or two, now and then a night.
    private mutating func advance() -> String {
        switch int(0...9) {
        case 0...5: "\(int(1...20))m"
        case 6...8: "\(int(20...120))m"
        default: "\(int(2...10))h\(int(0...59))m"
        }
    }

    private mutating func chance(_ odds: Double) -> Bool { Double(random.next() >> 11) / Double(1 << 53) < odds }
    // NB: `index(below:)`, not `Int.random(in:using:)`, whose algorithm a Swift release may change.
    private mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + random.index(below: range.count) }
    private mutating func pick<T>(_ choices: [T]) -> T { choices[random.index(below: choices.count)] }

    private mutating func weighted(_ choices: [(String, Int)]) -> String {
        var roll = int(0...(choices.map(\.1).reduce(0, +) - 1))
        for (choice, weight) in choices {
            if roll < weight { return choice }
            roll -= weight
        }
        return choices[choices.count - 1].0
    }
}
