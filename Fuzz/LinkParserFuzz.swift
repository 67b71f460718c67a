import Foundation

// libFuzzer target for the link parser (`LinkRoute(parsing:)`), compiled into one module with
// the Core sources by `Fuzz/run-link-fuzzer`.
//
// Beyond "never crashes", every input is checked against two invariants:
// 1. A link that parses writes back (`url(_:)`) to a link that parses to the same route, in
//    both forms: the parser and the writer agree.
// 2. Parsing the text directly and through `URL(string:)` never disagree on a route that
//    both accept.

@_cdecl("LLVMFuzzerTestOneInput")
public func linkParserFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let direct = try? LinkRoute(parsing: text)
    if let route = direct {
        for form in LinkForm.allCases {
            let written = route.url(form)
            guard let again = try? LinkRoute(url: written), again == route else {
                fatalError("round trip failed: \(text.debugDescription) → \(route) → \(written.absoluteString)")
            }
        }
    }
    if let url = URL(string: text), let viaURL = try? LinkRoute(url: url), let direct, viaURL != direct {
        fatalError("URL(string:) changed the route of \(text.debugDescription): \(direct) vs \(viaURL)")
    }
    return 0
}
