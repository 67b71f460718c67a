import OnboardingFeature
import ScreenTimeClient
import SelectionFeature
import ThresholdCore

extension OnboardingModel {
    /// Walks a fresh onboarding to its apps step with `paths` chosen, as a person would: past the
    /// welcome, access (read, not asked) and the paywall's "Not now".
    package func walkToApps(choosing paths: Set<Pathway>) async {
        next()
        await checkAccess()
        next()
        for path in paths { toggle(path) }
        next()
        if step == .pro { leavePaywall() }
    }

    /// Walks to the apps step and picks `result` for the first path; every later path takes
    /// "Same apps as" the first.
    package func pickApps(_ result: PickerResult, choosing paths: Set<Pathway>) async {
        await walkToApps(choosing: paths)
        pick(result)
        guard let first = pathsHoldingApps.first, pathsHoldingApps.count > 1 else { return }
        for _ in pathsHoldingApps.dropFirst() {
            next()
            useSameApps(as: first)
        }
    }
}
