import Foundation

/// Every state's crawl put together: findings met in several states told once (with the first
/// state's steps), those the allowances allow set aside with their reasons, and the figures.
package struct CrawlReport: Sendable {
    package struct Reported: Sendable {
        package let finding: Finding
        /// States it was met in.
        package var states: [String]
        /// Its reproducing scenario, once written.
        package var reproducer: String?
    }

    package private(set) var findings: [Reported] = []
    /// The allowances file read, if one was.
    package let allowedFile: String?
    package private(set) var allowed: [(finding: Finding, reason: String)] = []
    /// Allowances that allowed nothing this time (the finding is fixed, or the crawl did not
    /// reach it).
    package private(set) var unusedAllowances: [Allowances.Entry] = []
    package private(set) var summary = CrawlSummary()
    /// States that could not be crawled, with why.
    package private(set) var failedStates: [(state: String, why: String)] = []

    package init(_ crawls: [StateCrawl], allowances: Allowances) {
        allowedFile = allowances.file
        var used = Set<Int>()
        for crawl in crawls {
            summary.add(crawl.summary)
            if let failure = crawl.failure { failedStates.append((crawl.state, failure)) }
            for finding in crawl.findings {
                if let entry = allowances.allowing(finding) {
                    used.insert(entry.line)
                    if !allowed.contains(where: { $0.finding.identity == finding.identity }) { allowed.append((finding, entry.reason)) }
                } else if let index = findings.firstIndex(where: { $0.finding.identity == finding.identity }) {
                    if !findings[index].states.contains(crawl.state) { findings[index].states.append(crawl.state) }
                } else {
                    findings.append(Reported(finding: finding, states: [crawl.state]))
                }
            }
        }
        unusedAllowances = allowances.entries.filter { !used.contains($0.line) }
    }

    /// Writes each finding's reproducing scenario into `folder` (made if need be), named by its
    /// number and kind; `text` gives a state file's text.
    package mutating func writeReproducers(to folder: URL, text: (String) throws -> String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in findings.indices {
            let finding = findings[index].finding
            let slug = finding.screen.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }.reduce(into: "") { name, c in
                if c != "-" || name.last != "-" { name.append(c) }
            }
            let file = folder.appendingPathComponent(
                String(format: "%03d-%@-%@.yaml", index + 1, finding.kind.rawValue, String(slug.prefix(40))))
            try finding.reproducer(from: try text(finding.state)).write(to: file, atomically: true, encoding: .utf8)
            findings[index].reproducer = file.path
        }
    }
}
