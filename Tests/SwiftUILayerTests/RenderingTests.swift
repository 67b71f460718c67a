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

    @Test func textCase_showsTheWordsBelowInItsCase_asTheLocaleWritesThem() throws {
        var turkish = EnvironmentValues()
        turkish.locale = Locale(identifier: "tr_TR")
        let host = ViewHost(
            VStack {
                Text(verbatim: "ink"); Text(verbatim: "Red").textCase(.uppercase); Text(verbatim: "BLUE").textCase(.lowercase)
            },
            environment: turkish, now: { Date() })
        #expect(try words(host) == ["ink", "RED", "blue"])
        let english = ViewHost(Text(verbatim: "ink").textCase(.uppercase), environment: EnvironmentValues(), now: { Date() })
        #expect(try words(english) == ["INK"])
        let inTurkish = ViewHost(Text(verbatim: "ink").textCase(.uppercase), environment: turkish, now: { Date() })
        #expect(try words(inTurkish) == ["İNK"], "a dotted capital İ in Turkish")
    }
}

/// Taps the first button on the top layer that reads `words`.
@MainActor
func tap(_ words: String, in host: ViewHost) throws {
    try host.update()
    func find(_ elements: [Element]) -> (() -> Void)? {
        for element in elements {
            if case .button(let button) = element.kind, element.name == words { return button.action }
            if let found = find(element.children) { return found }
        }
        return nil
    }
    let screen = Screen(host)
    if let tab = screen.top.tabs.first(where: { Screen.words($0.label) == words }) {
        tab.select()
    } else if let back = screen.top.back, back.label == words {
        back.action()
    } else {
        let action = try #require(find(screen.top.content), "no button reads “\(words)”")
        action()
    }
    try host.update()
}

@MainActor @Observable
final class Journal {
    var entries: [String] = []
    var loads = 0
    private var stored: [String] = []
    func write(_ entry: String) { stored.append(entry) }
    func load() {
        loads += 1
        entries = stored
    }
}

@MainActor
struct EntryList: View {
    let entries: [String]
    var body: some View {
        List { ForEach(entries, id: \.self) { Text(verbatim: $0) } }
            .navigationTitle(Text(verbatim: "Entries"))
    }
}

@MainActor
struct JournalTabs: View {
    let journal: Journal
    @State private var tab = 0
    var body: some View {
        TabView(selection: $tab) {
            Button {
                journal.write("written")
            } label: {
                Text(verbatim: "Write")
            }
            .tabItem { Text(verbatim: "Home") }
            .tag(0)
            NavigationStack {
                List {
                    NavigationLink {
                        EntryList(entries: journal.entries)
                    } label: {
                        Text(verbatim: "History")
                    }
                }
                .navigationTitle(Text(verbatim: "Journal"))
            }
            .onAppear { journal.load() }
            .tabItem { Text(verbatim: "Journal") }
            .tag(1)
        }
    }
}

extension RenderingTests {
    /// A pushed screen follows its link: when the screen beneath reloads on coming back to its tab,
    /// the pushed screen shows what was loaded, as SwiftUI redraws a link's destination.
    @Test func aPushedScreenShowsWhatItsTabLoadedOnComingBack() throws {
        let journal = Journal()
        let host = ViewHost(JournalTabs(journal: journal), environment: EnvironmentValues(), now: { Date() })
        try tap("Journal", in: host)
        try tap("History", in: host)
        #expect(Screen(host).top.title == "Entries")
        try tap("Home", in: host)
        try tap("Write", in: host)
        try tap("Journal", in: host)
        #expect(journal.loads == 2)
        #expect(Screen(host).top.title == "Entries")
        #expect(try words(host) == ["written"])
    }

    /// Tapping the chosen tab again goes back to the first screen of its stack.
    @Test func tappingTheChosenTabAgainGoesBackToItsFirstScreen() throws {
        let journal = Journal()
        let host = ViewHost(JournalTabs(journal: journal), environment: EnvironmentValues(), now: { Date() })
        try tap("Journal", in: host)
        try tap("History", in: host)
        try tap("Journal", in: host)
        #expect(Screen(host).top.title == "Journal")
    }
}

@MainActor
struct Ring<Center: View>: View {
    let label: Text
    let center: Center
    init(label: Text, @ViewBuilder center: () -> Center) {
        self.label = label
        self.center = center()
    }
    var body: some View {
        ZStack { center }.accessibilityElement(children: .ignore).accessibilityLabel(label)
    }
}

@MainActor
struct Countdown: View {
    let end: Date
    var body: some View {
        VStack {
            TimelineView(.periodic(from: .now, by: 1)) { context in
                Ring(label: Text(verbatim: "Time left")) {
                    Text(
                        Duration.seconds(max(0, end.timeIntervalSince(context.date).rounded(.down))).formatted(
                            .time(pattern: .minuteSecond)))
                }
                Text(verbatim: context.date < end.addingTimeInterval(-600) ? "Early" : "Late")
            }
        }
    }
}

/// A clock a test moves by hand.
final class TestClock: @unchecked Sendable {
    var now = Date(timeIntervalSinceReferenceDate: 800_000_000)
}

extension RenderingTests {
    /// A timeline draws its content again when its next date comes, views inside it included.
    @Test func aTimelineRedrawsWhatItHoldsWhenItsScheduleComes() throws {
        let clock = TestClock()
        let host = ViewHost(Countdown(end: clock.now.addingTimeInterval(45 * 60)), environment: EnvironmentValues(), now: { clock.now })
        #expect(try words(host) == ["45:00", "Early"])
        clock.now += 20 * 60
        host.timePassed()
        #expect(try words(host) == ["25:00", "Early"])
        clock.now += 20 * 60
        host.timePassed()
        #expect(try words(host) == ["5:00", "Late"])
    }
}
