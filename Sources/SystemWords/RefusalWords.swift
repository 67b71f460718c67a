import Foundation
import StoreClient
import ThresholdCore

/// Says a ``Refusal`` (and a ``DisabledReason``) as the phone shows it: the one place a rule's
/// refusal becomes words, through `Refusals.xcstrings` (plural variants, the phone's language)
/// and the phone's clock (its locale's 12- or 24-hour times, its time zone).
///
/// Every surface that shows a refusal says it here: the app's screens (through DesignSystem),
/// the App Intents' dialogs, the notifications a refused Focus or Live Activity button posts, and
/// the simulated phone.
public struct RefusalWords: Sendable {
    private let catalog: Catalog
    private let status: StatusWords

    public init(locale: Locale, timeZone: TimeZone) {
        catalog = Catalog(table: "Refusals", locale: locale, timeZone: timeZone)
        status = StatusWords(locale: locale, timeZone: timeZone)
    }

    /// The words of `refusal`.
    public func words(_ refusal: Refusal) -> String {
        switch refusal {
        case .noSuchProfile(let id, let known):
            say("There is no such profile as “\(id.rawValue)”; choose one of: \(list(known.map(\.rawValue))).")
        case .alreadyOn(let profile):
            say("\(profile.emoji) \(profile.name) is already on; end it or take a break instead.")
        case .notOnNothingToEnd(let profile):
            say("\(profile.emoji) \(profile.name) is not on, so there is nothing to end.")
        case .noScheduleToStartEarly(let profile):
            say("\(profile.emoji) \(profile.name) has no schedule to start early.")
        case .lockedUntilGoal(let profile, let goal, let now):
            say(
                "Beast Mode is on: \(profile.emoji) \(profile.name) cannot be given up. Its goal is at \(time(goal)), in \(duration(from: now, to: goal)); then you can end it, and the apps stay shielded until you do."
            )
        case .lockedUntilEnd(let profile, let end, let now):
            say(
                "Beast Mode is on: \(profile.emoji) \(profile.name) cannot be ended early. It ends at \(time(end)), in \(duration(from: now, to: end))."
            )
        case .lockedAgainstChange(let profile, .changed, let until, let now):
            say(
                "Beast Mode is on: \(profile.emoji) \(profile.name) cannot be changed until it ends at \(time(until)), in \(duration(from: now, to: until))."
            )
        case .lockedAgainstChange(let profile, .deleted, let until, let now):
            say(
                "Beast Mode is on: \(profile.emoji) \(profile.name) cannot be deleted until it ends at \(time(until)), in \(duration(from: now, to: until))."
            )
        case .onNowEndBeforeDeleting(let profile):
            say("\(profile.emoji) \(profile.name) is on now; end it before deleting it.")
        case .noBreaksAllowed(let profile):
            say("\(profile.emoji) \(profile.name) allows no breaks.")
        case .notOnNoBreak(let profile):
            say("\(profile.emoji) \(profile.name) is not on, so there is no break to take.")
        case .alreadyOnBreak(let until):
            say("You are already on a break until \(time(until)).")
        case .notOnBreak(let profile):
            say("You are not on a break from \(profile.emoji) \(profile.name).")
        case .breaksUsedThisSession(let allowed):
            say("You have taken all \(allowed) breaks this session allows.")
        case .breaksUsedThisHour(let allowed, let next?, let now):
            say(
                "You have taken your \(allowed) breaks for this hour; the next is available at \(time(next)) (in \(duration(from: now, to: next)))."
            )
        case .breaksUsedThisHour(let allowed, nil, _):
            say("You have taken your \(allowed) breaks for this hour; the session ends before the next hour begins.")
        case .goalTooShort(let minutes, let least):
            say("A session's goal is at least \(least) minutes; \(minutes) minutes is too short.")
        case .goalTooLongToStart(let minutes):
            say("A session you start lasts at most 2 hours; for \(duration(minutes: minutes)), schedule it instead (up to 12 hours).")
        case .endTimePassed(let end):
            say("That end time (\(time(end))) has passed; choose a later one.")
        case .endTooSoon(let end, let least, let now):
            say("A session lasts at least \(least) minutes; \(time(end)) is only \(duration(from: now, to: end)) away.")
        case .endTooLate(let end, let now):
            say("A session lasts at most 12 hours; \(time(end)) is \(duration(from: now, to: end)) away.")
        case .beastModeNeedsEnd(let profile):
            say("Beast Mode needs an end: give \(profile.emoji) \(profile.name) a goal or an end time, so it knows when to let go.")
        case .scheduleLength(let start, let end, let minutes):
            say("A scheduled session lasts 20 minutes to 12 hours; \(time(start))–\(time(end)) is \(duration(minutes: minutes)).")
        case .scheduleNoDays:
            say("Choose at least one day of the week.")
        case .scheduleStartsAtEnd(let start):
            say("A schedule cannot start and end at the same time (\(time(start))).")
        case .noSessionRunning:
            say("No session is running, so there is nothing to end or pause.")

        case .profileNameMissing:
            say("Give the profile a name.")
        case .nameTooLong(let limit):
            say("A name can be at most \(limit) characters long.")
        case .notOneEmoji(let text):
            say("Choose a single emoji, not “\(text)”.")
        case .nothingToBlock:
            say("Choose at least one app, category or website to block.")
        case .nothingToGate:
            say("Choose at least one app, category or website to gate.")
        case .gateNameLength:
            say("Give the gate a name of 1 to 40 characters.")
        case .keyNameLength:
            say("Give the key a name of 1 to 40 characters.")
        case .allowListCategories:
            say("An allow list keeps individual apps and websites open; iOS cannot exempt a whole category. Pick the apps instead.")
        case .allowListTooMany(let limit, let apps, let websites):
            say(
                "iOS can keep at most \(limit) apps and \(limit) websites open in an allow list; this one has \(apps) apps and \(websites) websites."
            )
        case .headsUpTooEarly(let minutes):
            say("A heads-up comes at most an hour before a scheduled start, not \(minutes) minutes.")
        case .notAWebsite(let text):
            say("“\(text)” is not a website's address; type one like example.com.")
        case .tooManyWebsites(let limit, let count, false):
            say(
                "iOS blocks at most \(limit) typed websites (one Screen Time store holds \(limit)); this would make \(count). Remove one, or choose the sites with Choose apps instead."
            )
        case .tooManyWebsites(let limit, let count, true):
            say(
                "iOS blocks at most \(limit) typed websites (one Screen Time store holds \(limit)); your profiles would block \(count) typed websites together. Remove one, or choose the sites with Choose apps instead."
            )

        case .outOfRange(let quantity, let value):
            outOfRange(quantity, value)
        case .creditsUnlockChoice(let choices, let minutes):
            say("Choose \(list(choices.map { number($0) }, or: true)) minutes, not \(minutes).")
        case .emergencyPerWeek(let perDay, let perWeek):
            say("Allow between \(perDay) (the daily limit) and 20 a week, not \(perWeek).")

        case .needsPro(let feature):
            say(
                "\(proWhy(feature)) Pro adds Beast Mode, unlimited schedules and the weekly streak freeze; start the 7-day free trial in Settings › Threshold Pro. Everything else stays free."
            )
        case .proRunsEverySchedule:
            say("Threshold Pro runs every schedule; none is paused.")
        case .noSuchPausedSchedule(let known):
            say("There is no such paused schedule; choose one of: \(list(known)).")

        case .noSuchGate:
            say("There is no such gate.")
        case .noSuchIntention:
            say("There is no such intention.")
        case .intentionAlreadyOpen(let until):
            say("The app is already open until \(time(until)).")
        case .intentionOpensUsed(let limit):
            say("You have used all \(limit) opens today. Confirm to open anyway; it breaks this app's streak.")
        case .notEnoughCredits(let cost, let have):
            say("That costs \(cost) credits and you have \(have): focus \(cost - have) more minutes to earn the rest.")
        case .nothingTakesCredits:
            say("Nothing shielded now takes Focus Bank credits.")
        case .disabled(let reason):
            words(reason)
        case .freezeWithoutIntentions:
            say("A streak freeze protects intention streaks, and you have no intentions yet.")
        case .freezeDayPast(let day):
            say("A streak freeze protects today or a day to come, not \(date(day)), which is past.")
        case .freezeBeyondWeek(let sunday, let nextMonday):
            say("This week's freeze covers a day up to \(date(sunday)); next week's is granted on \(date(nextMonday)).")
        case .freezeUsed(let day, let nextMonday):
            say("You have used this week's streak freeze (\(date(day))). The next is granted on \(date(nextMonday)).")
        case .reviewOnlyYesterday(let yesterday, let asked):
            say("The Daily Review rates yesterday, \(date(yesterday)); \(date(asked)) cannot be rated now.")
        case .lastChallengeStaysOn:
            say("At least one kind of challenge stays on; turn another on first.")
        case .noPathChosen:
            say("Choose at least one way to begin: Selah, Present, Earned Access, Challenge or Key.")
        case .prayerFinished:
            say("This prayer is already finished.")
        case .noPrayerForMood:
            say("The prayer library has nothing for this mood; reinstall Threshold to restore it.")
        case .tutorialAlreadyOn:
            say("The tutorial is already on: open any app to see its shield, then come back.")
        case .tutorialNotOn:
            say("The tutorial is not on, so there is nothing to finish.")
        case .screenTimeNothingCounted:
            say("Choose what counts as screen time (every category, or the apps you mean).")

        case .tooManyRules(let limit, let have):
            say(
                "Threshold keeps at most \(number(limit)) profiles, gates and intentions together, so that its monitor always fits in the memory iOS gives it; you have \(number(have)). Delete one you no longer use to add another."
            )
        case .tooManySchedules(let limit, let would):
            say(
                "Threshold keeps at most \(number(limit)) schedules across all profiles, so that its monitor always fits in the memory iOS gives it; this would make \(number(would)). Remove a schedule you no longer use, or give one schedule more days."
            )
        case .tooManySelected(let limit, let would):
            say(
                "Threshold's profiles and gates select at most \(number(limit)) apps, categories and websites together, so that its monitor always fits in the memory iOS gives it; this would make \(number(would)). Choose a category instead of many single apps, or remove some."
            )
        case .tooManyGrants(let had):
            say(
                "Threshold has already let things through \(number(had)) times since yesterday, the most its monitor keeps; nothing was unlocked. Yesterday's unlocks leave the count at midnight."
            )
        case .beyondShieldCapacity(let capacity):
            say("That is more than iOS can shield.") + " " + words(capacity)
        case .noScreenTimeAccess:
            say(
                "Threshold has no Screen Time access, so a session would shield nothing; nothing was started. Allow it in Settings › Screen Time › Apps With Screen Time Access, then start again."
            )

        case .link(let error):
            words(error)
        case .key(let refusal):
            words(refusal)
        case .keyProfileMissing:
            say("That profile no longer exists; choose a profile for the key.")
        case .keyExists:
            say("A key with this id already exists; try again.")
        case .noSuchKey:
            say("There is no such key.")
        case .revokeBeforeRemoving(let name):
            say("Revoke “\(name)” before removing it.")
        case .keyRevoked(let name):
            say("“\(name)” is revoked; write a new key instead.")
        case .keyAlreadyStarts(let name):
            say("“\(name)” already starts a profile; revoke it and write a new key for another.")

        case .together(let reason):
            reason
        case .notATime(let text):
            say("“\(text)” is not a time; write it as HH:mm, e.g. 07:30 or 23:00.")
        case .notATimeOfDay(let hour, let minute):
            say("\(hour):\(minute) is not a time of day; hours run 0–23 and minutes 0–59.")
        case .notADate(let text):
            say("“\(text)” is not a date; write it as yyyy-MM-dd.")
        case .notACalendarDate(let year, let month, let day):
            say("\(year)-\(month)-\(day) is not a calendar date.")
        case .unexpected(let detail):
            say("This could not be done (\(detail)); nothing was changed.")
        case .contentFile(let fault):
            say("Threshold's bundled prayers cannot be read (\(String(describing: fault))); reinstall Threshold to restore them.")
        case .invariant(let invariant):
            say("Threshold's saved data breaks one of its rules (\(String(describing: invariant))); nothing was changed.")
        }
    }

