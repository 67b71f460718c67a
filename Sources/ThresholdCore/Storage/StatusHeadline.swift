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
    case shielding([RestrictionName])
    /// Threshold has never evaluated anything.
    case nothingYet
    /// Nothing shields now.
    case nothingNow
    /// The saved state cannot be read.
    case unreadable
}

/// A restriction as the screens, the status and the refusals name it: the person's own name for
/// a profile (with its emoji where a list shows it) or a gate, or an intention or the tutorial,
/// which each surface says in its own words (SystemWords' `StatusWords.name`).
public enum RestrictionName: Hashable, Codable, Sendable {
    /// A profile's name (with its emoji, 🎯 Work, where a list shows it) or a gate's name.
    case named(String)
    /// An intention, by its id: said as the person's intention, never by the id.
    case intention(String)
    case tutorial
}
