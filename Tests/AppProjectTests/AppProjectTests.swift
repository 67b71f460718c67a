import EntryPoints
import Foundation
import Testing
import ThresholdCore

/// What each target must be: its product type and the extension point iOS loads it through.
struct ExpectedTarget: CustomTestStringConvertible, Sendable {
    let name: String
    let type: String
    let extensionPoint: String?
    /// Whether the Info.plist names a principal class (NSExtension), or an `@main` type is the entry.
    let hasPrincipalClass: Bool

    var testDescription: String { name }

    static let all = [
        ExpectedTarget(name: "Threshold", type: "application", extensionPoint: nil, hasPrincipalClass: false),
        ExpectedTarget(
            name: "ThresholdMonitor", type: "app-extension",
            extensionPoint: "com.apple.deviceactivity.monitor-extension", hasPrincipalClass: true),
        ExpectedTarget(
            name: "ThresholdShieldConfiguration", type: "app-extension",
            extensionPoint: "com.apple.ManagedSettingsUI.shield-configuration-service", hasPrincipalClass: true),
        ExpectedTarget(
            name: "ThresholdShieldAction", type: "app-extension",
            extensionPoint: "com.apple.ManagedSettings.shield-action-service", hasPrincipalClass: true),
        ExpectedTarget(
            name: "ThresholdWidgets", type: "app-extension",
            extensionPoint: "com.apple.widgetkit-extension", hasPrincipalClass: false),
        ExpectedTarget(
            name: "ThresholdReport", type: "extensionkit-extension",
            extensionPoint: "com.apple.deviceactivityui.report-extension", hasPrincipalClass: false),
    ]
}

/// The frameworks that need the Family Controls entitlement to work.
let screenTimeFrameworks: Set<String> = ["FamilyControls", "ManagedSettings", "ManagedSettingsUI", "DeviceActivity"]

@Suite struct AppProjectTests {
    let project: ProjectFiles

    init() throws { project = try ProjectFiles() }

