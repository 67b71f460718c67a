/// A coding key by name: the one key type the hand-written coding of ``Trigger`` and ``Event``
/// uses at every level. NB: Swift's synthesized coding of an enum keys each case's payload by a
/// type of its own, and a monitor callback runs in a fresh process, where the first use of each
/// such container type searches every protocol conformance in the binary (Benchmarks/README.md).
struct NamedKey: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}
