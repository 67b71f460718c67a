import PurchasesClient
import StoreClient
import SwiftUI
import ThresholdCore

// The paywall's words for the values its model returns (issue 25): each said once, here, from the
// module's String Catalog. The App Store's words (a product's name, its price) and a problem's
// detail are shown as they came.

extension Text {
    /// Why the paywall's last action did nothing.
    static func paywall(_ problem: PaywallProblem, locale: Locale, timeZone: TimeZone) -> Text {
        switch problem {
        case .noAppStore:
            Text("The App Store is not available here.", bundle: .module)
        case .offersUnreadable(let detail):
            Text(
                "The App Store could not show Threshold Pro now (\(Text(verbatim: detail))). Try again later; everything you have keeps working.",
                bundle: .module)
        case .purchaseFailed(let detail):
            Text(
                "The purchase did not go through (\(Text(verbatim: detail))). You have not been charged, and nothing changed.",
                bundle: .module)
        case .restoreFailed(let detail):
            Text("Restore did not finish (\(Text(verbatim: detail))). Nothing changed.", bundle: .module)
        case .nothingToRestore:
            Text("The App Store has no Threshold Pro subscription for this Apple Account.", bundle: .module)
        case .plan(let problem), .unreadable(let problem):
            Text(problem, locale: locale, timeZone: timeZone)
        }
    }

    /// What Pro adds, by name, as the paywall lists it.
    static func proFeature(_ feature: ProFeature) -> Text {
        switch feature {
        case .beastMode: Text("Beast Mode", bundle: .module)
        case .moreSchedules: Text("Unlimited schedules", bundle: .module)
        case .streakFreeze: Text("Weekly streak freeze", bundle: .module)
        }
    }

    /// One line on what a Pro feature does.
    static func proFeatureDetail(_ feature: ProFeature) -> Text {
        switch feature {
        case .beastMode: Text("Lock a session so nothing ends it early, not even you.", bundle: .module)
        case .moreSchedules: Text("Run every schedule you set; Free keeps one on.", bundle: .module)
        case .streakFreeze: Text("Protect every intention streak for one day each week.", bundle: .module)
        }
    }

    /// A plan's terms beside its button: "7 days free, then $4.99 a month. …" or "$39.99 a year,
    /// renews until cancelled.", the price as the App Store gives it.
    static func terms(_ offer: ProOffer) -> Text {
        let price = offer.displayPrice
        if let days = offer.trialDays {
            return switch period(offer) {
            case .day:
                Text(
                    "\(days) days free, then \(Text(verbatim: price)) a day. Cancel any time before the trial ends and you pay nothing.",
                    bundle: .module)
            case .week:
                Text(
                    "\(days) days free, then \(Text(verbatim: price)) a week. Cancel any time before the trial ends and you pay nothing.",
                    bundle: .module)
            case .month:
                Text(
                    "\(days) days free, then \(Text(verbatim: price)) a month. Cancel any time before the trial ends and you pay nothing.",
                    bundle: .module)
            case .year:
                Text(
                    "\(days) days free, then \(Text(verbatim: price)) a year. Cancel any time before the trial ends and you pay nothing.",
                    bundle: .module)
            }
        }
        return switch period(offer) {
        case .day: Text("\(Text(verbatim: price)) a day, renews until cancelled.", bundle: .module)
        case .week: Text("\(Text(verbatim: price)) a week, renews until cancelled.", bundle: .module)
        case .month: Text("\(Text(verbatim: price)) a month, renews until cancelled.", bundle: .module)
        case .year: Text("\(Text(verbatim: price)) a year, renews until cancelled.", bundle: .module)
        }
    }

    /// How often a plan renews, from the App Store's unit ("month", "year"); a unit it does not
    /// name is the product's own.
    private static func period(_ offer: ProOffer) -> Period {
        switch offer.period {
        case "day": .day
        case "week": .week
        case "month": .month
        case "year": .year
        default: offer.product == .monthly ? .month : .year
        }
    }

    private enum Period { case day, week, month, year }
}
