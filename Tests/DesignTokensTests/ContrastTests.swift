import DesignTokens
import Testing

@Suite struct ContrastTests {
    @Test func wcagContrast_matchesKnownPairs() {
        #expect(abs(RGB(0, 0, 0).contrast(with: RGB(1, 1, 1)) - 21) < 0.001)
        #expect(RGB(0.5, 0.5, 0.5).contrast(with: RGB(0.5, 0.5, 0.5)) == 1)
    }

    @Test(arguments: Tokens.foregrounds.map(\.name))
    func everyForeground_readsOnEveryBackground_inBothAppearances(name: String) throws {
        let colour = try #require(Tokens.foregrounds.first { $0.name == name }?.colour)
        for background in Tokens.lightBackgrounds {
            #expect(
                colour.light.contrast(with: background) >= Tokens.minimumTextContrast,
                "\(name) in light appearance: \(colour.light.contrast(with: background))")
        }
        for background in Tokens.darkBackgrounds {
            #expect(
                colour.dark.contrast(with: background) >= Tokens.minimumTextContrast,
                "\(name) in dark appearance: \(colour.dark.contrast(with: background))")
        }
    }

    /// The brand colours are drawn on stone (the Live Activity, shields): the timer's dawn and the
    /// white text must read there.
    @Test func theLiveActivitysColours_readOnStone() {
        #expect(Tokens.dawn.contrast(with: Tokens.stone) >= Tokens.minimumTextContrast)
        #expect(RGB(1, 1, 1).contrast(with: Tokens.stone) >= Tokens.minimumTextContrast)
    }
}
