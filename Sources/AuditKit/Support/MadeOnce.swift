import Foundation

/// A value made when first asked for, once, whichever thread asks: the lists a judgement read from its
/// record reads only when an output needs them, and the whole history judged again only when the record
/// lacks a fact.
final class MadeOnce<Value: Sendable>: @unchecked Sendable {
    private let make: @Sendable () -> Value
    private let lock = NSLock()
    private var made: Value?

    /// A value `make` makes when first asked for.
    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    /// The value, made on the first call.
    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
