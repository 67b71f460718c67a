import Foundation

/// What Threshold is doing now, in a line, as a value: the status Shortcut's answer, Home's
/// headline and a widget's fallback open with it, each saying it in the phone's language
/// (SystemWords' `StatusWords`).
public enum StatusHeadline: Hashable, Codable, Sendable {
    /// A session (its title, "🎯 Work") on a break, until the break's end when it has one.
    case onBreak(session: String, until: Date?)
    /// A session past its goal.
    case goalReached(session: String)
    /// A session running, until its end when it has one.
    case sessionOn(session: String, until: Date?)
    /// What shields now, in rule order.
    case shielding([RuleName])
    /// Threshold has never evaluated anything.
    case nothingYet
    /// Nothing shields now.
    case nothingNow
    /// The saved state cannot be read.
    case unreadable

    /// A restriction as the status names it.
    public enum RuleName: Hashable, Codable, Sendable {
        /// A profile's emoji and name ("🎯 Work") or a gate's name: the person's own words.
        case named(String)
        /// An intention, by its id.
        case intention(String)
        case tutorial
    }
}
