import BackupFeature
import DesignSystem
import KeysFeature
import SwiftUI
import TogetherCore

/// Settings › Together (``TogetherModel``): join with a display name, this week's league and last
/// week's result, and "Delete my Together account". Opt-in: Threshold works fully without it.
@MainActor
struct TogetherView: View {
    @Bindable var model: TogetherModel
    @State private var confirmingDelete = false
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone

    var body: some View {
        Form {
            if let problem = model.problem { ProblemBanner(Text.together(problem, locale: locale, timeZone: timeZone)) }
            if model.receivedInvitation != nil {
                Section {
                    if model.status == .unavailable {
                        // NB: nothing here can accept it: say so, and offer only the way out.
                        Text("This version of Threshold has no Together, so the invitation cannot be accepted here.", bundle: .module)
                        Button {
                            model.declineReceived()
                        } label: {
                            Text("Close", bundle: .module)
                        }
                    } else {
                        Button {
                            Task { await model.acceptReceived() }
                        } label: {
                            Text("Accept invitation", bundle: .module)
                        }
                        .disabled(model.working)
                        Button {
                            model.declineReceived()
                        } label: {
                            Text("Not now", bundle: .module)
                        }
                    }
                } header: {
                    Text("A partner invited you", bundle: .module)
                }
            }
            switch model.status {
            case .unavailable:
                if model.receivedInvitation == nil {
                    Section {
                        Text("Together is not available in this version of Threshold.", bundle: .module)
                    }
                }
            case .notJoined:
                join
            case .joined(let name):
                league(name)
                lastWeek
                partners
                CloudBackupSection(model: model.cloudBackup)
                delete
            }
        }
        .navigationTitle(Text("Together", bundle: .module))
        .toolbar {
            ToolbarItem(placement: .topBarTrailing) {
                if model.working || model.cloudBackup.working {
                    ProgressView().accessibilityLabel(Text("Talking to Together", bundle: .module))
                }
            }
        }
        .onAppear { model.load() }
        .task {
            await model.readLeague()
            await model.readPartners()
        }
        .refreshable {
            await model.readLeague()
            await model.readPartners()
        }
    }

    private var join: some View {
        Section {
            TextField(text: $model.displayName) { Text("Display name", bundle: .module) }
                .textContentType(.nickname)
            if let refusal = model.joinRefusal { Text.joinRefusal(refusal).font(.footnote).foregroundStyle(.secondary) }
            Button {
                Task { await model.join() }
            } label: {
                Text("Join Together", bundle: .module)
            }
            .disabled(model.joinRefusal != nil || model.working)
        } header: {
            Text("Weekly leaderboard", bundle: .module)
        } footer: {
            Text(
                "Threshold sends each day's XP and screen-time points, signed by this iPhone. It never sends app names or what you block.",
                bundle: .module)
        }
    }

    @ViewBuilder private func league(_ name: String) -> some View {
        Section {
            LabeledContent {
                Text(verbatim: name)
            } label: {
                Text("Your name", bundle: .module)
            }
            if let league = model.league {
                LabeledContent {
                    Text.tier(league.tier)
                } label: {
                    Text("Tier", bundle: .module)
                }
                if let rank = league.rank {
                    LabeledContent {
                        Text("\(rank) of \(league.members.count)", bundle: .module)
                    } label: {
                        Text("Rank", bundle: .module)
                    }
                }
                switch model.unplaced {
                case .tookNoPart(let week)?:
                    Text("You took part in no league the week of \(Text.day(week, weekday: false)).", bundle: .module).font(.footnote)
                case .waitingForLastWeek?:
                    Text("You join a league once last week's result is in (finalized from Monday 12:00 UTC).", bundle: .module).font(
                        .footnote)
                case nil:
                    EmptyView()
                }
                ForEach(league.members, id: \.rank) { member in
                    LabeledContent {
                        Text("\(member.points) pts", bundle: .module)
                    } label: {
                        // NB: "you" in words too, not only in weight: VoiceOver reads which row is the person's.
                        (member.you
                            ? Text(verbatim: "\(member.rank). \(member.displayName) · ") + Text("you", bundle: .module)
                            : Text(verbatim: "\(member.rank). \(member.displayName)"))
                            .fontWeight(member.you ? .semibold : .regular)
                    }
                }
            }
        } header: {
            Text("This week", bundle: .module)
        }
    }

