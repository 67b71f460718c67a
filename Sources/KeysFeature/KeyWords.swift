import DesignSystem
import SwiftUI

/// Why a key could not be made or changed, beside the keys' controls.
@MainActor
public struct KeyProblemText: View {
    let problem: KeyProblem

    public init(problem: KeyProblem) { self.problem = problem }

    public var body: some View {
        switch problem {
        case .cannotWriteTags: Text.cannotWriteTags
        case .noProfile: Text("Choose a profile for the key.", bundle: .module)
        // NB: the tag writer's words (Core NFC's), as iOS gave them.
        case .notWritten(let words): Text(verbatim: words)
        case .refused(let problem): ProblemText(problem)
        }
    }
}

extension Text {
    /// Why this device writes no key, and what to do instead.
    public static var cannotWriteTags: Text {
        Text(
            "This device cannot write NFC tags. Make a key link instead: show it as a QR code the Camera opens, or copy it into an NFC writer app on a phone that has one.",
            bundle: .module)
    }
}
