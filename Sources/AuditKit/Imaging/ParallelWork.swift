import Dispatch
import Foundation

/// Independent pieces of work (pages, screens, cells) spread over all cores, results kept in order.
enum ParallelWork {
    /// `transform` applied to every element, on all cores when `parallel` (via
    /// `DispatchQueue.concurrentPerform`), results in input order.
    static func map<Element: Sendable, Output: Sendable>(
        _ elements: [Element], parallel: Bool,
        _ transform: @Sendable (Int, Element) -> Output
    ) -> [Output] {
        guard parallel, elements.count > 1 else {
            return elements.enumerated().map { transform($0.offset, $0.element) }
        }
        let results = Results<Output>(count: elements.count)
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            results.set(index, transform(index, elements[index]))
        }
        return results.values.map { $0! }
    }

    private final class Results<Output>: @unchecked Sendable {
        private let lock = NSLock()
        var values: [Output?]
        init(count: Int) { values = [Output?](repeating: nil, count: count) }
        func set(_ index: Int, _ value: Output) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }
    }
}
