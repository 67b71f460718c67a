/// A daily allowance for one app: so many opens a day, so many minutes each open.
/// The app is shielded by default; "Open <App>" on the shield starts one counted window.
public struct Intention: Hashable, Codable, Sendable, Identifiable {
    public let id: IntentionID
    public let app: AppToken
    public let opensPerDay: Int
    public let minutesPerOpen: Int

    public init(id: IntentionID, app: AppToken, opensPerDay: Int, minutesPerOpen: Int) throws {
        guard (1...50).contains(opensPerDay) else {
            throw ValidationError("intention \(id)", "Allow between 1 and 50 opens a day, not \(opensPerDay).")
        }
        guard (1...60).contains(minutesPerOpen) else {
            throw ValidationError("intention \(id)", "An open lasts between 1 and 60 minutes, not \(minutesPerOpen).")
        }
        self.id = id
        self.app = app
        self.opensPerDay = opensPerDay
        self.minutesPerOpen = minutesPerOpen
    }

    private enum CodingKeys: String, CodingKey { case id, app, opensPerDay, minutesPerOpen }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(IntentionID.self, forKey: .id)
        let app = try c.decode(AppToken.self, forKey: .app)
        let opens = try c.decode(Int.self, forKey: .opensPerDay)
        let minutes = try c.decode(Int.self, forKey: .minutesPerOpen)
        self = try validatingDecode(decoder) { try Intention(id: id, app: app, opensPerDay: opens, minutesPerOpen: minutes) }
    }
}
