import Foundation
import ThresholdCore

// libFuzzer target for the prayer library loader (`PrayerLibrary(data:file:)`: the JSON decode
// and the content rules of one tradition's file), built by
// `Fuzz/run-fuzzer prayer-library` (the Core package product, instrumented).
//
// Beyond "never crashes":
// 1. A file that loads round-trips: its templates, encoded again, load to an equal library.
// 2. Every query on a loaded library answers (the cell index, the universal templates, coverage),
//    and the cell index holds exactly the templates that name that cell.
// 3. A file that is refused is refused with a message (never an empty one).

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let library: PrayerLibrary
    do {
        library = try PrayerLibrary(data: bytes, file: "fuzz.json")
    } catch {
        if "\(error)".isEmpty { fatalError("a refused file was given no reason") }
        return 0
    }
    let encoded: Data
    do {
        encoded = try JSONEncoder().encode(library.templates)
    } catch {
        fatalError("a loaded library does not encode: \(error)")
    }
    let again: PrayerLibrary
    do {
        again = try PrayerLibrary(data: encoded, file: "again.json")
    } catch {
        fatalError("a loaded library, written again, is refused: \(error)\n\(String(decoding: encoded, as: UTF8.self))")
    }
    guard again == library, again.templates.map(\.id) == library.templates.map(\.id) else {
        fatalError("a loaded library, written again, loads different templates")
    }
    for template in library.templates {
        guard library.template(template.id) == template else { fatalError("template(\(template.id)) is not the template") }
    }
    for mood in Mood.allCases {
        let universal = library.universalTemplates(mood: mood)
        guard universal == library.templates.filter({ $0.isUniversal && $0.moods.contains(mood) }) else {
            fatalError("universalTemplates(\(mood)) disagrees with the templates")
        }
    }
    var total = 0
    for (cell, count) in library.coverage {
        let inCell = library.templates(tradition: cell.tradition, vibe: cell.vibe, mood: cell.mood)
        guard inCell.count == count, inCell.allSatisfy({ !$0.isUniversal }) else { fatalError("coverage disagrees at \(cell)") }
        total += count
    }
    _ = library.cells(withFewerThan: 1)
    _ = total
    return 0
}
