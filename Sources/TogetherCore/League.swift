/// A week's league: up to ``capacity`` people of one tier, ranked by the week's points; at the
/// end of the week the top move up a tier and the bottom move down.
///
/// - People join a league of their tier in the order they first take part in a week; a league is
///   full at 30 and the next person starts a new one.
/// - Rank is by points, most first; equal points go to whoever joined the league first, so every
///   rank is distinct and the same on every server.
/// - In a league of `n`, the top ``movers(inLeagueOf:)`` = ⌊n / 6⌋ (5 in a full league) move up,
///   if they scored any points and a tier is above; the bottom ⌊n / 6⌋ move down, if a tier is
///   below. A league under 6 moves no one.
public enum League {
    /// The most people in one league.
    public static let capacity = 30

    /// How many move up (and how many move down) in a league of `size`.
    public static func movers(inLeagueOf size: Int) -> Int { max(0, size) / 6 }

    /// One person's week in a league.
    public struct Entry: Hashable, Sendable {
        public let account: String
        public let points: Int
        /// The order people joined the league in: lower joined first.
        public let joined: Int

        public init(account: String, points: Int, joined: Int) {
            self.account = account
            self.points = points
            self.joined = joined
        }
    }

    /// What a week did for a person.
    public enum Outcome: String, Hashable, Codable, Sendable {
        case promoted, stayed, demoted
    }

    public struct Standing: Hashable, Sendable {
        public let entry: Entry
        /// 1 is first.
        public let rank: Int
        public let outcome: Outcome
        public let tierAfter: Tier
    }

    /// Entries ranked: most points first, then whoever joined first.
    public static func ranked(_ entries: [Entry]) -> [Entry] {
        entries.sorted { ($0.points, -$0.joined, $0.account) > ($1.points, -$1.joined, $1.account) }
    }

    /// The league's standings at the end of its week, for a league of `tier`.
    public static func standings(_ entries: [Entry], tier: Tier) -> [Standing] {
        let ranked = ranked(entries)
        let movers = movers(inLeagueOf: ranked.count)
        return ranked.enumerated().map { index, entry in
            let rank = index + 1
            var outcome = Outcome.stayed
            var after = tier
            if rank <= movers, entry.points > 0, let above = tier.above {
                outcome = .promoted
                after = above
            } else if rank > ranked.count - movers, let below = tier.below {
                outcome = .demoted
                after = below
            }
            return Standing(entry: entry, rank: rank, outcome: outcome, tierAfter: after)
        }
    }
}
