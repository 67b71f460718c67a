/// What a landing page says, in each language Threshold speaks.
///
/// Each language's words are written whole, as someone writing in it would say them, not
/// translated sentence by sentence; the Spanish keeps the app's glossary (la Llave, Ajustes ›
/// Together, compañeros de responsabilidad, el App Store) and says "tú".
struct LandingWords: Equatable, Sendable {
    let title: String
    let body: String
    /// The button a start link the app would take gets.
    let open: String
    /// The link to the App Store, when its address is configured.
    let download: String
    /// Said instead when it is not.
    let onTheAppStore: String
}

extension LandingWords {
    init(_ link: SiteRoutes.Link, in language: PageLanguage) {
        self =
            switch language {
            case .en: .english(link)
            case .es: .spanish(link)
            }
    }

    static func english(_ link: SiteRoutes.Link) -> LandingWords {
        let (title, body): (String, String) =
            switch link {
            case .key:
                (
                    "A Threshold key",
                    "This is a Threshold key. Tapped on the iPhone it was made for, it starts or ends a focus session there. Its secret never leaves the phone, so this page cannot use it."
                )
            case .invitation:
                (
                    "An invitation to Threshold Together",
                    "Someone invited you to be their accountability partner in Threshold Together. Open this link on your iPhone with Threshold installed: Settings › Together asks before anything is accepted."
                )
            case .start:
                (
                    "Start a Threshold profile",
                    "This link starts a Threshold profile on an iPhone with the app. Nothing starts without the person: a Beast Mode profile asks first."
                )
            }
        return LandingWords(
            title: title, body: body, open: "Open in Threshold", download: "Get Threshold on the App Store",
            onTheAppStore: "Threshold is on the App Store for iPhone.")
    }

    /// NB: "Beast Mode" is described ("un perfil estricto") rather than named: someone without the
    /// app does not know the name, and the app's "Modo bestia" is not used on the web.
    static func spanish(_ link: SiteRoutes.Link) -> LandingWords {
        let (title, body): (String, String) =
            switch link {
            case .key:
                (
                    "Una Llave de Threshold",
                    "Esta es una Llave de Threshold. En el iPhone para el que se creó, basta un toque para empezar o terminar una sesión de enfoque. Su secreto nunca sale de ese iPhone, así que esta página no puede usarla."
                )
            case .invitation:
                (
                    "Una invitación a Threshold Together",
                    "Alguien te invitó a ser compañeros de responsabilidad en Threshold Together. Abre este enlace en tu iPhone con Threshold instalado: nada se acepta hasta que lo confirmes en Ajustes › Together."
                )
            case .start:
                (
                    "Empieza un perfil de Threshold",
                    "Este enlace empieza un perfil de Threshold en un iPhone con la app. Nada empieza sin ti: un perfil estricto siempre te pregunta antes."
                )
            }
        return LandingWords(
            title: title, body: body, open: "Abrir en Threshold", download: "Descargar Threshold en el App Store",
            onTheAppStore: "Threshold está en el App Store para iPhone.")
    }
}
