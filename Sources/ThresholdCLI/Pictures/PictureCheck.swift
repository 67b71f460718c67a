import Foundation
import ScenarioSetup
import ScenarioSteps
import ScreenPictures
import SwiftUI

extension PictureManifest {
    /// The README's pictures are drawn light, at Dynamic Type's default size.
    static let style = PictureBook.threshold(.light, .default)

    /// Runs each picture's journey up to its step (a journey once, up to the last of its
    /// pictures' steps) and hands `take` the phone after it. A journey that fails before its
    /// step goes to `failed`, or, without it, stops the run.
    @MainActor
    func play(
        _ chosen: [Picture], take: @escaping @MainActor (Picture, StepRunner) throws -> Void,
        failed: (@MainActor (_ pictures: [Picture], ScenarioProblem) -> Void)? = nil
    ) async throws {
        // A journey is played once for each language its pictures are in.
        let run = { (picture: Picture) in "\(picture.journeyPath)|\(picture.journey.setup.language.rawValue)" }
        var journeys: [String] = []
        for picture in chosen where !journeys.contains(run(picture)) { journeys.append(run(picture)) }
        for key in journeys {
            let pictures = chosen.filter { run($0) == key }
            let journey = pictures[0].journey
            let last = pictures.map(\.steps).max() ?? 0
            let upToStep = Scenario(file: journey.file, name: journey.name, setup: journey.setup, steps: Array(journey.steps.prefix(last)))
            do {
                let runner = try upToStep.makeRunner()
                runner.person.colorScheme = Self.style.colorScheme
                runner.person.dynamicTypeSize = Self.style.dynamicTypeSize
                var number = 0
                try await upToStep.play(on: runner) { _, _ in
                    number += 1
                    for picture in pictures where picture.steps == number { try take(picture, runner) }
                }
            } catch let problem as ScenarioProblem {
                guard let failed else { throw problem }
                failed(pictures, problem)
            }
        }
    }

    /// The words the picture's screen shows on `runner`'s phone now; Threshold must be on screen.
    @MainActor
    static func words(of picture: Picture, on runner: StepRunner) throws -> PictureWords {
        // NB: the words as drawn: a Spanish picture's are Spanish (``Reading``).
        let shown = Reading.$asDrawn.withValue(true) { runner.person.shownScreen().map { PictureWords(shown: $0.words) } }
        guard let shown else {
            throw ScenarioProblem.failed(
                picture.journeyPath, picture.journey.steps[picture.steps - 1].line,
                "Threshold is not on screen after this step, and a README picture is of Threshold's screen")
        }
        return shown
    }

    /// The folder as the manifest's path names it (`Documentation/pictures`), for messages.
    var folderName: String {
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    func png(_ picture: Picture) -> URL { folder.appendingPathComponent(picture.name + ".png") }
    func wordsFile(_ picture: Picture) -> URL { folder.appendingPathComponent(picture.name + ".words.txt") }

    /// What is wrong with the pictures: a PNG or words file missing, words that are not what the
    /// step shows now, a journey that fails before its step and, checking them all, a picture in
    /// the folder that no entry names. None: every picture says what its step shows.
    @MainActor
    func problems(_ chosen: [Picture]? = nil) async -> [PictureProblem] {
        let chosen = chosen ?? pictures
        var problems: [PictureProblem] = []
        for picture in chosen {
            for file in [png(picture), wordsFile(picture)] where !FileManager.default.fileExists(atPath: file.path) {
                problems.append(.missing(picture: picture.name, file: "\(folderName)/\(file.lastPathComponent)"))
            }
        }
        do {
            try await play(
                chosen,
                take: { picture, runner in
                    let now = try Self.words(of: picture, on: runner)
                    guard let text = try? String(contentsOf: wordsFile(picture), encoding: .utf8) else { return }
                    let kept = PictureWords(file: text)
                    if kept != now {
                        problems.append(
                            .stale(
                                picture: picture.name, wordsFile: "\(folderName)/\(picture.name).words.txt", step: picture.after,
                                changes: now.changes(from: kept)))
                    }
                },
                failed: { pictures, problem in
                    problems.append(.failed(pictures: pictures.map(\.name), problem))
                })
        } catch {
            problems.append(.failed(pictures: [], ScenarioProblem.failed(file, 0, "\(error)")))
        }
        if chosen.count == pictures.count {
            let named = Set(pictures.flatMap { [$0.name + ".png", $0.name + ".words.txt"] })
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files.sorted() where (file.hasSuffix(".png") || file.hasSuffix(".words.txt")) && !named.contains(file) {
                problems.append(.unlisted(file: "\(folderName)/\(file)", manifest: self.file))
            }
        }
        return problems
    }
}

/// Something `threshold pictures --check` finds wrong with a picture.
enum PictureProblem: CustomStringConvertible {
    /// The step's screen shows other words than the picture's words file: the picture is stale.
    case stale(picture: String, wordsFile: String, step: String, changes: [String])
    case missing(picture: String, file: String)
    /// The journey failed before the step: the picture cannot be taken.
    case failed(pictures: [String], ScenarioProblem)
    /// A PNG or words file in the folder that no entry of the manifest names.
    case unlisted(file: String, manifest: String)

    var description: String {
        switch self {
        case .stale(let picture, let wordsFile, let step, let changes):
            "\(picture): the screen after \(step) no longer shows the words of \(wordsFile) (- kept, + shown now); "
                + "`threshold pictures \(picture)` draws it again\n" + changes.map { "    " + $0 }.joined(separator: "\n")
        case .missing(let picture, let file):
            "\(picture): \(file) is missing; `threshold pictures \(picture)` draws it"
        case .failed(let pictures, let problem):
            "\(pictures.joined(separator: ", "))\(pictures.isEmpty ? "" : ": ")the journey fails before the picture's step: \(problem)"
        case .unlisted(let file, let manifest):
            "\(file) is a picture no entry of \(manifest) names: add it there, or delete it"
        }
    }
}
