import ArgumentParser
import Foundation
import ScreenPictures

extension PictureStyle.Appearance: ExpressibleByArgument {}
extension PictureStyle.TextSize: ExpressibleByArgument {}

/// `--pictures DIR`, and how the pictures are drawn: what `run` and `crawl` share.
struct PictureOptions: ParsableArguments {
    @Option(help: "Draw PNG pictures of the screens into this folder, with an index.html (needs Debian's chromium).")
    var pictures: String?

    @Option(help: "The phone's appearance in the pictures: light or dark.")
    var appearance: PictureStyle.Appearance = .light

    @Option(name: .customLong("text-size"), help: "Dynamic Type in the pictures: default, or accessibility (an accessibility size, AX3).")
    var textSize: PictureStyle.TextSize = .default

    var style: PictureStyle { PictureBook.threshold(appearance, textSize) }

    /// The folder, made and checked writable, with Chromium there to draw into it; `nil` without
    /// `--pictures`. Fails (exit 2) before any work is done.
    func folder() throws -> URL? {
        guard let pictures else { return nil }
        let folder = URL(fileURLWithPath: pictures)
        try Output.prepare(folder, for: "--pictures")
        guard Chromium.executable() != nil else { throw ValidationError(Chromium.Problem.notInstalled.description) }
        return folder
    }
}
