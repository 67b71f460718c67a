import Foundation
import Testing
import ThresholdCore

/// `App/Threshold.storekit`, the StoreKit configuration the app's scheme runs with: what Xcode needs
/// to read it, and the products the code asks for (`ProProduct`).
@Suite struct StoreKitConfigurationTests {
    let file: [String: Any]
    let project: ProjectFiles

    init() throws {
        let data = try Data(contentsOf: ProjectFiles.app.appendingPathComponent("Threshold.storekit"))
        file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        project = try ProjectFiles()
    }

    var subscriptions: [[String: Any]] {
        let groups = file["subscriptionGroups"] as? [[String: Any]] ?? []
        return groups.flatMap { $0["subscriptions"] as? [[String: Any]] ?? [] }
    }

    @Test func hasTheKeysXcodeReads() throws {
        #expect((file["identifier"] as? String)?.isEmpty == false)
        let version = try #require(file["version"] as? [String: Any])
        #expect(version["major"] as? Int ?? 0 >= 3, "Xcode reads StoreKit configuration versions 3 and later with subscription groups")
        #expect(file["settings"] is [String: Any])
        #expect(file["products"] is [Any] && file["nonRenewingSubscriptions"] is [Any])
    }

    @Test func oneSubscriptionGroup_withMonthlyAndYearly_eachWithAFreeOneWeekIntroductoryOffer() throws {
        let groups = try #require(file["subscriptionGroups"] as? [[String: Any]])
        #expect(groups.count == 1)
        let group = try #require(groups.first)
        #expect(group["name"] as? String == ProProduct.groupName)
        let groupID = try #require(group["id"] as? String)
        #expect(Set(subscriptions.compactMap { $0["recurringSubscriptionPeriod"] as? String }) == ["P1M", "P1Y"])
        for subscription in subscriptions {
            let id = subscription["productID"] as? String ?? "?"
            #expect(subscription["type"] as? String == "RecurringSubscription", "\(id)")
            #expect(subscription["subscriptionGroupID"] as? String == groupID, "\(id)")
            #expect(Double(subscription["displayPrice"] as? String ?? "") != nil, "\(id)")
            let offer = try #require(subscription["introductoryOffer"] as? [String: Any], "\(id) has no introductory offer")
            #expect(offer["paymentMode"] as? String == "free", "\(id)")
            #expect(offer["subscriptionPeriod"] as? String == ProProduct.trialPeriod, "\(id)")
            let localizations = subscription["localizations"] as? [[String: Any]] ?? []
            #expect(
                localizations.contains { $0["locale"] as? String == "en_US" && ($0["displayName"] as? String)?.isEmpty == false }, "\(id)")
        }
    }

    /// The group and each subscription are named and described in every language the app speaks
    /// (issue 36): what the App Store's sheet shows a Spanish phone.
    @Test func theGroupAndEverySubscription_areWordedInEnglishAndSpanish() throws {
        let groups = try #require(file["subscriptionGroups"] as? [[String: Any]])
        for entry in groups + subscriptions {
            let localizations = entry["localizations"] as? [[String: Any]] ?? []
            let worded = localizations.filter {
                !($0["displayName"] as? String ?? "").isEmpty && !($0["description"] as? String ?? "").isEmpty
            }
            #expect(
                Set(worded.compactMap { $0["locale"] as? String }) == ["en_US", "es_ES"], "\(entry["productID"] ?? entry["name"] ?? "?")")
            let english = worded.first { $0["locale"] as? String == "en_US" }?["description"] as? String
            let spanish = worded.first { $0["locale"] as? String == "es_ES" }?["description"] as? String
            #expect(english != spanish, "the Spanish is written, not the English copied")
        }
    }

    @Test func namesExactlyTheProductsTheCodeAsksFor() {
        #expect(Set(subscriptions.compactMap { $0["productID"] as? String }) == Set(ProProduct.identifiers))
        #expect(Set(ProProduct.identifiers) == [ProProduct.monthly.rawValue, ProProduct.yearly.rawValue])
    }

    @Test func theAppsSchemeRunsWithIt_andTheProjectHoldsIt_outOfTheBundle() throws {
        let app = try #require(project.targets["Threshold"])
        let scheme = try #require(app.spec["scheme"] as? [String: Any], "the Threshold target declares no scheme")
        #expect(scheme["storeKitConfiguration"] as? String == "Threshold.storekit")
        let sources = app.spec["sources"] as? [Any] ?? []
        let entry = sources.compactMap { $0 as? [String: Any] }.first { $0["path"] as? String == "Threshold.storekit" }
        #expect(entry?["buildPhase"] as? String == "none", "the configuration is for Xcode's runs, not the shipped app")
    }

    /// Only the app reads the App Store and changes the plan: no extension's code reaches StoreKit
    /// (a renewal made while the app is closed must never look like a lapse to an extension).
    @Test func noExtension_reachesStoreKit_andTheAppDoes() throws {
        for target in project.targets.values {
            let imports = project.reachableImports(of: target)
            if target.name == "Threshold" {
                #expect(imports.isSuperset(of: ["StoreKit", "PurchasesLive"]), "the app reads the App Store")
            } else {
                #expect(imports.isDisjoint(with: ["StoreKit", "PurchasesLive"]), "\(target.name) reaches StoreKit")
            }
        }
    }
}
