import Foundation

/// The results of decoding images that several issues share, computed once per key whatever the
/// number of threads asking: the first caller decodes while the others wait for its result.
///
/// Failures are always kept (they are a message); decoded pictures while they fit in
/// `byteBudget`, the least recently used given up first to make room (issues that share a picture
/// are usually near each other in the report, so a small budget keeps nearly every reuse).
final class SharedDecodes<Key: Hashable & Sendable, Value: Sendable, Failure: Error & Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// nil while the first caller is decoding.
    private var entries: [Key: Result<Value, Failure>?] = [:]
    /// The kept pictures' sizes and when each was last asked for.
    private var kept: [Key: (bytes: Int, lastUse: Int)] = [:]
    private var keptBytes = 0
    private var clock = 0
    private let byteBudget: Int
    private let size: @Sendable (Value) -> Int

    /// Creates an empty cache holding at most `byteBudget` bytes of values, as `size` counts them.
    init(byteBudget: Int, size: @escaping @Sendable (Value) -> Int) {
        self.byteBudget = byteBudget
        self.size = size
    }

    /// The bytes of the pictures held now (tests check the budget with it).
    var heldBytes: Int {
        condition.lock()
        defer { condition.unlock() }
        return keptBytes
    }

    /// The result for `key`: `make()` run by the first caller, the same result for the others.
    func result(for key: Key, _ make: () -> Result<Value, Failure>) -> Result<Value, Failure> {
        condition.lock()
        clock += 1
        while let entry = entries[key] {
            if let done = entry {
                kept[key]?.lastUse = clock
                condition.unlock()
                return done
            }
            condition.wait()
        }
        entries[key] = .some(nil)
        condition.unlock()

        let result = make()
        condition.lock()
        var keep = true
        if case .success(let value) = result {
            let bytes = size(value)
            keep = bytes <= byteBudget
            if keep {
                while keptBytes + bytes > byteBudget, let oldest = kept.min(by: { $0.value.lastUse < $1.value.lastUse })
                {
                    kept[oldest.key] = nil
                    entries[oldest.key] = nil
                    keptBytes -= oldest.value.bytes
                }
                kept[key] = (bytes, clock)
                keptBytes += bytes
            }
        }
        entries[key] = keep ? .some(result) : nil
        condition.broadcast()
        condition.unlock()
        return result
    }
}
