import Foundation
import Observation
import SwiftUI
import Testing

// SwiftUI's documented semantics where they change what a person sees or can do.

@MainActor @Observable
final class Log {
    var lines: [String] = []
    var shown = true
    var generation = 0
    var other = 0
}

@MainActor
struct Tally: View {
    @State private var count = 0
    let log: Log
    var body: some View {
        Button {
            count += 1
        } label: {
            Text(verbatim: "Count \(count)")
        }
        .onAppear { log.lines.append("appear") }
        .onDisappear { log.lines.append("disappear") }
    }
}

@MainActor
struct TallyHolder: View {
    let log: Log
    var body: some View {
        VStack {
            if log.shown { Tally(log: log).id(log.generation) }
            Text(verbatim: "other \(log.other)")
        }
    }
}

@MainActor
struct Waiting: View {
    let log: Log
    var body: some View {
        Text(verbatim: "Waiting")
            .task {
                log.lines.append("task started")
                do {
                    try await Task.sleep(for: .seconds(3_600))
                    log.lines.append("task finished")
                } catch {
                    log.lines.append("task cancelled")
                }
            }
    }
}

@MainActor
struct WaitingHolder: View {
    let log: Log
    var body: some View {
        VStack { if log.shown { Waiting(log: log) } }
    }
}

@MainActor
struct DisabledForm: View {
    var body: some View {
        Form {
            Section {
                Button {
                } label: {
                    Text(verbatim: "Inside")
                }
            }
        }
        .disabled(true)
    }
}

@MainActor
func button(_ words: String, in host: ViewHost) throws -> Element {
    try host.update()
    func find(_ elements: [Element]) -> Element? {
        for element in elements {
            if case .button = element.kind, element.name == words { return element }
            if let found = find(element.children) { return found }
        }
        return nil
    }
    return try #require(find(Screen(host).top.content), "no button reads “\(words)”")
}

@MainActor @Observable
final class Shows {
    var sheet = false
    var alert = false
}

/// An alert and a sheet from the same screen; the alert's modifier is drawn first.
@MainActor
struct TwoPresentations: View {
    let shows: Shows
    var body: some View {
        Text(verbatim: "Base")
            .alert(Text(verbatim: "An alert"), isPresented: Binding(get: { shows.alert }, set: { shows.alert = $0 })) {}
            .sheet(isPresented: Binding(get: { shows.sheet }, set: { shows.sheet = $0 })) { Text(verbatim: "A sheet") }
    }
}

@Suite @MainActor struct SemanticsTests {
    func host(_ view: some View) -> ViewHost { ViewHost(view, environment: EnvironmentValues(), now: { Date() }) }

    /// `@State` lives as long as the view's identity: a parent's re-render keeps it, a new
    /// identity (`.id` changed, or the view removed and shown again) starts fresh.
    /// What is hidden or fully transparent keeps its place but is not seen, read or tapped, as on
    /// an iPhone (issue 39 item 4): a person cannot press a button at opacity 0.
    @Test func aHiddenOrTransparentView_isNeitherSeenNorTapped() throws {
        let view = VStack {
            Button {
            } label: {
                Text(verbatim: "Invisible")
            }.opacity(0)
            Button {
            } label: {
                Text(verbatim: "Hidden")
            }.hidden()
            Text(verbatim: "Faint").opacity(0.3)
            VStack {
                Button {
                } label: {
                    Text(verbatim: "Inside")
                }
            }.opacity(0)
            Button {
            } label: {
                Text(verbatim: "Shown")
            }
        }
        let host = host(view)
        try host.update()
        let shown = Screen(host).top.content
        #expect(Screen.words(shown) == "Faint Shown", "a faint text is still read")
        let buttons = shown.flatMap(\.flattened).filter { if case .button = $0.kind { true } else { false } }
        #expect(buttons.map(\.name) == ["Shown"])
    }

    /// One presentation at a time from a screen (issue 39 item 4): one asked for while another is
    /// up is refused, as iOS refuses it ("already presenting"), whichever modifier is drawn first;
    /// once the first goes, the other can show.
    @Test func aPresentationWhileAnotherIsUp_isRefused_andTheFirstStays() throws {
        let shows = Shows()
        let host = host(TwoPresentations(shows: shows))
        try host.update()
        shows.sheet = true
        try host.update()
        #expect(Screen(host).top.kind == .sheet)
        shows.alert = true
        try host.update()
        let screen = Screen(host)
        #expect(screen.top.kind == .sheet, "the sheet stays; the alert is not stacked over it")
        #expect(screen.refused.count == 1 && screen.refused.first?.hasPrefix("alert") == true, "\(screen.refused)")
        shows.sheet = false
        try host.update()
        #expect(Screen(host).top.kind == .alert)
        #expect(Screen(host).refused.isEmpty)
    }

    @Test func stateLivesAsLongAsTheIdentity() throws {
        let log = Log()
        let host = host(TallyHolder(log: log))
        try tap("Count 0", in: host)
        try tap("Count 1", in: host)
        log.other = 1
        #expect(try words(host) == ["Count 2", "other 1"])
        log.generation += 1
        #expect(try words(host) == ["Count 0", "other 1"])
        try tap("Count 0", in: host)
        log.shown = false
        try host.update()
        log.shown = true
        #expect(try words(host) == ["Count 0", "other 1"])
    }

    /// `onAppear` runs once per appearance, not per render; `onDisappear` when the view leaves.
    @Test func onAppearRunsOncePerAppearance() throws {
        let log = Log()
        let host = host(TallyHolder(log: log))
        try host.update()
        log.other = 1
        try host.update()
        try tap("Count 0", in: host)
        #expect(log.lines == ["appear"])
        log.shown = false
        try host.update()
        log.shown = true
        try host.update()
        #expect(log.lines == ["appear", "disappear", "appear"])
    }

    /// A `task` starts once when its view appears and is cancelled when the view leaves.
    @Test func aTaskIsCancelledWhenItsViewLeaves() async throws {
        let log = Log()
        let host = host(WaitingHolder(log: log))
        try host.update()
        // NB: the task runs when the main actor is free; beside other tests that can take many turns.
        for _ in 0..<1_000 where log.lines.isEmpty { await Task.yield() }
        #expect(log.lines == ["task started"])
        log.shown = false
        try host.update()
        for _ in 0..<1_000 where log.lines.count < 2 { await Task.yield() }
        #expect(log.lines == ["task started", "task cancelled"])
    }

    /// `.disabled` reaches every control beneath it.
    @Test func disabledIsInherited() throws {
        let host = host(DisabledForm())
        #expect(try button("Inside", in: host).isDisabled)
    }

    /// A change to an `@Observable` value renders again what read it, and nothing else.
    @Test func onlyTheViewsThatReadAChangedValueRenderAgain() throws {
        let log = Log()
        let host = host(TallyHolder(log: log))
        try host.update()
        let before = host.evaluations
        log.lines.append("unread")
        try host.update()
        #expect(host.evaluations == before, "nothing read `lines` in a body")
        log.other = 2
        try host.update()
        #expect(host.evaluations == before + 1, "only TallyHolder read `other`; Tally's value is unchanged")
    }
}
