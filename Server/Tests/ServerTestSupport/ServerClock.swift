@testable import TogetherServer

/// The server's hand-set clock under a name of its own, for files that also import TestSupport
/// (which has a `ManualClock` for the rituals).
package typealias ServerClock = ManualClock
