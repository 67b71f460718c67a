import Foundation

/// Why a rule said no, as a value (issue 25): the case names the rule and carries the numbers,
/// instants and names its words need. Core never words a refusal; each surface says it through
/// its String Catalog (`SystemWords.RefusalWords`), in the phone's language and clock.
public enum Refusal: Hashable, Codable, Sendable {
    // MARK: Profiles and sessions
    /// A command names a profile that does not exist; `known` are the ones that do.
    case noSuchProfile(ProfileID, known: [ProfileID])
    case alreadyOn(ProfileTitle)
    case notOnNothingToEnd(ProfileTitle)
    /// Starting a schedule early: the profile has no schedule with a span to come.
    case noScheduleToStartEarly(ProfileTitle)
    /// Beast Mode: giving up before the goal, which is at `goal` (a goal alone ends nothing).
    case lockedUntilGoal(ProfileTitle, goal: Date, now: Date)
    /// Beast Mode: ending before `end`.
    case lockedUntilEnd(ProfileTitle, end: Date, now: Date)
    /// Beast Mode: the profile cannot be changed or deleted until `until` (`now` is when it was asked).
    case lockedAgainstChange(ProfileTitle, ProfileChange, until: Date, now: Date)
    case onNowEndBeforeDeleting(ProfileTitle)
    case noBreaksAllowed(ProfileTitle)
    case notOnNoBreak(ProfileTitle)
    case alreadyOnBreak(until: Date)
    case notOnBreak(ProfileTitle)
    /// Every break the session allows is taken.
    case breaksUsedThisSession(allowed: Int)
    /// The hour's breaks are taken; the next comes at `next` (`nil`: the session ends first).
    case breaksUsedThisHour(allowed: Int, next: Date?, now: Date)
    case goalTooShort(minutes: Int, least: Int)
    /// A started session's goal past 2 hours: schedule it instead.
    case goalTooLongToStart(minutes: Int)
    case endTimePassed(Date)
    case endTooSoon(Date, least: Int, now: Date)
    case endTooLate(Date, now: Date)
    case beastModeNeedsEnd(ProfileTitle)
    /// A schedule shorter than 20 minutes or longer than 12 hours.
    case scheduleLength(start: LocalTime, end: LocalTime, minutes: Int)
    case scheduleNoDays
    case scheduleStartsAtEnd(LocalTime)
    case noSessionRunning

    // MARK: What a profile, gate or key holds
    case profileNameMissing
    case nameTooLong(limit: Int)
    case notOneEmoji(String)
    case nothingToBlock
    case nothingToGate
    case gateNameLength
    case keyNameLength
    case allowListCategories
    case allowListTooMany(limit: Int, apps: Int, websites: Int)
    case headsUpTooEarly(minutes: Int)
    case notAWebsite(String)
    /// More typed websites than one Screen Time store holds; `together`: across the profiles.
    case tooManyWebsites(limit: Int, count: Int, together: Bool)

    // MARK: Numbers out of range
    /// A number outside what the rule allows; the quantity knows its range.
    case outOfRange(Quantity, value: Int)
    case creditsUnlockChoice(choices: [Int], minutes: Int)
    /// The weekly emergency limit below the daily one or above 20.
    case emergencyPerWeek(perDay: Int, perWeek: Int)

    // MARK: Threshold Pro
    case needsPro(ProFeature)
    case proRunsEverySchedule
    case noSuchPausedSchedule(known: [String])

    // MARK: Unlocks, credits, streaks
    case noSuchGate
    case noSuchIntention
    case intentionAlreadyOpen(until: Date)
    case intentionOpensUsed(limit: Int)
    case notEnoughCredits(cost: Int, have: Int)
    case nothingTakesCredits
    case disabled(DisabledReason)
    case freezeWithoutIntentions
    case freezeDayPast(LocalDate)
    case freezeBeyondWeek(sunday: LocalDate, nextMonday: LocalDate)
    case freezeUsed(LocalDate, nextMonday: LocalDate)
    case reviewOnlyYesterday(yesterday: LocalDate, asked: LocalDate)
    case lastChallengeStaysOn
    /// Onboarding finished with no path chosen.
    case noPathChosen
    case prayerFinished
    case noPrayerForMood(Mood)
    case tutorialAlreadyOn
    case tutorialNotOn
    case screenTimeNothingCounted

