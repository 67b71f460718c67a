import Foundation

/// The language the app's String Catalogs are read in, as an Xcode scheme's App Language sets it:
/// the development language (English), Spanish, or a pseudolanguage that shows which words came
/// from a catalog (`PseudoLanguage`). Dates, times and numbers follow the phone's locale.
package enum AppLanguage: String, CaseIterable, Sendable {
    case english
    /// Xcode's "Accented Pseudolanguage" with "Double-Length": every catalog string accented,
    /// longer and bracketed; anything else as it is.
    case pseudo
    /// Spanish (Spain): every catalog's `es` words, on a phone whose locale is `es_ES`.
    case spanish

    /// The locale `String(localized:)` formats in: the phone's region for the language.
    package var locale: Locale { Locale(identifier: self == .spanish ? "es_ES" : "en_US") }

    /// The language `String(localized:)` reads in, where no view's environment says: the app's
    /// on the simulated phone whose steps run now (iOS reads it from the process's launch
    /// arguments, `-NSAccentuateLocalizedStrings`).
    @TaskLocal package static var current: AppLanguage = .english
}

/// The pseudolanguage: a catalog's string with its letters accented (`Continue` → `Çóñťíñúé`),
/// bracketed and padded about 40 % longer (`[Çóñťíñúé ~~]`), so that words not from a catalog
/// (still plain English) and words cut short (no closing bracket) show. The format's arguments
/// (numbers, dates, names) go in as they are, and plural variants are chosen as in English.
///
/// It reads back: ``english(_:)`` strips the brackets and padding and maps each accented letter to
/// its own, so a person reading the screen in English finds the words they know.
package enum PseudoLanguage {
    /// Each ASCII letter and its accented twin, each a single precomposed character (so the
    /// length stays, and diacritic-insensitive folding reads it back too). `q` has none and stays.
    package static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ")
        let accented = Array("áḃçďéḟĝĥíĵķĺḿñóṗŕšťúṽŵẋýžÁḂÇĎÉḞĜĤÍĴĶĹḾÑÓṖŔŠŤÚṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()

    package static let plain: [Character: Character] = Dictionary(uniqueKeysWithValues: accents.map { ($0.value, $0.key) })

    package static let opening: Character = "["
    package static let padding: Character = "~"
    package static let closing: Character = "]"

    /// A string with no arguments as the pseudolanguage shows it.
    package static func transform(_ english: String) -> String {
        bracket(accent(english, keepingSpecifiers: false))
    }

    /// Whether the pseudolanguage would change the letter (every ASCII letter but `q`).
    package static func changes(_ character: Character) -> Bool { accents[character] != nil }

    /// The letters accented. With `keepingSpecifiers`, a catalog's format: its `%lld`, `%1$@`,
    /// `%#@name@`, `%arg` and `%%` stay as they are, so the arguments go in unchanged.
    package static func accent(_ text: String, keepingSpecifiers: Bool) -> String {
        guard keepingSpecifiers else { return String(text.map { accents[$0] ?? $0 }) }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "%" else {
                result.append(accents[character] ?? character)
                index = text.index(after: index)
                continue
            }
            let end = specifierEnd(in: text, from: index)
            result += text[index..<end]
            index = end
        }
        return result
    }

    /// Where the format specifier starting at `start` (a `%`) ends.
    private static func specifierEnd(in text: String, from start: String.Index) -> String.Index {
        var cursor = text.index(after: start)
        guard cursor < text.endIndex else { return cursor }
        if text[cursor] == "%" { return text.index(after: cursor) }
        if text[cursor...].hasPrefix("#@"), let end = text[text.index(cursor, offsetBy: 2)...].firstIndex(of: "@") {
            return text.index(after: end)
        }
        if text[cursor...].hasPrefix("arg") { return text.index(cursor, offsetBy: 3) }
        while cursor < text.endIndex {
            let c = text[cursor]
            cursor = text.index(after: cursor)
            if "@dDiuUxXoOfFeEgGcCsSpaA".contains(c) { break }
            if !(c.isNumber || "$-+# .lhqztj".contains(c)) { break }
        }
        return cursor
    }

    /// A resolved catalog string bracketed and padded: at least 40 % longer. Empty words stay empty.
    package static func bracket(_ resolved: String) -> String {
        guard !resolved.allSatisfy(\.isWhitespace) else { return resolved }
        let length = Double(resolved.count)
        let count = max(2, Int((length * 0.4).rounded(.up)) - 3)
        let pad = String(repeating: String(padding), count: count)
        return String(opening) + resolved + " " + pad + String(closing)
    }

    /// Pseudolanguage read back as English: each bracket with its padding gone, each accented
    /// letter inside one its own. Anything else (English words, a name, a number) stays as it is,
    /// so English reads back as itself.
    package static func english(_ text: String) -> String {
        guard text.contains(closing) else { return text }
        let characters = Array(text)
        // The brackets that close: where each opens, and where its padding starts and ends.
        var opens: Set<Int> = []
        var pads: [Int: Int] = [:]
        var stack: [Int] = []
        var index = 0
        while index < characters.count {
            if characters[index] == opening {
                stack.append(index)
            } else if characters[index] == " ", let end = paddingEnd(characters, from: index), let open = stack.popLast() {
                opens.insert(open)
                pads[index] = end
                index = end
                continue
            }
            index += 1
        }
        guard !opens.isEmpty else { return text }
        var result = ""
        var depth = 0
        index = 0
        while index < characters.count {
            if let end = pads[index] {
                depth -= 1
                index = end
                continue
            }
            let character = characters[index]
            if opens.contains(index) {
                depth += 1
            } else {
                result.append(depth > 0 ? plain[character] ?? character : character)
            }
            index += 1
        }
        return result
    }

    /// Past the ` ~~~]` that starts at `index`, if one does.
    private static func paddingEnd(_ characters: [Character], from index: Int) -> Int? {
        var cursor = index + 1
        while cursor < characters.count, characters[cursor] == padding { cursor += 1 }
        guard cursor > index + 1, cursor < characters.count, characters[cursor] == closing else { return nil }
        return cursor + 1
    }
}
