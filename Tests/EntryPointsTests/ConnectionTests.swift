import EntryPoints
import Foundation
import Testing

@Suite struct ConnectionTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        var count: Int { lock.withLock { value } }
        func next() -> Int {
            lock.withLock {
                value += 1; return value
            }
        }
    }

    struct Refused: Error {}

    @Test func beforeConnecting_saysTheAppIsStillStarting() {
        #expect(throws: ConnectionError.notConnected) { try Connection<Int>().value() }
    }

    @Test func buildsOnce_onFirstUse() throws {
        let builds = Counter()
        let connection = Connection<Int>()
        connection.connect { builds.next() }
        #expect(builds.count == 0)
        #expect(try connection.value() == 1)
        #expect(try connection.value() == 1)
        #expect(builds.count == 1)
    }

    @Test func aFailedBuild_isTriedAgainNextTime() throws {
        let attempts = Counter()
        let connection = Connection<Int>()
        connection.connect {
            let attempt = attempts.next()
            if attempt == 1 { throw Refused() }
            return attempt
        }
        #expect(throws: Refused.self) { try connection.value() }
        #expect(try connection.value() == 2)
    }
}
