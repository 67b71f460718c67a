/// The demo's five walkthroughs, one per path, written as scenarios so that the demo, `run`
/// and `play` share one vocabulary and every claim the demo makes is checked as it runs.
///
/// The person acts through the app's screens (`ScenarioSteps.Person`): `pray` opens Selah's
/// prayer as Home's "Pray to unlock" does, answers the mood and says Amen; `challenge`, `quest`,
/// `emergency` and `credits` go through the unlock gate and the ritual's screen; `start`, `end`
/// and `break` use the Session tab, whose rules, rewards and Focus Bank live in Core: the Present
/// walkthrough earns XP and coins at its goal, Earned Access spends the credits a focus session
/// earned, and Key meets its break quota.
enum Walkthroughs {
    struct Walkthrough {
        let key: String
        let title: String
        let summary: String
        let yaml: String
    }

    static let all = [selah, present, earnedAccess, challenge, key]

    static let selah = Walkthrough(
        key: "selah",
        title: "Selah — pray to unlock",
        summary: "Instagram, TikTok and YouTube open only after a short prayer, for ten minutes at a time.",
        yaml: """
            name: Selah
            setup:
              timezone: America/New_York
              start: 2026-11-23 07:30
              gates:
                - {id: selah, name: Selah, path: selah, apps: [instagram, tiktok, youtube], unlock: prayer, window: 10m}
            steps:
              - open-threshold
              - open: {app: instagram, shielded: true, reason: gated}
              - press: {app: instagram, button: primary}
              - tap-notification
              - pray: anxious
              - expect: {unshielded: [instagram, tiktok, youtube]}
              - open: {app: instagram, shielded: false}
              - kill-app
              - advance: 9m59s
              - open: {app: tiktok, shielded: false}
              - advance: 1s
              - expect: {shielded: [instagram, tiktok, youtube], reason: gated, shield-title: Selah}
              - note: the shield returned at 07:40 exactly, with Threshold not running
              - advance: 2h
              - pray
              - advance: 4m
              - reboot
              - advance: 6m
              - expect: {shielded: [instagram, tiktok, youtube], reason: gated}
              - note: a restart mid-window does not keep the apps open
              - expect: {activities-at-most: 20, repair: none}
            """)

    static let present = Walkthrough(
        key: "present",
        title: "Present — sessions and intentions",
        summary: "A 30-minute session shields the distracting apps; Instagram keeps an intention of three 5-minute opens a day.",
        yaml: """
            name: Present
            setup:
              timezone: America/New_York
              start: 2026-11-23 20:00
              profiles:
                - {id: deep, name: Deep work, emoji: 🌿, path: present, apps: [tiktok, youtube, reddit, x]}
              intentions:
                - {id: ig, app: instagram, opens: 3, minutes: 5}
            steps:
              - open-threshold
              - start: {profile: deep, goal: 30m}
              - expect: {live-activity: Deep work}
              - open: {app: youtube, shielded: true, reason: session}
              - expect: {shielded: [youtube], shield-title: Deep work}
              - advance: 30m
              - expect: {shielded: [youtube], reason: goal-reached, shield-title: Session Goal Reached, notification: Session goal reached}
              - end: deep
              - expect: {unshielded: [tiktok, youtube, reddit, x], session-ended: {profile: deep, state: completed}, live-activity: none}
              - expect: {balance: {xp: 5, coins: 5, credits: 0}}
              - note: a 30-minute goal is worth 5 XP and 5 coins (seed 001's table); credits are Earned Access's, so none are banked
              - open: {app: instagram, shielded: true, reason: intention}
              - press: {app: instagram, button: secondary}
              - advance: 10s
              - expect: {unshielded: [instagram], notification: Opening the app}
              - advance: 4m20s
              - expect: {notification: Closing in 30 seconds, unshielded: [instagram]}
              - advance: 30s
              - expect: {shielded: [instagram], reason: intention, shield-title: 1 of 3 opens}
              - advance-to: "00:00"
              - expect: {shielded: [instagram], shield-title: 0 of 3 opens}
              - note: at midnight the count of opens starts again
            """)

