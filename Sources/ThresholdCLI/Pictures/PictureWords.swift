import Foundation
import ScenarioSteps

/// The words a picture's screen shows: what a step's `see:` reads (`Screen.Layer.words`, the top
/// layer), each run of words once, in the screen's order. Kept beside the PNG as
/// `NAME.words.txt`, one run a line, so a picture whose screen now says something else is found
/// without drawing it.
struct PictureWords: Equatable {
    let lines: [String]

    init(lines: [String]) { self.lines = lines }

    /// The words of a screen's top layer, as `see:` reads them (`Screen.Layer.words`), each once.
    init(shown words: [String]) {
        var seen = Set<String>()
        lines = words.filter { seen.insert($0).inserted }
    }

    /// A words file's text.
    init(file text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    var file: String { lines.joined(separator: "\n") + "\n" }

    /// What changed from `old` to these words, a line a change: `- ` what `old` had and these do
    /// not, `+ ` what these have and `old` did not, in the screen's order.
    func changes(from old: PictureWords) -> [String] {
        let (a, b) = (old.lines, lines)
        // The longest common subsequence, by dynamic programming: the words files are short.
        var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var changes: [String] = []
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                (i, j) = (i + 1, j + 1)
            } else if i < a.count, j == b.count || common[i + 1][j] >= common[i][j + 1] {
                changes.append("- " + a[i])
                i += 1
            } else {
                changes.append("+ " + b[j])
                j += 1
            }
        }
        return changes
    }
}