    /// The words of why a request was not done.
    public func words(_ problem: Problem) -> String {
        switch problem {
        case .refused(let refusal): words(refusal)
        case .store(let failure): words(failure)
        case .notificationFailed(let refusal?, let detail):
            say("\(words(refusal)) (and the notification saying so could not be posted: \(detail))")
        case .notificationFailed(nil, let detail):
            say("The notification could not be posted: \(detail). Open Threshold yourself.")
        case .plan(let notices):
            notices.map(words).joined(separator: " ")
        case .backup(let error):
            words(error)
        }
    }

    /// The words of why a backup file was not imported.
    public func words(_ error: BackupError) -> String {
        switch error {
        case .notJSON: say("This file is not a Threshold backup (it is not JSON).")
        case .notABackup: say("This file is not a Threshold backup.")
        case .newerFormat(let found, let supported):
            say(
                "This backup comes from a newer Threshold (format \(found); this version reads up to \(supported)). Update the app, then import it."
            )
        case .unknownField(let path): say("This backup has a field this version does not know: \(path). Nothing was imported.")
        case .invalid(let detail): say("This backup is damaged: \(detail). Nothing was imported.")
        case .inconsistent(let detail): say("This backup does not add up: \(detail). Nothing was imported.")
        case .storeNotEmpty(let detail):
            say("Threshold already holds data here (\(detail)); a backup can only be imported into a fresh install.")
        }
    }

