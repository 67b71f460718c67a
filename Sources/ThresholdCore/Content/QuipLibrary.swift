import Foundation

/// One screen-time quip (seed 001 §10): a line sent at a 30-minute screen-time threshold, in
/// Threshold's own words — witty, kind, never shaming.
public struct Quip: Hashable, Sendable, Identifiable {
    /// How much of the day has gone to the screen when it fits.
    public enum Stretch: String, Hashable, Sendable, CaseIterable {
        /// 30 minutes to 1 h 30.
        case early
        /// 2 to 4 hours.
        case middle
        /// 4 h 30 and on.
        case long

        public init(minutes: Int) {
            self = minutes <= 90 ? .early : minutes <= 240 ? .middle : .long
        }
    }

    /// When in the day it fits; `nil` for any time.
    public enum Daypart: String, Hashable, Sendable, CaseIterable {
        /// 05:00–11:59.
        case morning
        /// 12:00–17:59.
        case afternoon
        /// 18:00–04:59.
        case night

        public init(hour: Int) {
            self = (5..<12).contains(hour) ? .morning : (12..<18).contains(hour) ? .afternoon : .night
        }
    }

    /// Which goal streak it speaks to; `nil` for anyone.
    public enum StreakMood: String, Hashable, Sendable, CaseIterable {
        /// Three or more days under the goal.
        case onAStreak
        /// No streak yet, or starting again.
        case startingOut

        public init(streakDays: Int) { self = streakDays >= 3 ? .onAStreak : .startingOut }
    }

    public let id: Int
    public let text: String
    public let stretch: Stretch
    public let daypart: Daypart?
    public let streak: StreakMood?
}

/// Threshold's quips: the library and the rules that choose one.
///
/// - **When**: at each 30-minute screen-time threshold of today (not the warnings, not a late
///   report of an earlier day), while the person has them on (``Settings/quips``, on by default
///   once screen time is tracked). The setting is read when the threshold's callback is handled:
///   turned off before, no quip; turned off after, the one sent stays sent.
/// - **At most ``perDay``** (16) a day: the 32 thresholds reach 16 hours, so a quip can go at
///   every threshold of an 8-hour day and never more than 16.
/// - **None repeated within ``repeatWindowDays``** (7) days.
/// - **Varied**: a quip fits how long the day has gone (``Quip/Stretch``), the time of day and
///   the goal streak; among those that fit and were not sent lately, one is picked by a number
///   the caller derives from the day and threshold (pure: no clock, no random source inside).
///   When none fits, the rules relax in order (streak, then time of day, then stretch, then
///   any quip not sent lately) before sending nothing.
public enum QuipLibrary {
    public static let perDay = 16
    public static let repeatWindowDays = 7
    public static let maximumLength = 110

    /// The quip for a threshold of `minutes` reached at `hour` with a goal streak of `streakDays`,
    /// given what was sent (`sent`: each quip's id and day), or `nil` when today's allowance is
    /// used or every quip went out in the last week.
    public static func choose(minutes: Int, hour: Int, streakDays: Int, on day: LocalDate, sent: [SentQuip], pick: UInt64) -> Quip? {
        guard sent.filter({ $0.day == day }).count < perDay else { return nil }
        let recent = Set(sent.filter { $0.day.dayNumber > day.dayNumber - repeatWindowDays }.map(\.id))
        let fresh = all.filter { !recent.contains($0.id) }
        let stretch = Quip.Stretch(minutes: minutes), daypart = Quip.Daypart(hour: hour), mood = Quip.StreakMood(streakDays: streakDays)
        let tiers: [(Quip) -> Bool] = [
            { $0.stretch == stretch && ($0.daypart ?? daypart) == daypart && ($0.streak ?? mood) == mood },
            { $0.stretch == stretch && ($0.daypart ?? daypart) == daypart && $0.streak == nil },
            { $0.stretch == stretch && $0.daypart == nil && $0.streak == nil },
            { $0.daypart == nil && $0.streak == nil },
            { _ in true },
        ]
        for fits in tiers {
            let candidates = fresh.filter(fits)
            if !candidates.isEmpty { return candidates[Int(pick % UInt64(candidates.count))] }
        }
        return nil
    }

