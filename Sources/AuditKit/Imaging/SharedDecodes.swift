import Foundation

/// The results of decoding images that several issues share, computed once per key whatever the
/// number of threads asking: the first caller decodes while the others wait for its result.
///
/// Failures are always kept (they are a message); decoded pictures while they fit in
/// `byteBudget`, beyond which a shared picture is decoded again rather than held.
final class SharedDecodes<Key: Hashable & Sendable, Value: Sendable, Failure: Error & Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// nil while the first caller is decoding.
    private var entries: [Key: Result<Value, Failure>?] = [:]
    private var keptBytes = 0
    private let byteBudget: Int
    private let size: @Sendable (Value) -> Int

    /// Creates an empty cache holding at most `byteBudget` bytes of values, as `size` counts them.
    init(byteBudget: Int, size: @escaping @Sendable (Value) -> Int) {
        self.byteBudget = byteBudget
        self.size = size
    }

    /// The result for `key`: `make()` run by the first caller, the same result for the others.
    func result(for key: Key, _ make: () -> Result<Value, Failure>) -> Result<Value, Failure> {
        condition.lock()
        while let entry = entries[key] {
            if let done = entry {
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
            keep = keptBytes + bytes <= byteBudget
            if keep { keptBytes += bytes }
        }
        if keep {
            entries[key] = .some(result)
        } else {
            entries[key] = nil
        }
        condition.broadcast()
        condition.unlock()
        return result
    }
}
