/// Whether a view's new value is the same as its last, the way SwiftUI decides whether to
/// evaluate its `body` again: field by field; objects by identity; `Equatable` values by `==`;
/// closures are never the same (each `body` makes new ones).
protocol LayerComparable {
    func isSame(as other: Any) -> Bool
}

enum Equality {
    static func same(_ a: Any, _ b: Any) -> Bool { same(a, b, depth: 0) }

    private static func same(_ a: Any, _ b: Any, depth: Int) -> Bool {
        guard depth < 12, type(of: a) == type(of: b) else { return false }
        if let comparable = a as? any LayerComparable { return comparable.isSame(as: b) }
        let mirror = Mirror(reflecting: a)
        if mirror.displayStyle == .class { return (a as AnyObject) === (b as AnyObject) }
        if let equatable = a as? any Equatable { return equal(equatable, b) }
        switch mirror.displayStyle {
        case .struct?, .tuple?, .collection?:
            let other = Mirror(reflecting: b)
            guard mirror.children.count == other.children.count else { return false }
            return zip(mirror.children, other.children).allSatisfy { left, right in
                left.label == right.label && same(left.value, right.value, depth: depth + 1)
            }
        case .optional?, .enum?:
            let other = Mirror(reflecting: b)
            guard mirror.children.count == other.children.count else { return false }
            if mirror.children.isEmpty { return String(describing: a) == String(describing: b) }
            return zip(mirror.children, other.children).allSatisfy { left, right in
                left.label == right.label && same(left.value, right.value, depth: depth + 1)
            }
        default:
            // A closure, a metatype or something opaque: not known to be the same.
            return false
        }
    }

    private static func equal<T: Equatable>(_ a: T, _ b: Any) -> Bool {
        guard let b = b as? T else { return false }
        return a == b
    }
}
