import Foundation
import ScenarioSteps
import ScreenPictures

/// A crawl's pictures: a page of each screen a state's crawl reaches, the first time it reaches a
/// screen of that name (by the shortest way there, as the crawl is breadth first).
@MainActor
package final class CrawlPictures {
    private let book: PictureBook
    private let folder: String
    private var names: Set<String> = []

    /// - Parameters:
    ///   - folder: where the pictures go (a crawl's `--pictures`).
    ///   - state: the state file, whose name is the sub-folder of its pictures.
    package init(folder: URL, state: String, style: PictureStyle) {
        book = PictureBook(folder: folder, style: style)
        self.folder = ((state as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Writes the page of `observation`'s screen when its name is new; returns the page's file
    /// (relative to the pictures folder), or `nil` when no page was written.
    package func take(_ observation: Observation, _ subject: any CrawlSubject, _ path: [CrawlAction]) throws -> String? {
        guard let app = subject as? AppSubject, names.insert(observation.name).inserted else { return nil }
        let slug = observation.name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }.reduce(into: "") { name, c in
            if c != "-" || name.last != "-" { name.append(c) }
        }
        let name = "\(folder)/\(String(format: "%03d", names.count))-\(slug.prefix(48))"
        try book.take(app.runner, group: folder, title: observation.name, name: name, widgets: false)
        return name + ".html"
    }

    /// Draws the pages the crawl's workers wrote, in `folder`, with an index.
    nonisolated package static func draw(_ crawls: [StateCrawl], in folder: URL, style: PictureStyle) throws -> Int {
        let book = PictureBook(folder: folder, style: style)
        for crawl in crawls {
            let group = crawl.state
            for picture in crawl.pictures {
                let how = picture.path.isEmpty ? "where the state begins" : picture.path.map(\.description).joined(separator: "; ")
                book.add(PictureBook.Entry(group: group, title: "\(picture.screen) — \(how)", page: picture.file))
            }
        }
        return try book.draw()
    }
}
