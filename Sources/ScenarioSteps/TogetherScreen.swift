import FeatureModels
import Foundation
import ScreenTimeSimulator
import ThresholdCore
import TogetherClient
import TogetherCore

extension Person {
    /// Settings › Together as `TogetherView` shows it, section by section: the problem, a partner's
    /// invitation waiting for an answer, then by status: not available in this build; the join form
    /// (the "Display name" field and "Join Together", disabled with the form's refusal); or this
    /// week's league, last week's result, the partners with an invitation to share, and "Delete my
    /// Together account" with its confirmation. The navigation bar's back button is "Settings".
    ///
    /// Each row of the league reads "rank. name: points pts"; the person's own row, which the view
    /// sets in semibold, ends "· you". A partner's row offers its swipe action as "End NAME".
    func togetherScreen(_ model: TogetherModel) -> Screen {
        if confirmingTogetherDeletion {
            // The confirmation dialog (an action sheet over the screen): its title, the destructive
            // button and the system's Cancel.
            return Screen("together: delete confirmation", lines: ["Delete your Together account?"], buttons: [
                .init("Delete my Together account") { [weak self] in
                    self?.confirmingTogetherDeletion = false
                    await model.deleteAccount()
                    self?.refuseIfTogetherSays(model)
                },
                .init("Cancel") { [weak self] in self?.confirmingTogetherDeletion = false },
            ])
        }
        if confirmingBackupOff {
            return Screen("together: backup off confirmation", lines: ["Delete your iCloud backup?"], buttons: [
                .init("Turn off and delete the backup") { [weak self] in
                    self?.confirmingBackupOff = false
                    await model.cloudBackup.turnOff()
                    if let problem = model.cloudBackup.problem { self?.refuse(problem) }
                },
                .init("Cancel") { [weak self] in self?.confirmingBackupOff = false },
            ])
        }
        var screen = Screen("together", buttons: [.init("Settings") { [weak self] in self?.showingTogether = false }])
        if let problem = model.problem { screen.lines.append(problem) }
        if model.receivedInvitation != nil {
            screen.lines.append("A partner invited you")
            screen.buttons.append(.init("Accept invitation", disabled: model.working ? "Together is busy" : nil) { [weak self] in
                await model.acceptReceived()
                self?.refuseIfTogetherSays(model)
            })
            screen.buttons.append(.init("Not now") { model.declineReceived() })
        }
        switch model.status {
        case .unavailable:
            screen.lines.append("Together is not available in this version of Threshold.")
        case .notJoined:
            screen.lines.append("Weekly leaderboard")
            screen.fields.append(.init("Display name", text: model.displayName) { model.displayName = $0 })
            if let refusal = model.joinRefusal { screen.lines.append(refusal) }
            screen.buttons.append(.init("Join Together", disabled: model.joinRefusal ?? (model.working ? "Together is busy" : nil)) { [weak self] in
                await model.join()
                self?.refuseIfTogetherSays(model)
            })
            screen.lines.append("Threshold sends each day's XP and screen-time points, signed by this iPhone. It never sends app names or what you block.")
        case .joined(let name):
            leagueSection(model, name: name, into: &screen)
            partnersSection(model, into: &screen)
            cloudBackupSection(model.cloudBackup, into: &screen)
            screen.buttons.append(.init("Delete my Together account", disabled: model.working ? "Together is busy" : nil) { [weak self] in
                self?.confirmingTogetherDeletion = true
            })
            screen.lines.append("Deletes everything Together holds for you: your name, your points, your league, your partners and your iCloud backup.")
        }
        return screen
    }

    /// "This week" (your name, the tier, your rank, why you are in no league yet, each member with
    /// their points) and, once last week is finalized, "Last week" (its result and your tier now).
    private func leagueSection(_ model: TogetherModel, name: String, into screen: inout Screen) {
        screen.lines.append("This week")
        screen.lines.append("Your name: \(name)")
        if let league = model.league {
            screen.lines.append("Tier: \(league.tier.name.capitalized)")
            if let rank = league.rank { screen.lines.append("Rank: \(rank) of \(league.members.count)") }
            if let reason = league.reason { screen.lines.append(reason) }
            screen.lines += league.members.map { "\($0.rank). \($0.displayName): \($0.points) pts" + ($0.you ? " · you" : "") }
        }
        if let result = model.lastWeek?.result {
            screen.lines.append("Last week")
            screen.lines.append("Result: \(result.outcome.rawValue.capitalized)")
            screen.lines.append("Tier now: \(result.tierAfter.name.capitalized)")
        }
    }

