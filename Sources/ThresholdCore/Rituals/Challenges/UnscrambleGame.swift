import Foundation

/// Unscramble: put a word's letters back in order, then the next word's.
///
/// ``words`` six-letter words of the content's language (``list(in:)``), each shown with its
/// letters shuffled (never in their own order). A guess is right when it is the word, in any case
/// and with or without accents; each list holds no two words of the same letters, and none that is
/// an anagram of another common word of its language (or of a word of another list), so a right
/// guess is never refused. A wrong guess is a mistake and the word stays; the third mistake fails
/// the game.
public struct UnscrambleGame: ChallengeGame {
    /// A typed guess.
    public typealias Move = String

    public static let kind = ChallengeKind.unscramble
    /// Words to unscramble.
    public static let words = 4

    /// The words dealt from in `language`: everyday six-letter nouns, written with the letters a
    /// to z only.
    ///
    /// NB: the Spanish list holds no word with an accent or an ñ (no *limón*, no *montaña*), so
    /// the letters shown are the letters typed on any keyboard; a guess typed with an accent the
    /// keyboard added still counts, as guesses are compared without accents.
    public static func list(in language: ContentLanguage) -> [String] {
        switch language {
        case .english: english
        case .spanish: spanish
        }
    }

    private static let english = [
        "window", "bridge", "pocket", "rabbit", "guitar", "jacket", "pencil", "basket", "kitten", "violet",
        "summer", "autumn", "spring", "button", "cactus", "dragon", "family", "hammer", "island", "jungle",
        "ladder", "magnet", "muffin", "napkin", "puzzle", "rocket", "saddle", "tomato", "turtle", "velvet",
        "walnut", "yellow", "zipper", "coffee", "cookie", "lizard", "meadow", "pepper", "rhythm", "tunnel",
        "wizard", "bucket", "cherry", "cotton", "donkey", "engine", "fabric", "gentle", "helmet", "kettle",
        "mirror", "nickel", "orchid", "pillow", "ribbon", "shovel", "wallet",
    ]

    /// Checked against a Spanish dictionary with its plurals and regular verb forms: out went
    /// *piedra* (pedirá), *camino* (camión), *pelota* (pétalo), *sombra* (bromas), *pierna*
    /// (peinar), *trineo* (tierno), *pincel* (the English *pencil*) and the like.
    private static let spanish = [
        "abrigo", "abuela", "almeja", "bosque", "brocha", "cabeza", "cadena", "camisa", "canela", "canica",
        "cereza", "ciudad", "cohete", "collar", "conejo", "corona", "cuello", "cuento", "cuervo", "dinero",
        "escoba", "espejo", "estufa", "flauta", "flecha", "fogata", "frasco", "fuente", "granja", "grillo",
        "guante", "hamaca", "helado", "hierba", "hombro", "huerto", "lluvia", "maceta", "madera", "maleta",
        "medusa", "melena", "molino", "muelle", "navaja", "orilla", "paella", "paloma", "pastel", "peluca",
        "pelusa", "pepino", "pijama", "planta", "puente", "pulgar", "taller", "tejado", "tetera", "toalla",
        "tomate", "verano", "viento", "zapato",
    ]

    /// The language the words are dealt in.
    public let language: ContentLanguage
    private var dealer: SplitMix64
    /// The word to find now.
    public private(set) var word: String
    /// Its letters as shown.
    public private(set) var letters: [Character]
    public private(set) var solved = 0
    public private(set) var mistakes = 0
    private var used: [String] = []

    /// A game of English words.
    public init(using generator: inout SplitMix64) {
        self.init(using: &generator, in: .english)
    }

    public init(using generator: inout SplitMix64, in language: ContentLanguage) {
        self.language = language
        dealer = SplitMix64(seed: generator.next())
        word = ""
        letters = []
        deal()
    }

    public var isSolved: Bool { solved >= Self.words }
    public var isFailed: Bool { mistakes >= ChallengeRules.maximumMistakes }
    /// Words still to find.
    public var remaining: Int { max(0, Self.words - solved) }

    public mutating func play(_ guess: String, elapsed: TimeInterval) -> ChallengeMoveResult {
        guard !isSolved, !isFailed else { return .notAllowed }
        let typed = guess.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().folding(options: .diacriticInsensitive, locale: nil)
        guard !typed.isEmpty else { return .notAllowed }
        guard typed == word else {
            mistakes += 1
            return .wrong
        }
        solved += 1
        if !isSolved { deal() }
        return .right
    }

    /// The next word, not one dealt before, its letters shuffled out of order.
    private mutating func deal() {
        let fresh = Self.list(in: language).filter { !used.contains($0) }
        word = fresh[dealer.index(below: fresh.count)]
        used.append(word)
        var shuffled = Array(word)
        repeat {
            for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
                shuffled.swapAt(index, dealer.index(below: index + 1))
            }
        } while String(shuffled) == word
        letters = shuffled
    }
}
