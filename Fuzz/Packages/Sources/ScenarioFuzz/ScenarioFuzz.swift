import Foundation
import ScenarioSetup
import ScenarioSteps
import ThresholdCore
import Yams

// libFuzzer target for the scenario reader (`Scenario.parse(_:file:)`: YAML through Yams, then
// the setup and every step and expectation). Built by `Fuzz/run-fuzzer scenario`.
//
// Beyond "never crashes":
// 1. Reading is a function of the text: the same text reads the same scenario twice.
// 2. A scenario that parses re-reads the same: its YAML, written out again by Yams, parses to a
//    scenario with the same name, setup and steps (lines may move, nothing else).
// 3. A refused scenario is refused with a `ScenarioProblem` that names a line in the file.

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let scenario: Scenario
    do {
        scenario = try Scenario.parse(text, file: "fuzz.yaml")
    } catch let problem as ScenarioProblem {
        let lines = yamlLineCount(text)
        guard problem.line >= 1, problem.line <= max(1, lines + 1), !problem.problem.isEmpty else {
            fatalError("a refusal names line \(problem.line) of \(lines), or no problem: \(problem)")
        }
        return 0
    } catch {
        fatalError("a scenario was refused with \(type(of: error)), not a ScenarioProblem: \(error)")
    }
    guard let twice = try? Scenario.parse(text, file: "fuzz.yaml"), same(scenario, twice, lines: true) else {
        fatalError("the same text read twice gives different scenarios")
    }
    guard let node = try? Yams.compose(yaml: text), let rewritten = try? Yams.serialize(node: node) else {
        fatalError("a scenario that parses has YAML that Yams cannot write again")
    }
    let again: Scenario
    do {
        again = try Scenario.parse(rewritten, file: "fuzz.yaml")
    } catch {
        fatalError("a scenario that parses, written out again, is refused: \(error)\n--- text\n\(text)\n--- rewritten\n\(rewritten)")
    }
    guard same(scenario, again, lines: false) else {
        fatalError("a scenario that parses, written out again, reads differently\n--- text\n\(text)\n--- rewritten\n\(rewritten)")
    }
    return 0
}

private func same(_ a: Scenario, _ b: Scenario, lines: Bool) -> Bool {
    a.name == b.name && a.file == b.file
        && a.steps.map(\.step) == b.steps.map(\.step) && (!lines || a.steps.map(\.line) == b.steps.map(\.line))
        && a.setup.timeZone == b.setup.timeZone && a.setup.start == b.setup.start && a.setup.catalogue == b.setup.catalogue
        && a.setup.state == b.setup.state && a.setup.faults == b.setup.faults && a.setup.authorization == b.setup.authorization
        && a.setup.tutorial == b.setup.tutorial && a.setup.credits == b.setup.credits && a.setup.settings == b.setup.settings
        && a.setup.freshInstall == b.setup.freshInstall
}

/// Lines as YAML counts them: LF, CR, CR LF, NEL, LS and PS all end a line.
private func yamlLineCount(_ text: String) -> Int {
    var lines = 1
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n" where previous == "\r": break
        case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": lines += 1
        default: break
        }
        previous = scalar
    }
    return lines
}
