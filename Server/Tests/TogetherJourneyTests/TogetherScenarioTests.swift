@preconcurrency import Crypto
import Foundation
import InMemoryClients
import PostgresNIO
import ScenarioSteps
import ServerTestSupport
import ThresholdCore
import ScreenTimeSimulator
import Testing
import TogetherClient
@testable import TogetherServer

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
        // With `push-notifications: true`, the server pushes through a stand-in for APNs, which
        // hands each push to the phone whose token it names, as iOS shows it.
        let apns = scenario.setup.pushNotifications ? try await FakeAPNs.start() : nil
        let key = P256.Signing.PrivateKey()
        let configuration = apns.map {
            APNsConfiguration(
                endpoint: $0.endpoint, teamID: "TEAM123456", keyID: "KEY1234567", key: key, topic: "app.threshold",
                trustRoots: [$0.certificate])
        }
        defer { if let apns { Task { await apns.stop() } } }
        try await withLiveServer(from: scenario.setup.start, apns: configuration) { base, clock, database in
            // Each Apple Account's iCloud Keychain, shared by the devices signed in to it.
            var keychains: [String: TogetherKeychain] = [:]
            let checked = TogetherTransport.checked(against: try OpenAPIDocument.load())
            let pushes = Pushes()
            apns?.onDelivered { pushes.arrived($0) }
            let transport = apns == nil ? checked : pushes.waiting(after: checked, database: database)
            do {
                try await scenario.run(
                    together: { appleAccount, phone in
                        let keychain = keychains[appleAccount] ?? .inMemory()
                        keychains[appleAccount] = keychain
                        var access = TogetherAccess(keychain: keychain) {
                            TogetherClient(baseURL: base, identity: $0, clock: { phone.clock.wall }, transport: transport)
                        }
                        if apns != nil {
                            let token = phone.pushToken
                            pushes.phones.update { $0[token] = PhoneRef(phone) }
                            access.push = PushRegistration { token }
                        }
                        return access
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

/// A simulated phone, handed between the stand-in for APNs and the main actor.
// NB: @unchecked: the phone is only touched on the main actor (``Pushes/deliver()``).
struct PhoneRef: @unchecked Sendable {
    let phone: SimulatedPhone
    init(_ phone: SimulatedPhone) { self.phone = phone }
}

/// The pushes APNs took, on their way to the phones. A journey's steps wait for them: after each
/// request a phone makes, the server's push sender (running as in production) is given until no
/// push is left waiting, and what APNs took is shown on the phones it names, so "at once" is before
/// the next step.
final class Pushes: Sendable {
    let phones = Locked<[String: PhoneRef]>([:])
    private let queue = Locked<[FakeAPNs.Received]>([])

    func arrived(_ push: FakeAPNs.Received) { queue.update { $0.append(push) } }

    func waiting(after inner: TogetherTransport, database: PostgresClient.Configuration) -> TogetherTransport {
        TogetherTransport { [self] request in
            let answer = try await inner.send(request)
            if request.httpMethod == "POST", request.url?.path() == "/v1/partners/messages" {
                try await TestDatabase.withClient(database) { client in
                    for _ in 0..<100 {
                        guard try await TestDatabase.count("push_deliveries WHERE sent_at IS NULL AND failed IS NULL", in: client) > 0
                        else { break }
                        try await Task.sleep(for: .milliseconds(50))
                    }
                }
                await deliver()
            }
            return answer
        }
    }

    @MainActor func deliver() {
        let arrived = queue.update { queue in
            defer { queue = [] }; return queue
        }
        for push in arrived {
            guard let phone = phones.value[push.token]?.phone else { continue }
            phone.receivePush(
                id: push.headers["apns-collapse-id"] ?? "", title: push.alert?["title"] ?? "", body: push.alert?["body"] ?? "")
        }
    }
}