    /// The words of what the plan's notice tells the person.
    public func words(_ notice: PlanNotice) -> String {
        switch notice {
        case .savedPaused(let names):
            names.count == 1
                ? say(
                    "Free keeps one schedule on, so \(scheduleNames(names)) was saved paused. Threshold Pro runs every schedule; or choose which one stays on in Settings › Threshold Pro."
                )
                : say(
                    "Free keeps one schedule on, so \(scheduleNames(names)) were saved paused. Threshold Pro runs every schedule; or choose which one stays on in Settings › Threshold Pro."
                )
        case .proEnded:
            say("Threshold Pro has ended. Anything running keeps going to its end; Beast Mode and the streak freeze need Pro from now on.")
        case .proEndedPaused(let kept, let paused):
            paused.count == 1
                ? say(
                    "Threshold Pro has ended, so Free keeps one schedule on: \(scheduleNames(kept)) stays on and \(scheduleNames(paused)) is paused, kept for when Pro returns. Choose which one stays on in Settings › Threshold Pro. Anything running now keeps going to its end."
                )
                : say(
                    "Threshold Pro has ended, so Free keeps one schedule on: \(scheduleNames(kept)) stays on and \(scheduleNames(paused)) are paused, kept for when Pro returns. Choose which one stays on in Settings › Threshold Pro. Anything running now keeps going to its end."
                )
        case .unverifiedPurchase:
            say("A purchase could not be verified with the App Store, so it does not turn on Pro. Try Restore Purchases.")
        case .unknownProduct(let product):
            say("A purchase of “\(product)”, which Threshold does not sell, turns on nothing.")
        case .refunded:
            say("The App Store refunded or revoked your Threshold Pro purchase, so Pro is off. Anything running keeps going to its end.")
        case .appStoreUnreadable(let detail):
            say("Threshold could not read your subscription from the App Store (\(detail)), so your plan stays as it was.")
        case .relayed(let words):
            words
        }
    }

