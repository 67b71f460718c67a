/// Seed 001's reward table: XP (and as many coins) for a completed session by its goal.
public enum XPTable {
    /// Upper bound in minutes → XP, in order.
    public static let tiers: [(upTo: Int, xp: Int)] = [(15, 3), (30, 5), (45, 8), (60, 10), (90, 15), (120, 25)]

    /// XP for a session whose goal was `minutes` long. Goals past two hours (scheduled sessions
    /// run up to twelve) earn the top tier: the table rewards showing up, not marathon length.
    public static func xp(forGoalMinutes minutes: Int) -> Int {
        guard minutes > 0 else { return 0 }
        return tiers.first { minutes <= $0.upTo }?.xp ?? tiers.last!.xp
    }
}
