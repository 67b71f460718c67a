import Foundation
import ScenarioSteps
import ScreenCrawler
import ScreenPictures
import Testing

/// A picture of a real screen is drawn by headless Chromium and is not blank. Where Chromium is
/// not installed (`apt-get install chromium`, or THRESHOLD_CHROMIUM), the test is skipped and says
/// so: `.ci/run` installs it, so CI always draws.
@Suite @MainActor struct PictureTests {
    nonisolated static let chromium = Chromium.executable() != nil

    @Test(
        .enabled(
            if: chromium,
            "skipped: headless Chromium is not installed (apt-get install chromium, or set THRESHOLD_CHROMIUM); .ci/run installs it"))
    func homeIsDrawn_andThePictureIsNotBlank() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("threshold-picture-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Home, with Selah set up: the state's steps on the simulated phone, through the real views.
        let subject = try await AppSubject(try CrawlState.load(CrawlerCanFailTests.selah))
        let book = PictureBook(folder: folder, style: PictureBook.threshold(.light, .default))
        try book.take(subject.runner, group: "test", title: "Home", name: "home", widgets: false)
        // A blank page of the same size, drawn the same way: what a picture with nothing in it weighs.
        try book.write(
            """
            <!doctype html><html><body style="margin:0"><div class="shot" style="width:390px;height:844px;background:#fff"></div></body></html>
            """, name: "blank")
        book.add(PictureBook.Entry(group: "test", title: "blank", page: "blank.html"))
        #expect(try book.draw() == 2)

        let home = try Data(contentsOf: folder.appendingPathComponent("home.png"))
        let blank = try Data(contentsOf: folder.appendingPathComponent("blank.png"))
        let homeSize = try #require(PNG.size(home), "home.png is a PNG")
        let blankSize = try #require(PNG.size(blank), "blank.png is a PNG")
        #expect(
            homeSize.width == blankSize.width && homeSize.height >= blankSize.height,
            "a phone's width, at least its height: \(homeSize) vs \(blankSize)")
        // Words, bars and controls make a picture far heavier than one colour of the same size.
        #expect(home.count > 4 * blank.count, "home.png (\(home.count) bytes) is much more than blank (\(blank.count) bytes)")
        let page = try String(contentsOf: folder.appendingPathComponent("home.html"), encoding: .utf8)
        #expect(page.contains("Pray to unlock"), "the page draws the real Home's words")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path))
    }
}

/// Reads a PNG's signature and its size from the IHDR chunk.
enum PNG {
    static func size(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
        else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}