    @ViewBuilder private var lastWeek: some View {
        if let result = model.lastWeek?.result {
            Section {
                LabeledContent {
                    Text.outcome(result.outcome)
                } label: {
                    Text("Result", bundle: .module)
                }
                LabeledContent {
                    Text.tier(result.tierAfter)
                } label: {
                    Text("Tier now", bundle: .module)
                }
            } header: {
                Text("Last week", bundle: .module)
            }
        }
    }

    /// Accountability partners: who they are, ending one, and an invitation's link and QR code.
    private var partners: some View {
        Section {
            ForEach(model.partners, id: \.id) { partner in
                Text(verbatim: partner.displayName)
                    .swipeActions {
                        Button(role: .destructive) {
                            Task { await model.end(partner) }
                        } label: {
                            Text("End", bundle: .module)
                        }
                    }
            }
            if let invitation = model.invitation, let link = URL(string: invitation.link) {
                QRCodeImage(link: link, maxWidth: 220)
                ShareLink(item: link) { Text("Share invitation", bundle: .module) }
                Text("The invitation works once, for 7 days.", bundle: .module).font(.footnote)
            } else {
                Button {
                    Task { await model.invite() }
                } label: {
                    Text("Invite a partner", bundle: .module)
                }
                .disabled(model.working)
            }
        } header: {
            Text("Accountability partners", bundle: .module)
        } footer: {
            Text("When you break an intention streak, your partners are told, never which app.", bundle: .module)
        }
    }

    private var delete: some View {
        Section {
            Button(role: .destructive) {
                confirmingDelete = true
            } label: {
                Text("Delete my Together account", bundle: .module)
            }
            .disabled(model.working)
        } footer: {
            Text(
                "Deletes everything Together holds for you: your name, your points, your league, your partners and your iCloud backup.",
                bundle: .module)
        }
        .confirmationDialog(
            Text("Delete your Together account?", bundle: .module), isPresented: $confirmingDelete, titleVisibility: .visible
        ) {
            Button(role: .destructive) {
                Task { await model.deleteAccount() }
            } label: {
                Text("Delete my Together account", bundle: .module)
            }
        }
    }
}

/// Settings › Together › iCloud backup (``CloudBackupModel``): on or off, every day or not, and
/// "Back up now"; when another iPhone stored a newer backup, replacing it is the person's call.
@MainActor
struct CloudBackupSection: View {
    let model: CloudBackupModel
    @State private var confirmingOff = false

    var body: some View {
        Section {
            if let problem = model.problem { Text.cloudBackup(problem).font(.footnote).foregroundStyle(Palette.warning) }
            if let backup = model.state {
                Toggle(isOn: Binding(get: { backup.daily }, set: { model.setDaily($0) })) {
                    Text("Back up every day", bundle: .module)
                }
                if let storedAt = backup.storedAt {
                    LabeledContent {
                        Text(storedAt, format: .dateTime.day().month().hour().minute())
                    } label: {
                        Text("Last backup", bundle: .module)
                    }
                }
                if let conflict = model.conflict {
                    Button {
                        Task { await model.backUp(replacing: conflict.storedVersion) }
                    } label: {
                        Text("Replace it with this iPhone's", bundle: .module)
                    }
                    .disabled(model.working)
                    Button {
                        model.keepTheirs()
                    } label: {
                        Text("Keep the other iPhone's", bundle: .module)
                    }
                } else {
                    Button {
                        Task { await model.backUp() }
                    } label: {
                        Text("Back up now", bundle: .module)
                    }
                    .disabled(model.working)
                }
                Button(role: .destructive) {
                    confirmingOff = true
                } label: {
                    Text("Turn off and delete the backup", bundle: .module)
                }
                .disabled(model.working)
            } else {
                Button {
                    Task { await model.turnOn() }
                } label: {
                    Text("Back up to iCloud", bundle: .module)
                }
                .disabled(model.working)
            }
        } header: {
            Text("iCloud backup", bundle: .module)
        } footer: {
            Text(
                "Sealed on this iPhone with a key in your iCloud Keychain: Together stores it but cannot read it. A new iPhone signed in to your Apple Account can restore it when you set it up.",
                bundle: .module)
        }
        .confirmationDialog(Text("Delete your iCloud backup?", bundle: .module), isPresented: $confirmingOff, titleVisibility: .visible) {
            Button(role: .destructive) {
                Task { await model.turnOff() }
            } label: {
                Text("Turn off and delete the backup", bundle: .module)
            }
        }
    }
}