    /// The words of why the saved data could not be read or written (the damaged-data banner's).
    public func words(_ failure: StoreError) -> String { status.storeFailure(failure) }

    /// The words of why an unlock option is disabled now.
    public func words(_ reason: DisabledReason) -> String {
        switch reason {
        case .notAccepted(let names, _):
            names.count == 1
                ? say("\(status.title(names[0])) does not accept this, so the app would stay blocked.")
                : say("\(list(opening(names))) do not accept this, so the app would stay blocked.")
        case .locked(let name, nil):
            say("\(status.title(name)) is locked: nothing unlocks it early.")
        case .locked(let name, _):
            say("\(status.title(name)) is locked: nothing unlocks it before it ends.")
        case .firm(let name, _):
            say("\(status.title(name)) is firm, so quests do not unlock it; spend credits instead.")
        case .windowOpen:
            say("Your apps are already unlocked; no new unlock is needed until this window ends.")
        case .insufficientCredits(let needed, let balance):
            // NB: a credit is earned by a minute of focus, whatever the strictness spends it at.
            say("Needs \(needed) credits; your Focus Bank has \(balance). Focus for \(needed - balance) more minutes to earn them.")
        case .dailyLimit(let used, let limit, _):
            say("You have used \(used) of \(limit) emergency unlocks today.")
        case .weeklyLimit(let used, let limit, _):
            say("You have used \(used) of \(limit) emergency unlocks in the last 7 days.")
        case .cooldown:
            say("Emergency unlocks need a pause between them.")
        case .questDailyLimit(let used, let limit, _):
            say("You have used \(used) of \(limit) quests today.")
        case .questCooldown(let minutes, _):
            say("Quests need \(minutes) minutes between them.")
        case .notShielded:
            say("This app is not blocked right now.")
        }
    }