    func target(_ name: String) throws -> ProjectFiles.Target { try #require(project.targets[name], "project.yml has no target \(name)") }

    @Test(arguments: ExpectedTarget.all)
    func everyTarget_hasItsTypeAndExtensionPoint(expected: ExpectedTarget) throws {
        let target = try target(expected.name)
        #expect(target.type == expected.type)
        let info = try ProjectFiles.plist(try #require(target.infoPlistPath))
        let point: String?
        if expected.type == "extensionkit-extension" {
            // ExtensionKit extensions declare their point in EXAppExtensionAttributes, never NSExtension.
            #expect(info["NSExtension"] == nil)
            point = (info["EXAppExtensionAttributes"] as? [String: Any])?["EXExtensionPointIdentifier"] as? String
        } else {
            point = (info["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String
        }
        #expect(point == expected.extensionPoint)
    }

    @Test func theApp_showsAppFeaturesRoot_andLinksIt() throws {
        let app = try target("Threshold")
        #expect(app.products.contains("AppFeature"))
        let source = try String(contentsOf: ProjectFiles.app.appendingPathComponent("Threshold/ThresholdApp.swift"), encoding: .utf8)
        #expect(source.contains("AppRootView(dependencies:"), "the app's root is AppFeature's AppRootView")
        #expect(!source.contains("PlaceholderRootView"))
    }

    @Test func theAppEmbedsEveryExtension() throws {
        let app = try target("Threshold")
        let extensions = ExpectedTarget.all.filter { $0.type != "application" }.map(\.name)
        #expect(Set(app.targetDependencies) == Set(extensions))
    }

    @Test func everyPathProjectYmlNames_exists() throws {
        for target in project.targets.values {
            for path in target.sourcePaths { #expect(ProjectFiles.exists(path), "\(target.name): source \(path) is missing") }
            for path in [target.infoPlistPath, target.entitlementsPath] {
                let path = try #require(path, "\(target.name) names no Info.plist or entitlements")
                #expect(ProjectFiles.exists(path), "\(target.name): \(path) is missing")
            }
            let folder = try #require(target.sourcePaths.first)
            #expect(ProjectFiles.exists("\(folder)/PrivacyInfo.xcprivacy"), "\(target.name) has no privacy manifest")
        }
        let packages = try #require(project.spec["packages"] as? [String: [String: Any]])
        #expect(packages["Threshold"]?["path"] as? String == "..")
    }

    @Test func everyLinkedProduct_isOneThePackageDeclares() throws {
        let manifest = try String(contentsOf: ProjectFiles.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for target in project.targets.values {
            for product in target.products {
                #expect(manifest.contains("\"\(product)\""), "\(target.name) links \(product), which Package.swift does not declare")
            }
        }
    }

    @Test func bundleIdentifiers_nestUnderTheApps() throws {
        #expect(try target("Threshold").bundleIdentifier == AppIdentity.bundleIdentifier)
        for expected in ExpectedTarget.all where expected.type != "application" {
            let id = try #require(try target(expected.name).bundleIdentifier)
            #expect(id.hasPrefix(AppIdentity.bundleIdentifier + "."), "\(id) is not nested under \(AppIdentity.bundleIdentifier)")
            #expect(!id.dropFirst(AppIdentity.bundleIdentifier.count + 1).contains("."), "\(id) nests more than one level")
        }
    }

    @Test func everyTarget_sharesTheOneAppGroup() throws {
        for target in project.targets.values {
            let entitlements = try ProjectFiles.plist(try #require(target.entitlementsPath))
            #expect(entitlements["com.apple.security.application-groups"] as? [String] == [AppIdentity.appGroup], "\(target.name)")
        }
    }

    @Test func familyControls_isEntitledExactlyWhereScreenTimeIsUsed() throws {
        for target in project.targets.values {
            let entitlements = try ProjectFiles.plist(try #require(target.entitlementsPath))
            let entitled = entitlements["com.apple.developer.family-controls"] as? Bool == true
            let uses = !project.reachableImports(of: target).isDisjoint(with: screenTimeFrameworks)
            #expect(
                entitled == uses, "\(target.name) \(uses ? "uses" : "does not use") Screen Time but is \(entitled ? "" : "not ")entitled")
        }
        #expect(try project.reachableImports(of: target("ThresholdMonitor")).contains("DeviceActivity"))
    }

    @Test func theApp_claimsTheLinkDomain_andNoExtensionDoes() throws {
        for target in project.targets.values {
            let entitlements = try ProjectFiles.plist(try #require(target.entitlementsPath))
            let domains = entitlements["com.apple.developer.associated-domains"] as? [String]
            if target.type == "application" {
                #expect(domains == ["applinks:\(AppIdentity.linkDomain)"])
            } else {
                #expect(domains == nil, "\(target.name) claims domains")
            }
        }
    }

    @Test(arguments: ExpectedTarget.all)
    func everyEntryType_existsInTheTargetsSources(expected: ExpectedTarget) throws {
        let target = try target(expected.name)
        let info = try ProjectFiles.plist(try #require(target.infoPlistPath))
        let code = try project.sources(of: target).map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        let principal = (info["NSExtension"] as? [String: Any])?["NSExtensionPrincipalClass"] as? String
        if expected.hasPrincipalClass {
            let name = try #require(principal?.components(separatedBy: "$(PRODUCT_MODULE_NAME).").last, "no principal class")
            let declaration = try NSRegularExpression(pattern: "\\bclass\\s+\(name)\\s*:\\s*\\w+")
            #expect(
                declaration.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil,
                "no class \(name) subclassing anything in \(target.sourcePaths)")
            #expect(principal == "$(PRODUCT_MODULE_NAME).\(name)")
        } else {
            #expect(principal == nil, "\(expected.name) names a principal class but is entered through @main")
            #expect(code.contains("@main"), "\(expected.name) has no @main entry")
        }
    }

    /// Issue 26: Family Controls' individual authorization works on iPad, so the app and every
    /// extension build for iPhone and iPad; an iPad app that shares the screen turns with it.
    @Test(arguments: ExpectedTarget.all)
    func everyTarget_buildsForIPhoneAndIPad(expected: ExpectedTarget) throws {
        let base = (project.spec["settings"] as? [String: Any]).flatMap { $0["base"] as? [String: Any] } ?? [:]
        let family = try target(expected.name).setting["TARGETED_DEVICE_FAMILY"] ?? base["TARGETED_DEVICE_FAMILY"]
        #expect(family as? String == "1,2", "\(expected.name) builds for \(String(describing: family)), not iPhone and iPad")
    }

    @Test func onIPad_theAppTurnsWithTheScreen() throws {
        let info = try ProjectFiles.plist(try #require(try target("Threshold").infoPlistPath))
        let orientations = Set(info["UISupportedInterfaceOrientations~ipad"] as? [String] ?? [])
        #expect(
            orientations == [
                "UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
                "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
            ])
    }

    @Test func appInfoPlist_declaresWhatTheAppNeeds() throws {
        let info = try ProjectFiles.plist(try #require(try target("Threshold").infoPlistPath))
        #expect((info["NSFamilyControlsUsageDescription"] as? String)?.isEmpty == false)
        // Settings writes NFC keys (SettingsFeature.KeyTagWriter).
        #expect((info["NFCReaderUsageDescription"] as? String)?.isEmpty == false)
        #expect(info["NSSupportsLiveActivities"] as? Bool == true)
        let schemes = (info["CFBundleURLTypes"] as? [[String: Any]])?.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] }
        #expect(schemes == [AppIdentity.urlScheme])
        let shortcuts = (info["UIApplicationShortcutItems"] as? [[String: Any]])?.compactMap {
            $0["UIApplicationShortcutItemType"] as? String
        }
        #expect(shortcuts == QuickAction.allCases.map(\.rawValue))
    }

    /// Background app refresh (Together's summaries, partners' messages and the daily backup while
    /// Threshold is closed): iOS runs a `BGAppRefreshTask` only for an identifier the Info.plist
    /// permits, with the `fetch` background mode; the app must handle it (SwiftUI's
    /// `.backgroundTask(.appRefresh(_:))`) with the store awake, or a suspended store refuses it,
    /// and ask for the next one.
    /// The refresh is Together's alone (issue 24 item 32): the Info.plist declares the task and the
    /// `fetch` mode exactly when it names a Together server, and the app asks for a refresh only
    /// where the task is declared. The checked-in Info.plist names none.
    @Test func backgroundRefresh_isPermittedOnlyWithTogether_handledWithTheStoreAwake_andScheduled() throws {
        let info = try ProjectFiles.plist(try #require(try target("Threshold").infoPlistPath))
        let together = info["ThresholdTogetherServer"] != nil
        #expect((info["BGTaskSchedulerPermittedIdentifiers"] as? [String] == [AppIdentity.backgroundRefresh]) == together)
        #expect(((info["UIBackgroundModes"] as? [String])?.contains("fetch") == true) == together)
        #expect(!together, "the repository's build names no Together server")
        let app = try ShipReadinessTests.text("App/Threshold/ThresholdApp.swift")
        #expect(app.contains(".backgroundTask(.appRefresh(AppIdentity.backgroundRefresh))"), "the app does not handle its refresh task")
        #expect(app.contains("whileAwake { await model?.backgroundRefresh() }"), "the refresh does not run with the store awake")
        #expect(app.contains("BackgroundRefresh.schedule()"), "the app never asks for a refresh")
        let schedule = try ShipReadinessTests.text("Sources/AppLive/BackgroundRefresh.swift")
        #expect(schedule.contains("BGAppRefreshTaskRequest(identifier: AppIdentity.backgroundRefresh)"))
        #expect(
            schedule.contains("guard permitted.contains(AppIdentity.backgroundRefresh) else { return }"),
            "a build without Together asks for a refresh")
    }

    /// Partners' messages pushed as they come (issue 27, item 4): the app alone is entitled to remote
    /// notifications (`aps-environment`; development here, which an App Store or TestFlight export
    /// turns to production), asks iOS for its device token, and hands the token (or the failure) the
    /// delegate receives to Together's registration.
    @Test func push_theAppAloneIsEntitled_andItsDelegateHandsTheDeviceTokenToTogether() throws {
        for target in project.targets.values {
            let entitlements = try ProjectFiles.plist(try #require(target.entitlementsPath))
            let environment = entitlements["aps-environment"] as? String
            if target.type == "application" {
                #expect(environment == "development", "the app is not entitled to remote notifications")
            } else {
                #expect(environment == nil, "\(target.name) is entitled to remote notifications")
            }
        }
        let delegate = try ShipReadinessTests.text("Sources/AppLive/AppDelegates.swift")
        #expect(delegate.contains("didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data"))
        #expect(delegate.contains("RemoteNotifications.received(deviceToken)"))
        #expect(delegate.contains("didFailToRegisterForRemoteNotificationsWithError"))
        let registration = try ShipReadinessTests.text("Sources/AppLive/RemoteNotifications.swift")
        #expect(registration.contains("UIApplication.shared.registerForRemoteNotifications()"))
        let live = try ShipReadinessTests.text("Sources/AppLive/TogetherKeychain+Live.swift")
        #expect(live.contains("PushRegistration { await RemoteNotifications.register() }"), "Together is not given the push registration")
    }

    @Test func privacyManifests_declareNoTracking_andTheRequiredReasonAPIsInReach() throws {
        // The required-reason API categories Threshold's code can reach, and the reason each declares.
        let categories: [(category: String, pattern: String, reason: String)] = [
            ("NSPrivacyAccessedAPICategoryUserDefaults", #"UserDefaults\("#, "1C8F.1"),
            ("NSPrivacyAccessedAPICategorySystemBootTime", #"clock_gettime|systemUptime|mach_absolute_time"#, "35F9.1"),
            (
                "NSPrivacyAccessedAPICategoryFileTimestamp", #"attributesOfItem|contentModificationDate|creationDateKey|\bf?stat\("#,
                "C617.1"
            ),
            ("NSPrivacyAccessedAPICategoryDiskSpace", #"volumeAvailableCapacity|statfs\("#, "E174.1"),
        ]
        for target in project.targets.values {
            let folder = try #require(target.sourcePaths.first)
            let manifest = try ProjectFiles.plist("\(folder)/PrivacyInfo.xcprivacy")
            #expect(manifest["NSPrivacyTracking"] as? Bool == false)
            #expect((manifest["NSPrivacyTrackingDomains"] as? [String])?.isEmpty == true)
            #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
            let declared = Dictionary(
                (manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]] ?? []).map {
                    (($0["NSPrivacyAccessedAPIType"] as? String) ?? "", Set($0["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []))
                }, uniquingKeysWith: { a, b in a.union(b) })
            for api in categories {
                let reached = try project.reaches(api.pattern, from: target)
                if reached {
                    #expect(
                        declared[api.category]?.contains(api.reason) == true,
                        "\(target.name) reaches \(api.category) but does not declare \(api.reason)")
                } else {
                    #expect(declared[api.category] == nil, "\(target.name) declares \(api.category) but never reaches it")
                }
            }
        }
    }

    @Test func appSiteAssociation_claimsExactlyThePathsTheLinkRouterWrites_forTheApp() throws {
        let data = try SiteAssociation.document(team: "ABCDE12345")
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let details = try #require((json["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
        let appIDs = details.flatMap { $0["appIDs"] as? [String] ?? [] }
        #expect(!appIDs.isEmpty && appIDs.allSatisfy { $0.hasSuffix(".\(AppIdentity.bundleIdentifier)") })
        let paths = Set(details.flatMap { ($0["components"] as? [[String: Any]] ?? []).compactMap { $0["/"] as? String } })
        #expect(paths == Set(LinkRoute.claimedPaths))
        #expect(appIDs == ["ABCDE12345.app.threshold"])
        #expect(Set(SiteAssociation.purposes.keys) == Set(LinkRoute.claimedPaths), "every claimed path says what it is for")
        // The team comes from the server's configuration; a placeholder or a typo is refused.
        for team in ["TEAMID", "abcde12345", "ABCDE1234", ""] {
            #expect(throws: ValidationError("team id", .contentFile(.notATeamID(team)))) { try SiteAssociation.document(team: team) }
        }
    }

    /// App/README.md lists every path the site association claims (issue 24 item 31).
    @Test func theAppReadme_listsEveryPathTheSiteAssociationClaims() throws {
        let readme = try String(contentsOf: ProjectFiles.app.appendingPathComponent("README.md"), encoding: .utf8)
        for path in LinkRoute.claimedPaths {
            #expect(readme.contains("`\(path)`"), "App/README.md does not list \(path)")
        }
    }
}
