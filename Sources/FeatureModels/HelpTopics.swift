import Foundation

/// Settings → Help: the questions people ask most (seed 004's FAQ), answered in Threshold's own
/// words. Plain text, so the simulated screens and the view show the same.
public enum HelpTopics {
    public struct Topic: Hashable, Sendable, Identifiable {
        public let question: String
        public let answer: String
        public var id: String { question }
    }

    public static let all: [Topic] = [
        Topic(question: "I need a blocked app right now. What do I do?",
              answer: "Every shield has a way through that you chose: open the unlock gate from the shield's notification or Home's Unlocks, and take the ritual it offers. Earned Access keeps an emergency unlock for real urgency: hold the button, say why, and the app opens for a while. A session you started can always be ended from the Session tab, unless you chose Beast Mode, which runs to its end on purpose."),
        Topic(question: "Why does Threshold need Screen Time access?",
              answer: "Apple lets an app shield other apps only through Screen Time. Threshold asks for it once; it sees only opaque tokens for the apps you pick, never what you do in them, and nothing leaves this iPhone. Without access nothing is shielded, so Threshold will not start a session that would only pretend to."),
        Topic(question: "My NFC key does nothing when I tap it.",
              answer: "Hold the top edge of the iPhone against the key for a second, with the screen on and unlocked. If it still does nothing, write the key again from Settings › Keys: a key you revoked, or one written for a profile you deleted, is refused. You can always start the same profile from the Session tab or a Shortcut."),
        Topic(question: "My iPad (or iPhone) has no NFC. Can I still use a key?",
              answer: "Yes. In Settings › Keys choose Make a key link: Threshold shows the key as a QR code. Print it or keep it on another screen, and point the Camera at it to start the profile; open it again to end it or take a break. You can also copy the link into an NFC writer app on a phone that has NFC. The link is the key, so keep it to yourself; revoke it if it gets out."),
        Topic(question: "How do I move Threshold to a new iPhone?",
              answer: "On the old iPhone choose Settings › Backup › Export a backup and save the file in Files or iCloud Drive. On the new one, choose Restore from a backup on Threshold's first screen. Your profiles, keys, streaks and history come back; Screen Time keeps app choices per iPhone, so Threshold names what needs its apps picked again."),
        Topic(question: "How do I stop myself from simply switching Threshold off?",
              answer: "Don't set a Screen Time passcode for yourself to do it: one you forget, or set in a weak moment, locks you out of your own Screen Time settings, and Threshold cannot undo it. If you want that hard stop, let someone you trust set the passcode and keep it (Settings › Screen Time › Lock Screen Time Settings); turning off Threshold's access or deleting the app then needs their help. Beast Mode is the lock Threshold gives you: a session nothing ends early, and no app can be deleted while it runs."),
        Topic(question: "Do shields come back if Threshold is closed or the phone restarts?",
              answer: "Yes. iOS keeps the shields and wakes Threshold's monitor when an unlock or a break ends, even with the app swiped away or after a restart. If a wake-up is ever missed, the next time any part of Threshold runs it sets things right, and Home says so."),
    ]
}
