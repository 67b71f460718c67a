/// Packs the union of every rule's shield into named stores within iOS's limits.
///
/// Apps and websites are sorted by their bytes and cut into chunks of 50. Categories are grouped
/// by the exceptions they carry (a category shielded by two rules with different exceptions
/// goes into two stores; iOS's union of stores then lets an app through only where both rules
/// do). Allow lists merge into one `.all(except:)` whose exceptions are the intersection of
/// theirs. Store *i* takes the *i*-th chunk of each list. Everything is sorted, so the packing
/// does not depend on the order of the state's collections.
enum Packing {
    static func pack(_ rules: [RuleEnforcement]) -> ([ShieldStore], CapacityError?) {
        var apps = Set<AppToken>(), webs = Set<WebDomainToken>()
        var appGroups: [Set<AppToken>: Set<CategoryToken>] = [:]
        var webGroups: [Set<WebDomainToken>: Set<CategoryToken>] = [:]
        var allAppsExcept: Set<AppToken>?, allWebsExcept: Set<WebDomainToken>?
        var adult = false, typed = Set<TypedWebsite>()
        for rule in rules {
            let shield = rule.shield
            adult = adult || shield.filtersAdultWebsites
            typed.formUnion(shield.blockedWebsites)
            apps.formUnion(shield.applications)
            webs.formUnion(shield.webDomains)
            if !shield.categories.isEmpty {
                appGroups[shield.applicationExceptions, default: []].formUnion(shield.categories)
                webGroups[shield.webDomainExceptions, default: []].formUnion(shield.categories)
            }
            if shield.allApplications {
                allAppsExcept = allAppsExcept?.intersection(shield.applicationExceptions) ?? shield.applicationExceptions
            }
            if shield.allWebDomains {
                allWebsExcept = allWebsExcept?.intersection(shield.webDomainExceptions) ?? shield.webDomainExceptions
            }
        }
        // Under `.all(except: E)` an app outside E is shielded already; listing it again would only use room.
        if let except = allAppsExcept { apps.formIntersection(except) }
        if let except = allWebsExcept { webs.formIntersection(except) }

        var problems: [CapacityError.Problem] = []
        let appPolicies = policies(all: allAppsExcept, groups: appGroups, kind: "apps", problems: &problems)
        let webPolicies = policies(all: allWebsExcept, groups: webGroups, kind: "websites", problems: &problems)
        let appChunks = chunks(apps.sortedByBytes())
        let webChunks = chunks(webs.sortedByBytes())

        var filter: WebFilter?
        if adult || !typed.isEmpty {
            let kept = typed.sorted().prefix(StrictOptions.maximumWebsites)
            if kept.count < typed.count { problems.append(.tooManyTypedWebsites(count: typed.count, dropped: typed.count - kept.count)) }
            filter = WebFilter(filtersAdultWebsites: adult, blockedWebsites: Set(kept))
        }
        let needed = max(appChunks.count, webChunks.count, appPolicies.count, webPolicies.count, filter == nil ? 0 : 1)
        let count = min(needed, ShieldStore.maximumStores)
        if needed > count {
            let left =
                appChunks.dropFirst(count).reduce(0) { $0 + $1.count }
                + webChunks.dropFirst(count).reduce(0) { $0 + $1.count }
                + appPolicies.dropFirst(count).reduce(0) { $0 + $1.categoryCount }
            problems.append(.tooManyStores(needed: needed, unshielded: left))
        }
        let stores = (0..<count).map { index in
            var store = ShieldStore(index: index)
            if index < appChunks.count { store.applications = Set(appChunks[index]) }
            if index < webChunks.count { store.webDomains = Set(webChunks[index]) }
            if index < appPolicies.count { store.applicationCategories = appPolicies[index] }
            if index < webPolicies.count { store.webDomainCategories = webPolicies[index] }
            if index == 0 { store.webFilter = filter }
            return store
        }
        return (stores, problems.isEmpty ? nil : CapacityError(problems: problems))
    }

    private static func policies<E: OpaqueToken>(
        all: Set<E>?, groups: [Set<E>: Set<CategoryToken>], kind: String, problems: inout [CapacityError.Problem]
    ) -> [CategoryPolicy<E>] {
        var result: [CategoryPolicy<E>] = []
        if let all { result.append(.all(except: capped(all, kind: kind, problems: &problems))) }
        let ordered = groups.map { (except: $0.key.sortedByBytes(), categories: $0.value) }
            .sorted { $0.except.lexicographicallyPrecedes($1.except) }
        for group in ordered {
            let except = capped(Set(group.except), kind: kind, problems: &problems)
            for chunk in chunks(group.categories.sortedByBytes()) {
                result.append(.specific(Set(chunk), except: except))
            }
        }
        return result
    }

    /// Keeps the first 50 exceptions by byte order; dropping an exception shields more, never less.
    private static func capped<E: OpaqueToken>(_ except: Set<E>, kind: String, problems: inout [CapacityError.Problem]) -> Set<E> {
        guard except.count > ShieldStore.maximumTokens else { return except }
        problems.append(.tooManyExceptions(kind: kind, count: except.count, dropped: except.count - ShieldStore.maximumTokens))
        return Set(except.sortedByBytes().prefix(ShieldStore.maximumTokens))
    }

    private static func chunks<T>(_ items: [T]) -> [ArraySlice<T>] {
        stride(from: 0, to: items.count, by: ShieldStore.maximumTokens).map {
            items[$0..<min($0 + ShieldStore.maximumTokens, items.count)]
        }
    }
}

extension CategoryPolicy {
    var categoryCount: Int {
        if case .specific(let categories, _) = self { return categories.count }
        return 0
    }
}
