import Foundation
import Testing

/// What a phone and App Review need that no Linux run exercises, read from the sources and project
/// files: App Intents that register, an app that ships (icon, usage texts, the App Store
/// documents), and the app's wiring (one model, one store, a delegate that has its runtime).
@Suite struct ShipReadinessTests {
    let project: ProjectFiles

    init() throws { project = try ProjectFiles() }

    // MARK: App Intents that register

    @Test func theBuildInstructions_requireXcode26_theFirstToExtractIntentsFromPackages() throws {
        for path in ["README.md", "App/README.md"] {
            let text = try Self.text(path)
            #expect(text.contains("Xcode 26"), "\(path) does not require Xcode 26")
            #expect(!text.contains("Xcode 16"), "\(path) still names Xcode 16")
        }
    }

    @Test(arguments: ["Threshold", "ThresholdWidgets"])
    func target_declaresAnAppIntentsPackage_thatIncludesTheIntents(name: String) throws {
        let target = try #require(project.targets[name])
        let code = try project.sources(of: target).map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        let package = try #require(
            Self.declarations(in: code).first { $0.conformances.contains("AppIntentsPackage") },
            "\(name) declares no AppIntentsPackage")
        #expect(package.body.contains("ThresholdIntentsPackage.self"), "\(name)'s \(package.name) does not include ThresholdIntentsPackage")
        #expect(target.products.contains("ThresholdIntents"), "\(name) does not link ThresholdIntents")
    }

    @Test func theIntentsStayInTheirPackage() throws {
        let intents = try Self.declarations(inSourcesOf: "ThresholdIntents")
        #expect(intents.contains { $0.name == "ThresholdIntentsPackage" && $0.conformances.contains("AppIntentsPackage") })
        for target in project.targets.values {
            for file in project.sources(of: target) {
                let declared = Self.declarations(in: try String(contentsOf: file, encoding: .utf8))
                let intent = declared.first {
                    !$0.conformances.isDisjoint(with: ["AppIntent", "LiveActivityIntent", "SetFocusFilterIntent"])
                }
                #expect(
                    intent == nil,
                    "\(file.lastPathComponent) declares the intent \(intent?.name ?? ""): intents live in Sources/ThresholdIntents")
            }
        }
    }

    @Test func everyIntentThatStartsASession_isALiveActivityIntent() throws {
        let starters = try Self.declarations(inSourcesOf: "ThresholdIntents").filter { $0.body.contains("startProfile(") }
        #expect(!starters.isEmpty, "no intent starts a profile")
        for intent in starters {
            #expect(
                intent.conformances.contains("LiveActivityIntent"),
                "\(intent.name) starts a session but is not a LiveActivityIntent, so iOS refuses its Live Activity in the background")
        }
    }

    /// iOS runs a Focus filter when its Focus turns off with every parameter unset; a filter with
    /// a parameter that cannot be unset is never run then, so its profile would never end.
    @Test func aFocusFiltersParameters_areAllOptional() throws {
        let filters = try Self.declarations(inSourcesOf: "ThresholdIntents").filter { $0.conformances.contains("SetFocusFilterIntent") }
        #expect(filters.map(\.name) == ["ThresholdFocusFilter"])
        // iOS lists a Focus filter only from the app's App Intents metadata, which Xcode extracts
        // from the app's target and the packages its AppIntentsPackage includes: the filter's module is one.
        let app = try Self.text("App/Threshold/AppShortcuts.swift")
        #expect(
            app.contains("struct ThresholdAppIntents: AppIntentsPackage") && app.contains("[ThresholdIntentsPackage.self]"),
            "the app's App Intents metadata would not include ThresholdIntents, so iOS would not offer the Focus filter")
        #expect(
            try Self.text("Sources/ThresholdIntents/SessionIntents.swift").contains(
                "public struct ThresholdIntentsPackage: AppIntentsPackage {}"))
        for filter in filters {
            let lines = filter.body.components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces).hasPrefix("@Parameter") {
                let declaration = lines[index...].first { $0.contains(" var ") } ?? ""
                #expect(declaration.trimmingCharacters(in: .whitespaces).hasSuffix("?"), "\(filter.name): “\(declaration)” is not optional")
            }
        }
    }

    @Test func everyIntent_runsWithTheStoreAwake() throws {
        let intentRuntime = try Self.text("Sources/ThresholdIntents/IntentRuntime.swift")
        #expect(intentRuntime.contains("whileAwake"), "IntentRuntime.run does not wake the suspended store")
        for declaration in try Self.declarations(inSourcesOf: "ThresholdIntents") where declaration.name != "IntentRuntime" {
            #expect(
                !declaration.body.contains("IntentRuntime.runtime()"),
                "\(declaration.name) reaches the runtime without IntentRuntime.run, so a suspended store refuses it (0xDEAD10CC)")
        }
    }

    @Test func shortcutParameters_areUpdatedAfterProfileChanges() throws {
        let live = try Self.text("Sources/AppLive/LiveDependencies.swift")
        #expect(live.contains("updateAppShortcutParameters()"))
        #expect(live.contains("ShortcutProfiles("), "the app's runtime does not watch the profiles for Shortcuts")
        #expect(live.contains("observe:"), "the app's runtime is not told each reconcile's outcome")
        let app = try Self.text("App/Threshold/ThresholdApp.swift")
        let provider = try #require(
            try Self.declarations(in: Self.text("App/Threshold/AppShortcuts.swift"))
                .first { $0.conformances.contains("AppShortcutsProvider") })
        #expect(app.contains("shortcuts: \(provider.name).self"), "the app does not hand its AppShortcutsProvider to the live wiring")
    }

    // MARK: Ships

    @Test func theAppHasAnIcon_a1024PointOpaquePNG_namedWhereXcodeLooks() throws {
        let info = try ProjectFiles.plist("Threshold/Info.plist")
        let name = try #require(info["CFBundleIconName"] as? String, "Info.plist has no CFBundleIconName")
        let app = try #require(project.targets["Threshold"])
        #expect(app.setting["ASSETCATALOG_COMPILER_APPICON_NAME"] as? String == name)
        let set = "Threshold/Assets.xcassets/\(name).appiconset"
        let contents = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: ProjectFiles.app.appendingPathComponent("\(set)/Contents.json")))
                as? [String: Any])
        let images = contents["images"] as? [[String: Any]] ?? []
        let icon = try #require(
            images.first { $0["size"] as? String == "1024x1024" && $0["filename"] != nil }, "no 1024x1024 image in \(set)")
        let png = try Data(contentsOf: ProjectFiles.app.appendingPathComponent("\(set)/\(try #require(icon["filename"] as? String))"))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "the icon is not a PNG")
        let header = [UInt8](png.dropFirst(16).prefix(10))
        try #require(header.count == 10)
        let width = header[0...3].reduce(0) { $0 << 8 | Int($1) }
        let height = header[4...7].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1024 && height == 1024, "the icon is \(width)x\(height)")
        #expect(header[9] == 2 || header[9] == 0, "the icon has an alpha channel; App Store icons must be opaque")
        #expect(
            FileManager.default.isExecutableFile(atPath: ProjectFiles.root.appendingPathComponent("Scripts/draw-app-icon").path),
            "Scripts/draw-app-icon, which draws the icon, is missing")
    }

    @Test func theNFCUsageText_saysATapAsks_neverEndsASession() throws {
        let info = try ProjectFiles.plist("Threshold/Info.plist")
        let text = try #require(info["NFCReaderUsageDescription"] as? String)
        for wrong in ["or ends", "or stops", "ends a session", "ends your session", "ends the session", "ends a focus"] {
            #expect(!text.lowercased().contains(wrong), "the NFC usage text says a tap \(wrong)")
        }
        #expect(text.contains("never ends"))
        let catalog = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: ProjectFiles.app.appendingPathComponent("Threshold/InfoPlist.xcstrings"))) as? [String: Any])
        let entry = (catalog["strings"] as? [String: Any])?["NFCReaderUsageDescription"] as? [String: Any]
        let english = ((entry?["localizations"] as? [String: Any])?["en"] as? [String: Any]).flatMap {
            ($0["stringUnit"] as? [String: Any])?["value"] as? String
        }
        #expect(english == text, "InfoPlist.xcstrings' NFCReaderUsageDescription differs from Info.plist's")
    }

    @Test func choosingBeastMode_saysEveryAppOnThePhoneCannotBeDeleted() throws {
        let editor = try Self.text("Sources/ProfilesFeature/ProfileEditorView.swift")
        let warning = try #require(
            editor.range(of: "if model.strictness == .locked {"), "the editor says nothing when Beast Mode is chosen")
        let shown = editor[warning.upperBound...].prefix(600)
        #expect(shown.contains("no app can be deleted from this iPhone"))
        #expect(shown.contains("not only Threshold"))
    }

    @Test func theAppStoreDocuments_sayWhatReviewAndThePersonNeed() throws {
        let policy = try Self.text("App/AppStore/PrivacyPolicy.md")
        for phrase in ["no analytics", "no network requests", "Screen Time", "NFC", "stays on your iPhone"] {
            #expect(policy.localizedCaseInsensitiveContains(phrase), "the privacy policy does not mention “\(phrase)”")
        }
        let notes = try Self.text("App/AppStore/ReviewNotes.md")
        for phrase in [
            "Why Family Controls", "individual", "without an NFC tag", "denyAppRemoval", "every app on the device",
            "requireAutomaticDateAndTime",
        ] {
            #expect(notes.contains(phrase), "the review notes do not mention “\(phrase)”")
        }
    }

    @Test func theDeviceChecklist_coversAllFivePaths() throws {
        let readme = try Self.text("App/README.md")
        let start = try #require(readme.range(of: "## Manual device checklist"))
        let section = String(readme[start.upperBound...]).components(separatedBy: "\n## ").first ?? ""
        for path in ["Selah", "Present", "Earned Access", "Challenge", "Key"] {
            #expect(section.contains("**\(path) —"), "the device checklist has no section for \(path)")
        }
        #expect(section.contains("no app on the iPhone can be deleted"), "the checklist does not test the device-wide removal lock")
    }

    // MARK: Wiring

    @Test func theAppHoldsItsModelInState_andTheRootViewNeverBuildsOne() throws {
        let app = try Self.text("App/Threshold/ThresholdApp.swift")
        #expect(
            try NSRegularExpression(pattern: #"@State\s+(private\s+)?var\s+model\s*:\s*AppModel"#).firstMatch(
                in: app, range: NSRange(app.startIndex..., in: app)) != nil,
            "ThresholdApp does not hold its AppModel in @State")
        for file in ProjectFiles.swiftFiles(at: ProjectFiles.root.appendingPathComponent("Sources/AppFeature")) {
            for view in Self.declarations(in: try String(contentsOf: file, encoding: .utf8)) where view.conformances.contains("View") {
                #expect(!view.body.contains("AppModel("), "\(view.name) builds an AppModel in a view, again on every update")
            }
        }
    }

    @Test func theDelegate_hasTheRuntimeFromLaunch_notFromTheFirstScreen() throws {
        let app = try Self.text("App/Threshold/ThresholdApp.swift")
        #expect(
            !app.contains("delegate.runtime"),
            "the app hands the delegate its runtime from a view, too late for a cold launch's notification")
        let delegates = try Self.text("Sources/AppLive/AppDelegates.swift")
        let delegate = try #require(Self.declarations(in: delegates).first { $0.name == "ThresholdAppDelegate" })
        #expect(
            delegate.body.contains("var runtime: Runtime? { LiveDependencies.launched?.runtime }"),
            "ThresholdAppDelegate does not read the runtime the app built at launch")
        #expect(try Self.text("Sources/AppLive/LiveDependencies.swift").contains("launched = dependencies"))
    }

    @Test func theAppAndItsIntents_shareOneStore() throws {
        let app = try Self.text("App/Threshold/ThresholdApp.swift")
        #expect(app.components(separatedBy: "AppGroupStore.open(").count - 1 == 1, "the app opens the store more than once")
        let live = try Self.text("Sources/AppLive/LiveDependencies.swift")
        #expect(live.components(separatedBy: "openStore()").count - 1 == 1, "the live wiring opens the store in more than one place")
        #expect(live.contains("IntentRuntime.connect({ try runtime.value() }"), "intents do not get the app's own runtime")
    }

    @Test func widgetAndReportCode_takesTheMainActorTheSDKGivesIt() throws {
        let widgets = try Self.declarations(inSourcesOf: "WidgetsExtension")
        for declaration in widgets
        where declaration.body.contains("StaticConfiguration(") || declaration.body.contains("ActivityConfiguration(") {
            #expect(
                !declaration.conformances.isDisjoint(with: ["Widget", "WidgetConfiguration"]),
                "\(declaration.name) builds a widget configuration without conforming to Widget or WidgetConfiguration, outside the main actor"
            )
        }
        let report = try Self.declarations(inSourcesOf: "ReportExtension")
        let views = report.filter { $0.conformances.contains("View") }
        #expect(!views.isEmpty)
        for view in views {
            #expect(view.attributes.contains("@MainActor"), "\(view.name) is a View but not @MainActor")
        }
    }

    // MARK: Reading Swift

    static func text(_ path: String) throws -> String {
        try String(contentsOf: ProjectFiles.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// A top-level type: its attributes, name, the protocols it names where it is declared, and
    /// its text up to the next top-level declaration.
    struct Declaration {
        let attributes: String
        let name: String
        let conformances: Set<String>
        let body: String
    }

    static func declarations(inSourcesOf module: String) throws -> [Declaration] {
        try ProjectFiles.swiftFiles(at: ProjectFiles.root.appendingPathComponent("Sources/\(module)"))
            .flatMap { declarations(in: try String(contentsOf: $0, encoding: .utf8)) }
    }

    static func declarations(in code: String) -> [Declaration] {
        let header = try! NSRegularExpression(
            pattern:
                #"^((?:@\w+(?:\([^)]*\))?\s+)*)(?:public |internal |fileprivate |private )?(?:final )?(?:struct|class|enum|actor|extension) (\w+)(?:<[^>{]*>)?\s*(?::\s*([^{]+))?\{"#,
            options: [.anchorsMatchLines])
        let lines = code.components(separatedBy: "\n")
        var found: [Declaration] = []
        var current: (attributes: String, name: String, conformances: Set<String>, body: [String])?
        var pendingAttributes = ""
        for line in lines {
            let joined = pendingAttributes + line
            if let match = header.firstMatch(in: joined, range: NSRange(joined.startIndex..., in: joined)), !line.hasPrefix(" ") {
                if let current {
                    found.append(
                        Declaration(
                            attributes: current.attributes, name: current.name, conformances: current.conformances,
                            body: current.body.joined(separator: "\n")))
                }
                let group = { (i: Int) in Range(match.range(at: i), in: joined).map { String(joined[$0]) } ?? "" }
                let conformances = group(3).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .map { $0.replacingOccurrences(of: "@preconcurrency ", with: "") }
                current = (group(1), group(2), Set(conformances), [line])
                pendingAttributes = ""
            } else if line.hasPrefix("@"), !line.contains("{") {
                pendingAttributes += line + " "
                current?.body.append(line)
            } else {
                if !line.hasPrefix("@") { pendingAttributes = "" }
                current?.body.append(line)
            }
        }
        if let current {
            found.append(
                Declaration(
                    attributes: current.attributes, name: current.name, conformances: current.conformances,
                    body: current.body.joined(separator: "\n")))
        }
        return found
    }
}
