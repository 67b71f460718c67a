import Foundation
import ScenarioSetup
import ScenarioSteps
import ScreenTimeSimulator
import Yams

/// The README's pictures, each named by a journey and the step it is taken after
/// (`Documentation/pictures/pictures.yaml`): what `threshold pictures` draws and checks.
///
/// ```yaml
/// pictures:
///   - name: home-selah
///     journey: Scenarios/journeys/selah-23-selah-alone-home-is-selahs.yaml
///     after: {expect: {screen: home, see: Pray to unlock}}
/// ```
///
/// `after:` is a step as the journey writes it, read by the journey's own step reader; an
/// `expect:` names the step by some of its checks (those it names are among the step's). It
/// must name one step, or say which with `nth:` (from 1), so a step added earlier in the
/// journey moves nothing. `step: N` (the Nth step, as `threshold run --pictures` numbers them)
/// is the fallback where a step has nothing of its own to name it by.
struct PictureManifest {
    /// One picture: a PNG and its words file, beside the manifest.
    struct Picture {
        /// The files' name, without extension: `home-selah` is `home-selah.png` and
        /// `home-selah.words.txt`.
        let name: String
        /// The journey, as the manifest names it (from the repository root).
        let journeyPath: String
        let journey: Scenario
        /// How many of the journey's steps run before the picture: it is taken after the last.
        let steps: Int

        /// The step it is taken after, as the journey writes it, with its line.
        var after: String { "\(journeyPath):\(journey.steps[steps - 1].line)" }
    }

    /// The manifest's path, as given.
    let file: String
    /// The folder the pictures are in: the manifest's.
    let folder: URL
    let pictures: [Picture]

    static let standard = "Documentation/pictures/pictures.yaml"