    // MARK: What Threshold and iOS can hold
    case tooManyRules(limit: Int, have: Int)
    case tooManySchedules(limit: Int, would: Int)
    case tooManySelected(limit: Int, would: Int)
    case tooManyGrants(had: Int)
    case beyondShieldCapacity(CapacityError)
    case noScreenTimeAccess

    // MARK: Links and keys
    case link(LinkError)
    case key(KeyRefusal)
    case keyProfileMissing(ProfileID)
    case keyExists
    case noSuchKey
    case revokeBeforeRemoving(String)
    case keyRevoked(String)
    case keyAlreadyStarts(String)

    /// Together's rule refused it (its words, from TogetherCore, which the server shares).
    case together(String)

    // MARK: Typed values
    case notATime(String)
    case notATimeOfDay(hour: Int, minute: Int)
    case notADate(String)
    case notACalendarDate(year: Int, month: Int, day: Int)

    /// Something failed that no rule foresaw: developer-facing detail (the error as thrown).
    case unexpected(String)

    /// A bundled content file (the prayers), or a value written into one, is broken. Developer-facing:
    /// the fault is the diagnosis (`PrayerContent` words it for content authors).
    case contentFile(ContentFault)

    /// A value no screen makes: stored or imported data that breaks an invariant. Developer-facing:
    /// its case is the diagnosis, and the screens show it inside one sentence.
    case invariant(Invariant)

    /// What Beast Mode keeps from a profile while it runs.
    public enum ProfileChange: String, Hashable, Codable, Sendable {
        case changed, deleted
    }

    /// A number a rule bounds; ``range`` is what it allows.
    public enum Quantity: String, Hashable, Codable, Sendable, CaseIterable {
        case unlockMinutes, creditsPerMinute, breakCount, breakMinutes, opensPerDay, minutesPerOpen
        case grantMinutes, goalMinutes, emergencyHoldSeconds, emergencyReasonLength, emergencyPerDay
        case emergencyCooldownMinutes, emergencyMinutes, screenTimeGoalMinutes, mathProblems

        /// The values allowed.
        public var range: ClosedRange<Int> {
            switch self {
            case .unlockMinutes: 1...120
            case .creditsPerMinute: 0...100
            case .breakCount: 0...12
            case .breakMinutes: 1...60
            case .opensPerDay: 1...50
            case .minutesPerOpen: 1...60
            case .grantMinutes, .goalMinutes: 1...720
            case .emergencyHoldSeconds: 3...60
            case .emergencyReasonLength: 10...200
            case .emergencyPerDay: 1...5
            case .emergencyCooldownMinutes: 0...1_440
            case .emergencyMinutes: 1...30
            case .screenTimeGoalMinutes: 30...960
            case .mathProblems: MathChallenge.problemRange
            }
        }
    }

    /// Data that breaks an invariant no screen can break (see ``invariant(_:)``).
    public enum Invariant: Hashable, Codable, Sendable {
        case emptyIdentifier
        /// A stored column holds a value this version does not know.
        case unknownStoredValue(field: String, raw: String)
        case emptyAppToken
        case grantOriginCount
        case duplicateID(kind: String, id: String)
        case endsBeforeStart(kind: String, id: String)
        case tooLong(kind: String, id: String)
        case intentionGrantScope(String)
        case intentionOpenNotCounted
        case spanOfOtherProfile(session: String, profile: String)
        case breaksOverlap(String, String)
        case breakBeforeSession(String)
        case appTaken(intention: String, app: String)
        case missingProfile(session: String, profile: String)
        case missingIntention(grant: String, intention: String)
        case ledgerZero
        case ledgerImplausible(Int)
        case balanceNegative(account: String, amount: Int, balance: Int)
        case keyTagID(String)
        case keyHashSize(Int)
        case revokedBeforeWritten(String)
        case keySecretSize(Int)
    }
}

extension Refusal {
    /// Whether only Threshold Pro lifts this refusal (the screen offers the paywall beside it).
    public var needsPro: Bool {
        if case .needsPro = self { return true }
        return false
    }
}
