/// A daily allowance for one app: so many opens a day, so many minutes each open.
/// The app is shielded by default; "Open <App>" on the shield starts one counted window.
public struct Intention: Hashable, Codable, Sendable, Identifiable {
    public let id: IntentionID
    public let app: AppToken
    public let opensPerDay: Int
    public let minutesPerOpen: Int
    /// The words the person's accountability partners see for this intention when its streak
    /// breaks (Together); `nil`: they hear only "an intention". The app cannot read an app's name,
    /// so this is the only name a partner ever sees. The engine never reads it; its words are
    /// Together's to allow (`IntentionNickname` in TogetherCore, which the intention editor and
    /// the server both apply).
    public let sharedNickname: String?

    public init(id: IntentionID, app: AppToken, opensPerDay: Int, minutesPerOpen: Int, sharedNickname: String? = nil) throws {
        guard (1...50).contains(opensPerDay) else {
            throw ValidationError("intention \(id)", .outOfRange(.opensPerDay, value: opensPerDay))
        }
        guard (1...60).contains(minutesPerOpen) else {
            throw ValidationError("intention \(id)", .outOfRange(.minutesPerOpen, value: minutesPerOpen))
        }
        self.id = id
        self.app = app
        self.opensPerDay = opensPerDay
        self.minutesPerOpen = minutesPerOpen
        self.sharedNickname = sharedNickname
    }

    private enum CodingKeys: String, CodingKey { case id, app, opensPerDay, minutesPerOpen, sharedNickname }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(IntentionID.self, forKey: .id)
        let app = try c.decode(AppToken.self, forKey: .app)
        let opens = try c.decode(Int.self, forKey: .opensPerDay)
        let minutes = try c.decode(Int.self, forKey: .minutesPerOpen)
        // Absent from what builds before nicknames wrote: none.
        let nickname = try c.decodeIfPresent(String.self, forKey: .sharedNickname)
        self = try validatingDecode(decoder) {
            try Intention(id: id, app: app, opensPerDay: opens, minutesPerOpen: minutes, sharedNickname: nickname)
        }
    }
}
