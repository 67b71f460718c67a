import SwiftUI
import ThresholdCore

// The words of the choices onboarding and Settings both offer, localized once.

extension Text {
    /// A tradition's name: "Catholic", "Mainline Protestant", ….
    public static func tradition(_ tradition: Tradition) -> Text {
        switch tradition {
        case .catholic: Text("Catholic", bundle: .module)
        case .orthodox: Text("Orthodox", bundle: .module)
        case .mainlineProtestant: Text("Mainline Protestant", bundle: .module)
        case .evangelical: Text("Evangelical", bundle: .module)
        case .charismatic: Text("Charismatic", bundle: .module)
        case .nonDenominational: Text("Non-denominational", bundle: .module)
        case .other: Text("Other", bundle: .module)
        }
    }

    /// A vibe's name: "Liturgical & formal", ….
    public static func vibe(_ vibe: Vibe) -> Text {
        switch vibe {
        case .liturgical: Text("Liturgical & formal", bundle: .module)
        case .pastoral: Text("Warm & pastoral", bundle: .module)
        case .direct: Text("Direct & practical", bundle: .module)
        case .contemplative: Text("Contemplative & meditative", bundle: .module)
        }
    }

    /// What a Key preset suggests shielding, in a line.
    public static func presetSuggestion(_ preset: ProfilePreset) -> Text {
        switch preset {
        case .work: Text("Block social media, news and games; keep productivity and communication apps.", bundle: .module)
        case .study: Text("Block social media, games and messaging; keep educational sites.", bundle: .module)
        case .sleep: Text("Block everything except calls and a meditation app (use an allow list).", bundle: .module)
        }
    }
}
