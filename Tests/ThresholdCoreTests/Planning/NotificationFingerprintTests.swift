import Foundation
import Testing
import TestSupport
import ThresholdCore

/// A handed-over notification's fingerprint (``PendingNotification``): the same message gives the
/// same one, and any change of wording, time or destination a different one, so it is handed over again.
@Suite struct NotificationFingerprintTests {
    static let work = ProfileTitle(emoji: "💼", name: "Work")
    static let sleep = ProfileTitle(emoji: "🌙", name: "Sleep")
    static let refusal = Refusal.alreadyOn(work)

    /// One message of every case, and neighbours that differ in one value.
    static let messages: [NotificationMessage] = [
        .sessionGoalReached(work), .sessionGoalReached(sleep), .sessionGoalReached(nil),
        .breakEnding(work), .breakEnding(nil),
        .intentionOpening(minutes: 5), .intentionOpening(minutes: 10), .intentionClosing,
        .prayerWindowClosed, .unlockEnded,
        .scheduledHeadsUp(work, minutes: 5, start: at("2026-11-24 09:00"), end: at("2026-11-24 17:00")),
        .scheduledHeadsUp(work, minutes: 5, start: at("2026-11-24 09:00"), end: at("2026-11-24 17:05")),
        .scheduledHeadsUp(work, minutes: 15, start: at("2026-11-24 09:00"), end: at("2026-11-24 17:00")),
        .scheduledStart(work), .scheduledStart(sleep), .dailyReviewReady, .eveningPrompt,
        .quip(id: 1, minutes: 30), .quip(id: 2, minutes: 30), .quip(id: 1, minutes: 60),
        .shieldFollowUp(.home, appName: nil), .shieldFollowUp(.home, appName: "Instagram"), .shieldFollowUp(.tutorial, appName: nil),
        .clearShield(appName: nil), .clearShield(appName: "Instagram"),
        .focusCouldNotStart(reason: refusal), .focusCouldNotStart(reason: .alreadyOn(sleep)), .beastModeKeepsGoing(reason: refusal),
        .liveActivityRefused(.end, reason: refusal), .liveActivityRefused(.takeBreak, reason: refusal),
        .leagueFinalized(.up, tier: "Silver"), .leagueFinalized(.down, tier: "Silver"), .leagueFinalized(.up, tier: "Gold"),
        .addPartnerPrompt, .partnerMessage("Proud of you"), .partnerMessage("Keep going"),
        .relayed(title: "a", body: "b"), .relayed(title: "ab", body: ""),
    ]

    static func pending(
        _ message: NotificationMessage, at time: Date = at("2026-11-24 08:55"), to destination: AppDestination = .home
    ) -> PendingNotification {
        PendingNotification(DueNotification(id: "n", at: time, expires: time.addingTimeInterval(3_600), message, destination: destination))
    }

    @Test func differentMessages_haveDifferentFingerprints() {
        let fingerprints = Self.messages.map { Self.pending($0).content }
        #expect(Set(fingerprints).count == Self.messages.count)
    }

    @Test func theSameMessage_hasTheSameFingerprint() {
        for message in Self.messages { #expect(Self.pending(message) == Self.pending(message)) }
    }

    @Test func anotherTimeOrDestination_changesIt() {
        let message = NotificationMessage.unlockEnded
        #expect(Self.pending(message) != Self.pending(message, at: at("2026-11-24 08:56")))
        #expect(Self.pending(message).content != Self.pending(message, to: .tutorial).content)
    }
}
