import Foundation
import Observation
import SwiftUI
import Testing

@MainActor @Observable
final class Counter {
    var days: [Int] = []
    var title = "Streaks"
}

@MainActor
struct Box<Content: View>: View {
    let content: Content
    init(@ViewBuilder content: () -> Content) { self.content = content() }
    var body: some View { VStack { content } }
}

@MainActor
struct Days: View {
    let days: [Int]
    var body: some View {
        Box {
            Text(verbatim: "Days")
            ForEach(days, id: \.self) { day in Text(verbatim: "day \(day)") }
        }
    }
}

@MainActor
struct Root: View {
    let counter: Counter
    var body: some View {
        NavigationStack {
            ScrollView { Days(days: counter.days) }
        }
    }
}

@MainActor
func words(_ host: ViewHost) throws -> [String] {
    try host.update()
    return Screen(host).top.content.flatMap(\.readableTexts)
}

@Suite @MainActor struct RenderingTests {
    @Test func aChangedObservableValueDrawsTheRowsThatDependOnIt() throws {
        let counter = Counter()
        let host = ViewHost(Root(counter: counter), environment: EnvironmentValues(), now: { Date() })
        #expect(try words(host) == ["Days"])
        counter.days = [2]
        #expect(try words(host) == ["Days", "day 2"])
        counter.days = [2, 3]
        #expect(try words(host) == ["Days", "day 2", "day 3"])
    }
}
