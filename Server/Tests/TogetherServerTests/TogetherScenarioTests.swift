import Foundation
import ScenarioSteps
import ScreenTimeSimulator
import Testing
import TogetherClient

/// Every Together scenario in `Server/Scenarios`: several people, each on a simulated iPhone of
/// their own, going through Threshold's screens (Settings › Together and the rest, the same
/// `ScenarioSteps` the root's scenarios use) against this server live on loopback and a real
/// PostgreSQL, the server's clock following the phones' virtual clock. One test case per file.
@MainActor @Suite(.serialized) struct TogetherScenarioTests {
    nonisolated static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")

    /// The files, by name within the folder.
    nonisolated static let files: [String] = ((try? Scenario.files(in: [folder.path])) ?? []).map {
        String($0.dropFirst(folder.path.count + 1))
    }

    @Test func theFolderHoldsTheJourneys() {
        #expect(Self.files.count >= 4, "\(Self.folder.path): \(Self.files)")
    }

    @Test(arguments: files) func scenario(_ file: String) async throws {
        let scenario = try TogetherScenario.load(Self.folder.appendingPathComponent(file).path)
        let story = Console.capturing()
        try await withLiveServer(from: scenario.setup.start) { base, clock in
            // Each Apple Account's iCloud Keychain, shared by the devices signed in to it.
            var keychains: [String: TogetherKeychain] = [:]
            let checked = TogetherTransport.checked(against: try OpenAPIDocument.load())
            do {
                try await scenario.run(
                    together: { appleAccount, phone in
                        let keychain = keychains[appleAccount] ?? .inMemory()
                        keychains[appleAccount] = keychain
                        return TogetherAccess(keychain: keychain) {
                            TogetherClient(baseURL: base, identity: $0, clock: { phone.clock.wall }, transport: checked)
                        }
                    },
                    serverTime: { clock.set($0) }, narrate: true, console: story)
            } catch {
                Issue.record("\(error)\n\nWhat happened:\n\(story.captured)")
                return
            }
            // To watch a journey that passes: TOGETHER_STORIES=1.
            if ProcessInfo.processInfo.environment["TOGETHER_STORIES"] != nil { print("▶ \(scenario.name)\n\(story.captured)") }
        }
    }
}