    static let earnedAccess = Walkthrough(
        key: "earned-access",
        title: "Earned Access — modes and the unlock gate",
        summary:
            "A morning focus session banks credits; Work mode blocks social apps on weekdays 9–5, and credits and quests buy short windows, one app at a time.",
        yaml: """
            name: Earned Access
            setup:
              timezone: America/New_York
              start: 2026-11-23 08:10
              profiles:
                - {id: focus, name: Focus, emoji: 🎯, path: present, apps: [instagram, tiktok, reddit, youtube]}
                - id: work
                  name: Work
                  emoji: 💼
                  path: earned-access
                  apps: [instagram, tiktok, reddit]
                  unlock: earned-access
                  schedules: [{days: weekdays, start: "09:00", end: "17:00"}]
            steps:
              - open-threshold
              - start: {profile: focus, goal: 30m}
              - advance: 40m
              - end: focus
              - expect: {session-ended: {profile: focus, state: completed}, balance: {credits: 40}}
              - note: every full minute focused banks a credit, extra time included
              - expect: {unshielded: [instagram]}
              - advance-to: "09:00"
              - expect: {shielded: [instagram, tiktok, reddit], reason: gated, shield-title: Blocked by Work, notification: Starting Work}
              - open: {app: instagram, shielded: true, reason: gated}
              - press: {app: instagram, button: primary}
              - tap-notification
              - credits: {minutes: 15, app: instagram}
              - expect: {unshielded: [instagram], shielded: [tiktok, reddit], balance: {credits: 25}}
              - advance: 15m
              - expect: {shielded: [instagram], reason: gated}
              - quest: {kind: breathing, app: tiktok}
              - expect: {unshielded: [tiktok], shielded: [instagram]}
              - advance: 5m
              - expect: {shielded: [tiktok]}
              - advance-to: "17:00"
              - expect: {unshielded: [instagram, tiktok, reddit]}
              - note: the mode ends on schedule; it starts again tomorrow at 9
              - advance-to: tue 09:00
              - expect: {shielded: [instagram, tiktok, reddit]}
            """)

    static let challenge = Walkthrough(
        key: "challenge",
        title: "Challenge — look up",
        summary: "Games and YouTube open for five minutes after a math challenge or a drawn game of tic-tac-toe.",
        yaml: """
            name: Challenge
            setup:
              timezone: America/New_York
              start: 2026-11-23 16:00
              gates:
                - {id: lookup, name: Challenge, path: challenge, apps: [youtube, chess, candycrush], unlock: challenge}
            steps:
              - open-threshold
              - open: {app: youtube, shielded: true, reason: gated}
              - expect: {shielded: [youtube], shield-title: Blocked by Challenge}
              - challenge: math
              - expect: {unshielded: [youtube, chess, candycrush]}
              - advance: 5m
              - expect: {shielded: [youtube, chess, candycrush], reason: gated}
              - challenge: tic-tac-toe
              - kill-app
              - advance: 4m
              - open: {app: candycrush, shielded: false}
              - advance: 1m
              - open: {app: candycrush, shielded: true, reason: gated}
            """)

    static let key = Walkthrough(
        key: "key",
        title: "Key — tap to focus",
        summary: "A tap of the Work key starts focus; a second tap asks to end or take a break; Sleep runs by itself overnight.",
        yaml: """
            name: Key
            setup:
              timezone: America/New_York
              start: 2026-11-23 09:30
              profiles:
                - {id: work, name: Work, emoji: 💼, path: key, apps: [instagram, tiktok, x], breaks: {count: 1, per: hour, minutes: 5}}
                - id: sleep
                  name: Sleep
                  emoji: 🌙
                  path: key
                  apps: [instagram, tiktok, x, youtube, netflix]
                  schedules: [{days: every-day, start: "23:00", end: "07:00"}]
            steps:
              - tap-key: work
              - expect: {shielded: [instagram, tiktok, x], reason: session, live-activity: Work}
              - advance: 50m
              - tap-key: work
              - choose: break
              - expect: {unshielded: [instagram, tiktok, x], on-break: work, live-activity: On a break}
              - kill-app
              - advance: 4m
              - expect: {notification: Break ends in 1 minute}
              - advance: 1m
              - expect: {shielded: [instagram, tiktok, x], reason: session}
              - note: the break ended on time with Threshold not running
              - tap-key: work
              - choose: break
              - expect: {refused: the next is available at 10:30, shielded: [instagram]}
              - note: one 5-minute break an hour; the second hour's comes at 10:30
              - advance: 2h
              - tap-key: work
              - choose: end
              - expect: {unshielded: [instagram, tiktok, x], session-ended: {profile: work, state: completed}, live-activity: none}
              - expect: {balance: {xp: 0, coins: 0, credits: 0}}
              - note: 2 h 50 min focused outside the break, a day of focus; XP and credits belong to Present and Earned Access, so Key keeps none
              - advance-to: "23:00"
              - expect: {shielded: [instagram, youtube, netflix], reason: session, notification: Starting Sleep}
              - break: sleep
              - expect: {refused: allows no breaks, shielded: [netflix]}
              - advance-to: "07:00"
              - expect: {unshielded: [instagram, youtube, netflix]}
            """)

    /// What `play` starts with when no setup is given.
    static let playground = """
        name: Playground
        setup:
          timezone: America/New_York
          start: 2026-11-23 09:00
          gates:
            - {id: selah, name: Selah, path: selah, apps: [tiktok, youtube], unlock: prayer}
          profiles:
            - {id: work, name: Work, emoji: 💼, path: key, apps: [instagram, x, reddit], breaks: {count: 1, per: hour, minutes: 5}}
          intentions:
            - {id: ig, app: instagram, opens: 3, minutes: 5}
        steps:
          - open-threshold
        """
}