    /// The words of why a link was not followed.
    public func words(_ error: LinkError) -> String {
        switch error {
        case .tooLong(let length):
            say("This link is \(length) characters long, more than any Threshold link (\(LinkRoute.maximumLength)); nothing was opened.")
        case .invalidCharacters:
            say("This link contains spaces or characters a link cannot hold; nothing was opened.")
        case .notALink:
            say("This is not a link; nothing was opened.")
        case .unsupportedScheme(let scheme):
            say("Threshold opens https:// and threshold:// links, not “\(String(scheme.prefix(20)))”; nothing was opened.")
        case .unknownHost(let host):
            say("This link is for “\(String(host.prefix(40)))”, not \(LinkRoute.host); nothing was opened.")
        case .unknownRoute(let route):
            say("Threshold does not know the link “/\(String(route.prefix(40)))”; it may come from a newer version. Nothing was opened.")
        case .wrongShape(let route, let expected):
            say("“/\(route)” links must look like \(expected); nothing was opened.")
        case .badIdentifier(let route):
            say("The id in this “\(route)” link is empty, too long or garbled; nothing was opened.")
        case .badToken(let what):
            say("The \(what) in this link is garbled; nothing was opened. Tap the shield again to get a fresh link.")
        case .keyLinkNotUniversal:
            say("Key links come only from a key tag (https://\(LinkRoute.host)/k/…); nothing was opened.")
        case .badSecret:
            say(
                "This key link is missing its secret or the secret is garbled. Write the key again (or make a new key link) from Settings → Keys; nothing was opened."
            )
        case .unexpectedQuery(let route):
            say("“/\(route)” links take no ?-parameters beyond those Threshold writes; nothing was opened.")
        case .unexpectedFragment(let route):
            say("“/\(route)” links take no #-part; nothing was opened.")
        }
    }

    /// The words of why a key's tap was refused.
    public func words(_ refusal: KeyRefusal) -> String {
        switch refusal {
        case .unknownTag:
            say("Threshold does not know this key. Write it again from Settings → Keys.")
        case .revoked:
            say("This key was revoked and no longer works. Write a new one from Settings → Keys.")
        case .wrongSecret:
            say(
                "This key's link does not match the key Threshold made, so it was ignored. If the tag or QR code was changed elsewhere, write the key again (or make a new key link) from Settings → Keys."
            )
        case .profileMissing:
            say("This key starts a profile that no longer exists. Link the key to a profile in Settings → Keys.")
        }
    }

    /// The words of what iOS cannot hold (as the capacity repair notice says it).
    public func words(_ capacity: CapacityError) -> String {
        capacity.problems.map(status.capacity).joined(separator: " ")
    }

    // MARK: Parts

    /// Schedules as a notice names them: "🌙 Sleep (10:00 PM–7:00 AM)", listed in the phone's language.
    private func scheduleNames(_ names: [ScheduleName]) -> String {
        list(names.map { name in say("\(name.profile.emoji) \(name.profile.name) (\(time(name.start))–\(time(name.end)))") })
    }