    /// "Accountability partners": each partner, the invitation just made (its QR code and "Share
    /// invitation", which keeps its link for another person to open) or "Invite a partner".
    private func partnersSection(_ model: TogetherModel, into screen: inout Screen) {
        screen.lines.append("Accountability partners")
        for partner in model.partners {
            screen.lines.append(partner.displayName)
            screen.buttons.append(.init("End \(partner.displayName)") { [weak self] in
                await model.end(partner)
                self?.refuseIfTogetherSays(model)
            })
        }
        if let invitation = model.invitation {
            screen.lines.append("QR code")
            screen.buttons.append(.init("Share invitation") { [weak self] in
                // The share sheet: the person sends the link (by Messages, say); another person's
                // `link: "{name.invitation}"` opens it.
                guard let self else { return }
                sharedInvitation = invitation.link
                phone.note(.person, "shares the invitation \(invitation.link)")
            })
            screen.lines.append("The invitation works once, for 7 days.")
        } else {
            screen.buttons.append(.init("Invite a partner", disabled: model.working ? "Together is busy" : nil) { [weak self] in
                await model.invite()
                self?.refuseIfTogetherSays(model)
            })
        }
        screen.lines.append("When you break an intention streak, your partners are told, never which app.")
    }

    /// "iCloud backup" as `CloudBackupSection` shows it: off, "Back up to iCloud"; on, "Back up every
    /// day" (a switch, tapped by its words), the last backup, "Back up now" or, when another iPhone
    /// stored a newer one, "Replace it with this iPhone's" and "Keep the other iPhone's", and "Turn
    /// off and delete the backup" with its confirmation.
    private func cloudBackupSection(_ backup: CloudBackupModel, into screen: inout Screen) {
        screen.lines.append("iCloud backup")
        if let problem = backup.problem { screen.lines.append(problem) }
        let busy = backup.working ? "The backup is busy" : nil
        if let state = backup.state {
            screen.buttons.append(.init("Back up every day") { backup.setDaily(!state.daily) })
            screen.lines.append("Back up every day: \(state.daily ? "on" : "off")")
            if let storedAt = state.storedAt {
                let clock = Clockwork(timeZone: phone.clock.timeZone)
                screen.lines.append("Last backup: \(clock.localDate(of: storedAt)) \(clock.readable(storedAt))")
            }
            if let conflict = backup.conflict {
                screen.buttons.append(.init("Replace it with this iPhone's", disabled: busy) { [weak self] in
                    await backup.backUp(replacing: conflict.storedVersion)
                    if let problem = backup.problem { self?.refuse(problem) }
                })
                screen.buttons.append(.init("Keep the other iPhone's") { backup.keepTheirs() })
            } else {
                screen.buttons.append(.init("Back up now", disabled: busy) { [weak self] in
                    await backup.backUp()
                    if let problem = backup.problem { self?.refuse(problem) }
                })
            }
            screen.buttons.append(.init("Turn off and delete the backup", disabled: busy) { [weak self] in self?.confirmingBackupOff = true })
        } else {
            screen.buttons.append(.init("Back up to iCloud", disabled: busy) { [weak self] in
                await backup.turnOn()
                if let problem = backup.problem { self?.refuse(problem) }
            })
        }
        screen.lines.append("Sealed on this iPhone with a key in your iCloud Keychain: Together stores it but cannot read it. A new iPhone signed in to your Apple Account can restore it when you set it up.")
    }

    /// Settings › Together is pushed: its view's `onAppear` reads the Keychain, and its `task` reads
    /// the league and the partners.
    func openTogether(_ model: TogetherModel) async {
        showingTogether = true
        model.load()
        await model.readLeague()
        await model.readPartners()
    }

    /// What Together said about the last thing asked of it, as the screen's refusal.
    private func refuseIfTogetherSays(_ model: TogetherModel) {
        if let problem = model.problem { refuse(problem) }
    }
}
