import Foundation
import PropertyBased
import Testing
@testable import TogetherCore

@Suite struct LeagueTests {
    @Test func tiersRunBronzeToDiamond() {
        #expect(Tier.allCases.map(\.name) == ["bronze", "silver", "gold", "platinum", "diamond"])
        #expect(Tier.bronze.below == nil && Tier.diamond.above == nil && Tier.gold.above == .platinum)
        #expect(Tier(name: "gold") == .gold && Tier(name: "Gold") == nil)
    }

    @Test func aFullLeague_movesFiveUpAndFiveDown() {
        #expect(League.capacity == 30)
        #expect(League.movers(inLeagueOf: 30) == 5 && League.movers(inLeagueOf: 12) == 2 && League.movers(inLeagueOf: 5) == 0)
        let entries = (0..<30).map { League.Entry(account: "a\($0)", points: 300 - $0, joined: $0) }
        let standings = League.standings(entries, tier: .silver)
        #expect(standings.filter { $0.outcome == .promoted }.map(\.entry.account) == ["a0", "a1", "a2", "a3", "a4"])
        #expect(standings.filter { $0.outcome == .demoted }.map(\.entry.account) == ["a25", "a26", "a27", "a28", "a29"])
        #expect(standings.filter { $0.outcome == .promoted }.allSatisfy { $0.tierAfter == .gold })
    }

    @Test func equalPoints_goToWhoeverJoinedFirst_andNoPointsMeansNoPromotion() {
        let entries = (0..<12).map { League.Entry(account: "z\(11 - $0)", points: 0, joined: $0) }
        let standings = League.standings(entries, tier: .bronze)
        #expect(standings.map(\.entry.joined) == Array(0..<12))
        #expect(standings.allSatisfy { $0.outcome == .stayed }, "nothing scored, nobody promoted; bronze has nowhere to drop")
    }

    static let leagues = Gen.int(in: 0...200).array(of: 0...League.capacity)

    @Test func anyLeague_ranksDistinctly_andMovesAtMostASixthEachWay_theTopUpTheBottomDown() async {
        await propertyCheck(count: 500, input: Self.leagues, Gen.int(in: 0..<Tier.allCases.count)) { points, tierIndex in
            let tier = Tier(rawValue: tierIndex)!
            let entries = points.enumerated().map { League.Entry(account: "acct-\($0.offset)", points: $0.element, joined: $0.offset) }
            let standings = League.standings(entries, tier: tier)
            #expect(standings.map(\.rank) == Array(1...max(1, entries.count)).prefix(entries.count).map { $0 })
            #expect(Set(standings.map(\.entry)) == Set(entries))
            for pair in zip(standings, standings.dropFirst()) {
                #expect(
                    pair.0.entry.points > pair.1.entry.points
                        || (pair.0.entry.points == pair.1.entry.points && pair.0.entry.joined < pair.1.entry.joined))
            }
            let up = standings.filter { $0.outcome == .promoted }
            let down = standings.filter { $0.outcome == .demoted }
            #expect(up.count <= entries.count / 6 && down.count <= entries.count / 6)
            #expect(tier != .diamond || up.isEmpty)
            #expect(tier != .bronze || down.isEmpty)
            #expect(up.allSatisfy { $0.entry.points > 0 && $0.tierAfter == tier.above })
            #expect(down.allSatisfy { $0.tierAfter == tier.below })
            let stayed = standings.filter { $0.outcome == .stayed }
            #expect(stayed.allSatisfy { $0.tierAfter == tier })
            if let lowestUp = up.last, let highestDown = down.first {
                #expect(lowestUp.rank < highestDown.rank)
            }
            for promoted in up { #expect(stayed.allSatisfy { $0.entry.points <= promoted.entry.points }) }
            for demoted in down { #expect(stayed.allSatisfy { $0.entry.points >= demoted.entry.points }) }
        }
    }
}
