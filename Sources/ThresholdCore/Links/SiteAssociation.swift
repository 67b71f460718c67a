import Foundation

/// The `apple-app-site-association` file for ``LinkRoute/host``: the paths the app claims
/// (``LinkRoute/claimedPaths``, exactly the links the router writes), for the app of a team.
///
/// The Together server serves it at `/.well-known/apple-app-site-association` with the team its
/// configuration names; no copy with a placeholder team is kept anywhere to go stale.
public enum SiteAssociation {
    /// The app's bundle identifier, which the file names with the team (EntryPoints'
    /// `AppIdentity` reads it from here).
    public static let bundleIdentifier = "app.threshold"

    /// What each claimed path is for, as the file's comments say.
    public static let purposes: [String: String] = [
        "/start": "Start the last-used profile, or ask end or break when it is on (a card written with the plain start link).",
        "/start/*": "Start a profile (Shortcuts, the web).",
        "/k/*": "An NFC key's tap; its secret rides in the fragment, which never reaches the server.",
        "/p/*": "A Together partner's invitation (single use, 7 days).",
        "/home": "The home screen.",
        "/pray": "Selah's prayer flow (the Selah shield's notification), for an app with ?app=.",
        "/unlock": "The unlock gate for what is blocked now (the Unblock quick action).",
        "/unlock/*": "The unlock gate for an app (the shields' Unlock options).",
        "/challenge/*": "A challenge over an app's gate (the Challenge shield's Start Challenge).",
        "/session": "The running session.",
        "/session/*": "A profile's session (the session shield's Unlock?).",
        "/tutorial": "Finishing the first-run tutorial.",
        "/feedback": "Writing feedback (the Feedback quick action).",
        "/review": "The Daily Review of yesterday (the 9 AM reminder).",
    ]

    /// An Apple Developer team identifier: ten capital letters and digits, as Xcode's
    /// `DEVELOPMENT_TEAM` holds it. Anything else is refused, naming what was given.
    public static func teamID(_ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count == 10, trimmed.allSatisfy({ ($0.isASCII && $0.isUppercase) || ("0"..."9").contains($0) }) else {
            throw ValidationError("team id", .contentFile(.notATeamID(text)))
        }
        return trimmed
    }

    /// The file for the app `<team>.<bundle identifier>`.
    public static func document(team: String) throws -> Data {
        let team = try teamID(team)
        let components: [[String: String]] = LinkRoute.claimedPaths.map { path in
            ["/": path, "comment": purposes[path] ?? ""]
        }
        let file: [String: Any] = ["applinks": ["details": [["appIDs": ["\(team).\(bundleIdentifier)"], "components": components]]]]
        return try JSONSerialization.data(withJSONObject: file, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }
}