    /// Every quip, by id.
    public static let all: [Quip] = lines.enumerated().map { index, line in
        Quip(id: index + 1, text: line.text, stretch: line.stretch, daypart: line.daypart, streak: line.streak)
    }

    private typealias Line = (stretch: Quip.Stretch, daypart: Quip.Daypart?, streak: Quip.StreakMood?, text: String)

    // NB: the project's own words. Kind, a little wry, never shaming: the phone is the joke, not the person.
    private static let lines: [Line] = [
        // Early in the day's screen time, any time.
        (.early, nil, nil, "Half an hour on the glowing rectangle. The rectangle says thanks; the sky says hi."),
        (.early, nil, nil, "Thirty minutes in. Your thumbs have done a 5K. Maybe let your legs have a turn?"),
        (.early, nil, nil, "Quick check-in from Threshold: still you, still in charge. Carry on or look up."),
        (.early, nil, nil, "A small screen-time milestone. No confetti, just a nudge to notice it."),
        (.early, nil, nil, "Your phone misses you when you're gone. It'll cope. It's a phone."),
        (.early, nil, nil, "Half an hour down. The feed will still be there; the moment outside might not."),
        (.early, nil, nil, "Plot twist: the most interesting thing nearby might not have a battery."),
        (.early, nil, nil, "Stretch your neck. It has been doing the phone nod for a while."),
        (.early, nil, nil, "Time for a glance up. Ceilings are underrated."),
        (.early, nil, nil, "An hour of scrolling. The algorithm is delighted. Are you?"),
        (.early, nil, nil, "Friendly reminder that you can put this down and nothing will explode."),
        (.early, nil, nil, "You've met your daily dose of other people's breakfasts."),
        (.early, nil, nil, "Blink twice if you'd like a break. Actually, just blink. Eyes like that."),
        (.early, nil, nil, "This is your screen time speaking. I think we should see other people."),
        (.early, nil, nil, "A glass of water would love to hear from you."),
        (.early, nil, nil, "Ninety minutes of pixels. Try a few minutes of actual distance?"),
        (.early, nil, nil, "If the next scroll isn't bringing you joy, you're allowed to stop."),
        (.early, nil, nil, "Fun fact: windows come in a non-touchscreen version too."),
        (.early, nil, nil, "You've scrolled further than most people walk before lunch. Impressive thumbs."),
        (.early, nil, nil, "Nothing urgent here. Just Threshold, waving from the corner."),
        (.early, nil, nil, "The group chat can survive ten minutes without you. Probably."),
        (.early, nil, nil, "A tiny pause now is cheaper than a long one later. Take one on us."),
        (.early, nil, nil, "Screens are great. So are shoulders that aren't up by your ears."),
        (.early, nil, nil, "Consider this a soft knock. Come out when you're ready."),
        (.early, nil, nil, "Phone: still fully charged with opinions. You: maybe needing a snack."),
        // Early, by time of day.
        (.early, .morning, nil, "Good morning! The sun got up too, and it's not even on social media."),
        (.early, .morning, nil, "Half an hour before the day's begun. Breakfast would like a word."),
        (.early, .morning, nil, "Morning scrolls are like cold coffee: fine, but the real thing is nicer."),
        (.early, .morning, nil, "The day is fresh out of the box. Maybe unwrap it away from the screen?"),
        (.early, .morning, nil, "Early screen time spotted. The birds outside are doing a live show."),
        (.early, .morning, nil, "Your morning self asked me to remind you of your plans. All of them."),
        (.early, .morning, nil, "First stretch of the day? Make it your arms, not your feed."),
        (.early, .afternoon, nil, "Afternoon slump? A walk beats a scroll at perking things up."),
        (.early, .afternoon, nil, "Lunch break screen time logged. Dessert: five minutes of nothing at all."),
        (.early, .afternoon, nil, "It's the middle of the day. The middle of you might like a stretch."),
        (.early, .afternoon, nil, "Post-lunch scroll detected. Consider a post-lunch stroll instead."),
        (.early, .afternoon, nil, "The afternoon is long and the phone is short on surprises. Look around."),
        (.early, .night, nil, "Evening already? Your eyes have clocked in enough overtime."),
        (.early, .night, nil, "The night is young, and so is your chance to put the phone on the charger."),
        (.early, .night, nil, "Dinner tastes better when it's the only thing you're looking at."),
        (.early, .night, nil, "Evening light and phone light don't mix well. Dim one of them."),
        (.early, .night, nil, "The couch is comfy. It's even comfier with a book."),
        (.early, .night, nil, "Late scrolling: like a midnight snack, but for your brain. Maybe skip it."),
        // Early, by streak.
        (.early, nil, .onAStreak, "You're on a streak. This is the part where streaks are kept. You've got it."),
        (.early, nil, .onAStreak, "Days under your goal in a row! Let's not let half an hour get ideas."),
        (.early, nil, .onAStreak, "Your streak sends its regards and asks for a short break."),
        (.early, nil, .onAStreak, "A streak like yours deserves a bodyguard. Consider this me, on duty."),
        (.early, nil, .startingOut, "Every streak starts with one day. Today is a fine candidate."),
        (.early, nil, .startingOut, "Fresh start energy: one good day is all today needs to be."),
        (.early, nil, .startingOut, "No streak yet, no problem. Put the phone down for a bit and start one."),
        (.early, nil, .startingOut, "Today is day one of something, if you want it to be."),
        // Middle of the day's screen time, any time.
        (.middle, nil, nil, "Two hours on screens. Your phone's having a lovely day. How about you?"),
        (.middle, nil, nil, "That's a movie's worth of screen time. Was it a good movie?"),
        (.middle, nil, nil, "Your thumb has been busy. Give it the afternoon off?"),
        (.middle, nil, nil, "Checking in: are you scrolling, or is the scroll scrolling you?"),
        (.middle, nil, nil, "This app is not going anywhere. You, on the other hand, could."),
        (.middle, nil, nil, "Two and a half hours. Nothing wrong with that, and nothing wrong with a pause."),
        (.middle, nil, nil, "Your battery is draining. So, perhaps, is your patience for ads."),
        (.middle, nil, nil, "Three hours. Your phone has seen more of you today than your mirror has."),
        (.middle, nil, nil, "Hydration check, posture check, screen check. Two out of three ain't bad."),
        (.middle, nil, nil, "Look at something twenty feet away for twenty seconds. Your eyes will thank you."),
        (.middle, nil, nil, "If you've read every comment, congratulations: you have finished the internet."),
        (.middle, nil, nil, "There's a world out there with excellent resolution. No subscription needed."),
        (.middle, nil, nil, "Three and a half hours in. Time for a round of stand up, stretch, sit back down."),
        (.middle, nil, nil, "A walk around the block counts as content too. Very immersive."),
        (.middle, nil, nil, "You've earned a break. Not as a reward, just because breaks are nice."),
        (.middle, nil, nil, "Four hours of screen. Maybe four minutes of window?"),
        (.middle, nil, nil, "Your phone called. It says it could use a nap. So could its owner, maybe."),
        (.middle, nil, nil, "Let's call this a halftime. Orange slices optional."),
        (.middle, nil, nil, "The feed refreshes forever. You don't have to keep up with it."),
        (.middle, nil, nil, "Somewhere, a houseplant would love some attention."),
        (.middle, nil, nil, "Quick idea: message a friend to meet instead of to scroll."),
        (.middle, nil, nil, "It's not you, it's the infinite scroll. It was built to be hard to leave."),
        (.middle, nil, nil, "Phone down, shoulders down, breathe out. There. Look at you."),
        (.middle, nil, nil, "You've seen a lot of videos. Be the main character somewhere offline for a bit."),
        (.middle, nil, nil, "Reality called. It has great lighting today."),
        (.middle, nil, nil, "Notifications can wait. They're very patient. They've had practice."),
        (.middle, nil, nil, "Today's screen time is climbing. Your goal is cheering from the sidelines."),
        (.middle, nil, nil, "You could keep going. You could also go make tea. Just saying."),
        (.middle, nil, nil, "Two hours. The phone is warm; the outside is warmer, or at least fresher."),
        (.middle, nil, nil, "Nobody ever said, on a good day, 'I wish I'd scrolled more.'"),
        // Middle, by time of day.
        (.middle, .morning, nil, "Two hours before noon! Your morning is being very online. Let it breathe."),
        (.middle, .morning, nil, "A busy morning on screens. Lunch will be better if it's screen-free."),
        (.middle, .morning, nil, "The morning's half gone into the phone. The other half is still up for grabs."),
        (.middle, .morning, nil, "Morning marathon in progress. Hydrate, stretch, and maybe stop at the water station."),
        (.middle, .afternoon, nil, "Afternoon check: the phone's had your attention since lunch. Share it around."),
        (.middle, .afternoon, nil, "Three hours and it's only afternoon. Plenty of day left to spend elsewhere."),
        (.middle, .afternoon, nil, "The 3 PM slump is real. So is the 3 PM walk. Pick your fighter."),
        (.middle, .afternoon, nil, "Afternoon light is the best light. Go see some of it in person."),
        (.middle, .afternoon, nil, "Put the phone face down for ten minutes. It's shy; it won't mind."),
        (.middle, .night, nil, "Evening arrived while you were looking down. Say hello to it."),
        (.middle, .night, nil, "A few hours of screen today. The evening could be for something else."),
        (.middle, .night, nil, "Night mode is on. Maybe switch on human mode too."),
        (.middle, .night, nil, "Your future self, in bed in an hour, would like the phone out of reach."),
        (.middle, .night, nil, "The evening's best content is the people in the room. Go watch them."),
        // Middle, by streak.
        (.middle, nil, .onAStreak, "Your streak is looking at the clock. It's not worried, just attentive."),
        (.middle, nil, .onAStreak, "You've kept your goal for days. A short break now keeps the run alive."),
        (.middle, nil, .onAStreak, "Streaks are built in moments like this one. Put it down and smile smugly."),
        (.middle, nil, .onAStreak, "Your streak has a lot riding on the next hour. No pressure. Some pressure."),
        (.middle, nil, .startingOut, "Building a streak is like building a habit: one small pause at a time."),
        (.middle, nil, .startingOut, "Today can still land under your goal. A little break would help it along."),
        (.middle, nil, .startingOut, "No streak to protect yet, which makes today a great day to start one."),
        (.middle, nil, .startingOut, "Yesterday is done. Today's still open. A few minutes away would be a good start."),
        // Long days on screen, any time.
        (.long, nil, nil, "A long day on screens. That happens. Be kind to yourself and your eyes."),
        (.long, nil, nil, "Four and a half hours. Whatever today needed, you handled it. Now rest a bit."),
        (.long, nil, nil, "Big screen day. Tomorrow is a blank one. No judgement, just a gentle nudge."),
        (.long, nil, nil, "Your phone has been a good companion today. Let it sleep early tonight."),
        (.long, nil, nil, "Five hours. Some days are like that. A stretch and a glass of water would help."),
        (.long, nil, nil, "If today was work on the phone, well done. If it wasn't, still well done for noticing."),
        (.long, nil, nil, "You're still here, and so am I. Let's both take a breather."),
        (.long, nil, nil, "A long scroll deserves a long exhale. In, and out. Nice."),
        (.long, nil, nil, "Six hours of screen. Your eyes are asking for dim lights and a blank wall."),
        (.long, nil, nil, "Heavy screen day? Consider it data, not a verdict."),
        (.long, nil, nil, "Lots of screen today. Maybe the next hour belongs to your feet."),
        (.long, nil, nil, "We've been at this a while. How about a snack break away from the glow?"),
        (.long, nil, nil, "Your thumbs have worked a full shift. They'd like to clock out."),
        (.long, nil, nil, "Seven hours of screen. You're allowed to close everything and do nothing."),
        (.long, nil, nil, "The internet will still be the internet tomorrow. Honestly, it barely changes."),
        (.long, nil, nil, "Long day on the phone. A walk, a shower or a song might reset the dial."),
        (.long, nil, nil, "This is a gentle tap on the shoulder, not a scolding. Pause if you can."),
        (.long, nil, nil, "Eight hours. You must have had reasons. Now give yourself a reason to rest."),
        (.long, nil, nil, "Some days the phone wins the round. The match is long. Rest up."),
        (.long, nil, nil, "Your screen time is having a big day. You can let it have a quiet evening."),
        (.long, nil, nil, "Try this: phone in another room for twenty minutes. See who misses whom."),
        (.long, nil, nil, "It's a lot of scrolling, and you're still more interesting than anything in it."),
        (.long, nil, nil, "Tomorrow's goal starts at midnight. Tonight, be gentle and log off early."),
        (.long, nil, nil, "You've seen the whole feed. The ending is always the same: more feed."),
        (.long, nil, nil, "Nine hours. If you need the phone today, fine. If not, the door's right there."),
        // Long, by time of day.
        (.long, .morning, nil, "A huge morning on screens. Lunch offline might feel like a holiday."),
        (.long, .morning, nil, "Quite the morning! The rest of the day could be quieter. Your call."),
        (.long, .afternoon, nil, "Long afternoon on the phone. A window and a stretch would be a plot twist."),
        (.long, .afternoon, nil, "The afternoon's gone to the screen. The evening could go to you."),
        (.long, .afternoon, nil, "Lots of screen, lots of afternoon left. Step outside and reset the day."),
        (.long, .night, nil, "It's late and the screen is bright. Sleep would like its turn."),
        (.long, .night, nil, "The night shift is optional. Plug the phone in across the room."),
        (.long, .night, nil, "Long day, late hour. The best thing on your phone now is the alarm."),
        (.long, .night, nil, "Bedtime scrolling steals tomorrow's morning. Let's keep tomorrow intact."),
        (.long, .night, nil, "Moon's up, screen's up. One of you should go to bed."),
        (.long, .night, nil, "Your pillow has no notifications. It's a feature, not a bug."),
        // Long, by streak.
        (.long, nil, .onAStreak, "Over today's goal, maybe. Your streak has lives for days like this one."),
        (.long, nil, .onAStreak, "Even great streaks have heavy days. That's what lives are for. Rest now."),
        (.long, nil, .onAStreak, "You've been so steady lately. One long day doesn't undo that."),
        (.long, nil, .startingOut, "Long day? Tomorrow is a fine day to start a streak. Sleep well first."),
        (.long, nil, .startingOut, "Today ran long on screens. Tomorrow gets a clean slate, and so do you."),
        (.long, nil, .startingOut, "No streak to lose today, so no guilt allowed. Just a nudge to rest."),
        // A few more, any stretch of the day.
        (.early, nil, nil, "Threshold's official position: you're doing fine. Unofficially: go outside."),
        (.middle, nil, nil, "The scroll bar is infinite. Your afternoon isn't. Choose wisely, or don't, it's fine."),
        (.long, nil, nil, "You and your phone have spent quality time. Time for some quality time apart."),
        (.early, nil, nil, "Curious thing about doors: they open onto places with no loading screens."),
        (.middle, nil, nil, "Your screen-time score is sliding gently. A break slides it back up."),
        (.long, nil, nil, "Kindly reminding you that 'one more video' has a long and colourful history."),
    ]
}

/// A quip sent: which, and on which local day (``ProgressRecord/quipsSent``).
public struct SentQuip: Hashable, Codable, Sendable {
    public let id: Int
    public let day: LocalDate

    public init(id: Int, day: LocalDate) {
        self.id = id
        self.day = day
    }
}
