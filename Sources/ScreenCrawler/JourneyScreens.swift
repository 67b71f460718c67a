import Foundation
import ScenarioSteps

/// The screens scenarios reach: the name of what Threshold shows after each of their steps.
package enum JourneyScreens {
    @MainActor
    package static func reached(by path: String) async throws -> Set<String> {
        var screens = Set<String>()
        for file in try Scenario.files(in: [path]) {
            let scenario = try Scenario.load(file)
            let runner = try scenario.makeRunner()
            try await scenario.play(on: runner) { _, _ in
                if let shown = runner.person.shownScreen() { screens.insert(shown.name) }
            }
        }
        return screens
    }
}
