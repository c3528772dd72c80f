import Foundation

/// A value made when first asked for, once, whichever thread asks: the lists a judgement read from its
/// record reads only when an output needs them, and the whole history judged again only when the record
/// lacks a fact.
package final class MadeOnce<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let slot = MadeOnceSlot<Value>()

    /// A value `make` makes when first asked for.
    package init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    /// The value, made on the first call.
    package var value: Value { slot.value(make) }
}

/// A value made on first use by whoever asks first, with what they give (`value(_:)`), under its own
/// lock: for a value whose maker is known only where it is asked for.
package final class MadeOnceSlot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Value?

    /// An empty slot.
    package init() {}

    /// The value, `make` making it on the first call; later calls return it without calling `make`.
    package func value(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