    private func outOfRange(_ quantity: Refusal.Quantity, _ value: Int) -> String {
        let (least, most) = (quantity.range.lowerBound, quantity.range.upperBound)
        return switch quantity {
        case .unlockMinutes: say("An unlock lasts between \(least) and \(most) minutes, not \(value).")
        case .creditsPerMinute: say("A minute costs between \(least) and \(most) credits, not \(value).")
        case .breakCount: say("Allow between \(least) and \(most) breaks, not \(value).")
        case .breakMinutes: say("A break lasts between \(least) and \(most) minutes, not \(value).")
        case .opensPerDay: say("Allow between \(least) and \(most) opens a day, not \(value).")
        case .minutesPerOpen: say("An open lasts between \(least) and \(most) minutes, not \(value).")
        case .grantMinutes: say("An unlock lasts between 1 minute and 12 hours, not \(value) minutes.")
        case .goalMinutes: say("A goal lasts between 1 minute and 12 hours, not \(value) minutes.")
        case .emergencyHoldSeconds: say("Hold for \(least) to \(most) seconds, not \(value).")
        case .emergencyReasonLength: say("Ask for a reason of \(least) to \(most) letters, not \(value).")
        case .emergencyPerDay:
            say("Allow \(least) to \(most) a day, not \(value); to allow none, leave emergency out of the restriction's unlock options.")
        case .emergencyCooldownMinutes: say("Wait \(least) to \(number(most)) minutes between uses, not \(value).")
        case .emergencyMinutes: say("An emergency unlock lasts \(least) to \(most) minutes, not \(value).")
        case .screenTimeGoalMinutes: say("A daily goal is between 30 minutes and 16 hours in half-hour steps, not \(value) minutes.")
        case .mathProblems: say("Ask between \(least) and \(most) problems, not \(value).")
        }
    }

    private func proWhy(_ feature: ProFeature) -> String {
        switch feature {
        case .beastMode: say("Beast Mode (locked strictness) is part of Threshold Pro.")
        case .moreSchedules: say("Free keeps one schedule on at a time.")
        case .streakFreeze: say("The streak freeze is part of Threshold Pro.")
        }
    }

    private func time(_ instant: Date) -> String { catalog.time(instant) }

    /// A schedule's time of day, on the phone's clock.
    private func time(_ local: LocalTime) -> String {
        var components = DateComponents(year: 2001, month: 1, day: 1, hour: local.hour, minute: local.minute)
        components.timeZone = catalog.timeZone
        return catalog.calendar.date(from: components).map(time) ?? local.description
    }

    /// A calendar day in the phone's language: "Sunday, November 29".
    private func date(_ day: LocalDate) -> String {
        var components = DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)
        components.timeZone = catalog.timeZone
        guard let instant = catalog.calendar.date(from: components) else { return day.description }
        return instant.formatted(
            Date.FormatStyle(locale: catalog.locale, calendar: catalog.calendar, timeZone: catalog.timeZone)
                .weekday(.wide).month(.wide).day())
    }

    /// How long from `start` to `end`, in whole minutes rounded up: "42 min", "1 hr, 5 min".
    private func duration(from start: Date, to end: Date) -> String {
        let seconds = end.timeIntervalSince(start)
        guard seconds >= 60 else { return say("under a minute") }
        return duration(minutes: Int((seconds / 60).rounded(.up)))
    }

    private func duration(minutes: Int) -> String { catalog.duration(minutes: minutes) }

    /// A number as the phone's locale groups it: "2,500".
    private func number(_ n: Int) -> String { n.formatted(.number.locale(catalog.locale)) }

    /// Names joined as the phone's language lists them: "a, b and c" (or "a, b or c").
    /// Names that open a sentence: the first as a title, the rest as they read inside it.
    private func opening(_ names: [RestrictionName]) -> [String] {
        names.enumerated().map { $0.offset == 0 ? status.title($0.element) : status.name($0.element) }
    }

    private func list(_ items: [String], or: Bool = false) -> String {
        items.formatted(.list(type: or ? .or : .and).locale(catalog.locale))
    }

    private func say(_ phrase: Phrase) -> String { phrase.said(in: catalog) }
}
