import Dispatch
import Foundation

/// Independent pieces of work (pages, screens, cells) spread over all cores, results kept in order,
/// with a memory budget: a piece starts only when the estimated bytes of the pieces running plus its
/// own fit in the budget (a piece larger than the whole budget runs alone). So peak memory depends
/// on the budget, not on the number of cores.
enum ParallelWork {
    /// The bytes pieces running at once may need together: 256 MiB. With the report, the runtime
    /// and a piece larger than this running alone, `overlay` and `sheet` stay under 512 MB.
    static let memoryBudget = 256 << 20

    /// `transform` applied to every element, on all cores when `parallel`, results in input order.
    /// - Parameters:
    ///   - cost: the bytes a piece is estimated to need while it runs (0: no limit from the budget).
    ///   - budget: see `BudgetedScheduler`.
    static func map<Element: Sendable, Output: Sendable>(
        _ elements: [Element], parallel: Bool, budget: Int = memoryBudget,
        cost: (Element) -> Int = { _ in 0 },
        _ transform: @Sendable (Int, Element) -> Output
    ) -> [Output] {
        guard parallel, elements.count > 1 else {
            return elements.enumerated().map { transform($0.offset, $0.element) }
        }
        let scheduler = BudgetedScheduler(budget: budget, workers: ProcessInfo.processInfo.activeProcessorCount)
        return scheduler.map(elements, costs: elements.map(cost), transform)
    }
}

/// Runs pieces of work on up to `workers` threads, in input order, admitting a piece only while the
/// costs of the pieces running plus its own stay within `budget`, or when nothing else runs (so a
/// piece larger than the budget still runs, alone). Records what it admitted, for tests.
final class BudgetedScheduler: @unchecked Sendable {
    /// The most the costs of running pieces may add up to.
    let budget: Int
    /// The most pieces running at once.
    let workers: Int
    private let condition = NSCondition()
    private var inUse = 0
    private var running = 0
    private var next = 0
    /// The largest sum of costs that ran at once.
    private(set) var peakCost = 0
    /// The most pieces that ran at once.
    private(set) var peakRunning = 0

    /// A scheduler for `workers` threads sharing `budget`.
    init(budget: Int, workers: Int) {
        self.budget = max(0, budget)
        self.workers = max(1, workers)
    }

    /// `transform` applied to every element, results in input order; piece `i` costs `costs[i]`.
    func map<Element: Sendable, Output: Sendable>(
        _ elements: [Element], costs: [Int], _ transform: @Sendable (Int, Element) -> Output
    ) -> [Output] {
        precondition(costs.count == elements.count)
        let results = Results<Output>(count: elements.count)
        let threads = min(workers, elements.count)
        withoutActuallyEscaping(transform) { transform in
            let group = DispatchGroup()
            for _ in 0..<threads {
                DispatchQueue.global().async(group: group) {
                    while let index = self.admitNext(costs: costs) {
                        results.set(index, transform(index, elements[index]))
                        self.finish(cost: costs[index])
                    }
                }
            }
            group.wait()
        }
        return results.values.map { $0! }
    }

    /// Takes the next piece in order and waits until its cost fits; nil when none is left.
    private func admitNext(costs: [Int]) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < costs.count else { return nil }
        let index = next
        next += 1
        let cost = max(0, costs[index])
        while running > 0, inUse + cost > budget { condition.wait() }
        inUse += cost
        running += 1
        peakCost = max(peakCost, inUse)
        peakRunning = max(peakRunning, running)
        return index
    }

    private func finish(cost: Int) {
        condition.lock()
        inUse -= max(0, cost)
        running -= 1
        condition.broadcast()
        condition.unlock()
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