    /// Reads the manifest at `file` (from `root`, the repository's folder) and every journey it
    /// names, finding each picture's step. A journey or step that does not exist, or a step named
    /// twice over, is malformed (exit 2) with the manifest's line.
    static func load(_ file: String, root: URL) throws -> PictureManifest {
        let url = Self.resolve(file, root: root)
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            throw ScenarioProblem.malformed(file, 0, "there is no picture manifest here (threshold pictures --manifest names another)")
        }
        let reader = YAMLReader(file: file)
        let document = try reader.root(text)
        var list: [Node] = []
        for (key, value, _) in try reader.entries(document, "the picture manifest", allowed: ["pictures"]) where key == "pictures" {
            guard let sequence = value.sequence, !sequence.isEmpty else {
                throw reader.fail(value, "pictures: is a list of pictures, each {name, journey, after}")
            }
            list = Array(sequence)
        }
        guard !list.isEmpty else {
            throw reader.fail(document, "the manifest needs `pictures:`, a list of pictures, each {name, journey, after}")
        }
        var journeys: [String: Scenario] = [:]
        var names = Set<String>()
        let pictures = try list.map { node in
            let picture = try Self.picture(node, reader: reader, root: root, journeys: &journeys)
            guard names.insert(picture.name).inserted else { throw reader.fail(node, "“\(picture.name)” is named twice") }
            return picture
        }
        return PictureManifest(file: file, folder: url.deletingLastPathComponent(), pictures: pictures)
    }

    private static func picture(_ node: Node, reader: YAMLReader, root: URL, journeys: inout [String: Scenario]) throws -> Picture {
        let entries = try reader.entries(node, "a picture", allowed: ["name", "journey", "after", "nth", "step", "language"])
        let fields = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
        let name = try fields["name"].map { try reader.string($0, "name") }
        if let name, name.isEmpty || !name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) {
            throw reader.fail(fields["name"], "a picture's name is lowercase letters, digits and dashes (home-selah), not “\(name)”")
        }
        guard let name, let journeyNode = fields["journey"] else {
            throw reader.fail(
                node, "a picture needs name (its files' name) and journey (a scenario file), and after (a step) or step (a number)")
        }
        let path = try reader.string(journeyNode, "journey")
        var journey: Scenario
        if let loaded = journeys[path] {
            journey = loaded
        } else {
            let url = Self.resolve(path, root: root)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw reader.fail(journeyNode, "there is no journey \(path)" + Self.likely(path, root: root))
            }
            journey = try Scenario.load(url.path)
            journeys[path] = journey
        }
        // The same journey on a phone in another language (`language: es`): the README's Spanish pictures.
        if let language = fields["language"] { journey = journey.speaking(try reader.choice(language, "language", as: PhoneLanguage.self)) }
        let steps: Int
        switch (fields["after"], fields["step"]) {
        case (let after?, nil):
            let nth = try fields["nth"].map { try reader.int($0, "nth", in: 1...10_000) }
            steps = try Self.find(after, nth: nth, in: journey, path: path, reader: reader)
        case (nil, let number?):
            if let nth = fields["nth"] { throw reader.fail(nth, "nth counts the steps `after:` names; with step: the number is the step") }
            let count = journey.steps.count
            steps = try reader.int(number, "step", in: 1...10_000)
            guard steps <= count else { throw reader.fail(number, "\(path) has \(count) step\(count == 1 ? "" : "s"), not \(steps)") }
        case (nil, nil):
            throw reader.fail(
                node,
                "say which step of \(path) the picture is taken after: after: {expect: {screen: home}} (a step as the journey writes it), or step: N"
            )
        case (_?, _?):
            throw reader.fail(node, "name the step once: after: (a step as the journey writes it) or step: (its number), not both")
        }
        return Picture(name: name, journeyPath: path, journey: journey, steps: steps)
    }

    /// The number of the step `after` names in `journey` (from 1): read by the journey's step
    /// reader; an `expect:` matches a step whose checks include all it names, any other step an
    /// equal one.
    private static func find(_ after: Node, nth: Int?, in journey: Scenario, path: String, reader: YAMLReader) throws -> Int {
        let named = try StepReader(reader: reader, setup: journey.setup).read(after)
        let matches = journey.steps.indices.filter { Self.step(named, names: journey.steps[$0].step) }
        let written = Self.written(after)
        let lines = { (indices: [Int]) in indices.map { String(journey.steps[$0].line) }.joined(separator: ", ") }
        guard !matches.isEmpty else {
            let verb = Self.verb(after)
            let text = (try? String(contentsOfFile: journey.file, encoding: .utf8))?.components(separatedBy: "\n") ?? []
            let alike = journey.steps.indices.filter { Self.verb(written: text, at: journey.steps[$0].line) == verb }
            throw reader.fail(
                after,
                "\(path) has no step `\(written)`"
                    + (alike.isEmpty ? "; it has no \(verb) step at all" : "; its \(verb) steps are at lines \(lines(alike))"))
        }
        if let nth {
            guard nth <= matches.count else {
                throw reader.fail(
                    after,
                    "\(path) has \(matches.count) step\(matches.count == 1 ? "" : "s") `\(written)` (line\(matches.count == 1 ? "" : "s") \(lines(matches))), not \(nth)"
                )
            }
            return matches[nth - 1] + 1
        }
        guard matches.count == 1 else {
            throw reader.fail(
                after,
                "`\(written)` names \(matches.count) steps of \(path) (lines \(lines(matches))): say which with nth: 1 to \(matches.count), or name more of its checks"
            )
        }
        return matches[0] + 1
    }

    /// Whether the step a manifest writes names `step`.
    static func step(_ named: Step, names step: Step) -> Bool {
        if case .expect(let wanted) = named, case .expect(let checks) = step { return wanted.allSatisfy(checks.contains) }
        return named == step
    }

    /// A step node as one line of YAML, as a journey writes it: `expect: {screen: home}`.
    static func written(_ node: Node) -> String {
        guard let mapping = node.mapping, mapping.count == 1, let only = mapping.first else { return flow(node) }
        return "\(flow(only.key)): \(flow(only.value))"
    }

    private static func flow(_ node: Node) -> String {
        if let scalar = node.scalar {
            let text = scalar.string
            return text.contains(where: { ":,[]{}#".contains($0) }) ? "\"\(text)\"" : text
        }
        if let sequence = node.sequence { return "[" + sequence.map(flow).joined(separator: ", ") + "]" }
        guard let mapping = node.mapping else { return "" }
        return "{" + mapping.map { "\(flow($0.key)): \(flow($0.value))" }.joined(separator: ", ") + "}"
    }

    /// The verb of a step node: `expect` for `expect: {…}`, `pray` for `pray`.
    private static func verb(_ node: Node) -> String {
        node.scalar?.string ?? node.mapping?.first?.key.scalar?.string ?? "?"
    }

    /// The verb of the step written at `line` (from 1) of a journey's lines.
    private static func verb(written lines: [String], at line: Int) -> String? {
        guard lines.indices.contains(line - 1) else { return nil }
        var step = lines[line - 1].trimmingCharacters(in: .whitespaces)
        if step.hasPrefix("- ") { step.removeFirst(2) }
        return String(step.prefix { $0 != ":" }).trimmingCharacters(in: .whitespaces)
    }

    /// A path from the repository root, or an absolute one.
    private static func resolve(_ path: String, root: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    /// “; did you mean …” with the journeys whose names begin as `path`'s does (`selah-23`).
    private static func likely(_ path: String, root: URL) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let stem = (((path as NSString).lastPathComponent as NSString).deletingPathExtension).split(separator: "-").prefix(2).joined(
            separator: "-")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: resolve(folder, root: root).path)) ?? []
        let alike = files.filter { $0.hasPrefix(stem) && $0.hasSuffix(".yaml") }.sorted()
        return alike.isEmpty
            ? "" : "; did you mean \(alike.map { (folder as NSString).appendingPathComponent($0) }.joined(separator: " or "))?"
    }
}
