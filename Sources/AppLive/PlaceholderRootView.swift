import EntryPoints
import ScreenTimeClient
import ScreenTimeLive
import StoreClient
import SwiftUI
import ThresholdCore

/// A stand-in for the app's root screen until `AppFeature` replaces it (the screens work): it
/// shows what Threshold is doing, asks for Screen Time access (saying what each failure means),
/// lists repair notices, and reconciles when the app comes forward or the clock changes.
@MainActor
public struct PlaceholderRootView: View {
    @Environment(\.scenePhase) private var scenePhase
    let dependencies: LiveDependencies
    @State private var requests = SystemRequests.main
    @State private var status = ""
    @State private var repairs: [RepairNotice] = []
    @State private var verdict: AuthorizationVerdict?
    @State private var failure: AuthorizationFailure?
    @State private var lastRequest: SystemRequest?

    public init(dependencies: LiveDependencies) { self.dependencies = dependencies }

    public var body: some View {
        NavigationStack {
            List {
                Section {
                    Text(status).font(.headline)
                    if let problem = dependencies.storeProblem { Text(problem).foregroundStyle(.red) }
                }
                Section {
                    authorizationRow
                    Button { Task { await allowNotifications() } } label: { Text("Allow notifications", bundle: .module) }
                } footer: {
                    Text("A shield cannot open Threshold; its buttons send a notification that does.", bundle: .module)
                }
                if !repairs.isEmpty {
                    Section {
                        ForEach(repairs, id: \.self) { Text($0.message) }
                    } header: {
                        Text("Needs attention", bundle: .module)
                    }
                }
                if let lastRequest {
                    Section { Text(String(describing: lastRequest)).font(.footnote) } header: { Text("Opened from", bundle: .module) }
                }
            }
            .navigationTitle(Text("Threshold", bundle: .module))
        }
        .task(id: scenePhase) { if scenePhase == .active { await refresh(.appForeground) } }
        .onReceive(NotificationCenter.default.publisher(for: UIApplication.significantTimeChangeNotification)) { _ in
            Task { await refresh(.significantTimeChange) }
        }
        .onOpenURL { requests.post(.link($0)) }
        .onChange(of: requests.pending) { lastRequest = requests.next() ?? lastRequest }
    }

    @ViewBuilder private var authorizationRow: some View {
        switch verdict {
        case .approved:
            Label { Text("Screen Time access is on.", bundle: .module) } icon: { Image(systemName: "checkmark.shield") }
        case .revoked:
            Text("Screen Time access was turned off, so iOS is enforcing nothing. Turn it on again to restore your shields.", bundle: .module)
            askButton
        case .denied, .notYetAsked, nil:
            Text("Threshold needs Screen Time access to shield the apps you choose.", bundle: .module)
            askButton
        }
        if let failure { Text(failure.message).foregroundStyle(.secondary) }
    }

    private var askButton: some View {
        Button { Task { await ask() } } label: { Text("Allow Screen Time access", bundle: .module) }
    }

    private func ask() async {
        do {
            _ = try await dependencies.screenTime.requestAuthorization()
            failure = nil
        } catch let error as AuthorizationFailure {
            failure = error
        } catch {
            failure = .other
        }
        await refresh(.inApp("authorization"))
    }

    private func allowNotifications() async {
        do {
            _ = try await Notifications.requestPermission()
        } catch {
            status = String(describing: error)
        }
    }

    private func refresh(_ trigger: Trigger) async {
        verdict = await dependencies.authorization.check()
        guard let runtime = dependencies.runtime else { return }
        let done = runtime.reconcile(trigger)
        repairs = done.outcome.repairs
        do {
            status = StatusSummary(try runtime.store.read(), now: Date(), calendar: runtime.clock.calendar).description
        } catch {
            status = StatusSummary(unreadable: error).description
        }
    }
}
