import Dispatch
import Foundation

/// Independent pieces of work (pages, screens, cells) spread over all cores, results kept in order,
/// with a memory budget: a piece starts only when the estimated bytes of the pieces running plus its
/// own fit in the budget (a piece larger than the whole budget runs alone). So peak memory depends
/// on the budget, not on the number of cores.
enum ParallelWork {
    /// The bytes pieces running at once may need together, in the whole process: 256 MiB. With the
    /// report, the runtime and a piece larger than this running alone, `overlay` and `sheet` stay
    /// under 512 MB, and `ingest` preparing several reports at once shares the same budget.
    static let memoryBudget = 256 << 20

    /// `transform` applied to every element, on all cores when `parallel`, results in input order.
    /// - Parameters:
    ///   - budget: the memory budget the pieces share (the process-wide one by default).
    ///   - cost: the bytes a piece is estimated to need while it runs; a piece of cost 0 (the
    ///     default) runs without asking the budget, as do pieces nested inside a costed one.
    static func map<Element: Sendable, Output: Sendable>(
        _ elements: [Element], parallel: Bool, budget: MemoryBudget = .shared,
        cost: (Element) -> Int = { _ in 0 },
        _ transform: @Sendable (Int, Element) -> Output
    ) -> [Output] {
        let costs = elements.map(cost)
        guard parallel, elements.count > 1 else {
            return elements.enumerated().map { index, element in
                budget.acquire(costs[index])
                defer { budget.release(costs[index]) }
                return transform(index, element)
            }
        }
        let scheduler = BudgetedScheduler(budget: budget, workers: ProcessInfo.processInfo.activeProcessorCount)
        return scheduler.map(elements, costs: costs, transform)
    }
}

/// Bytes shared by pieces of work that run at once. A piece is admitted when the costs of the
/// pieces running plus its own fit, or when no costed piece runs (so a piece larger than the whole
/// budget still runs, alone), and when fewer than `maxRunning` costed pieces run. Pieces of cost 0
/// never wait. Records what it admitted, for tests.
final class MemoryBudget: @unchecked Sendable {
    /// The budget of the whole process (`ParallelWork.memoryBudget`), with as many costed pieces at
    /// once as there are cores: the index sheet's pages and the overlays, drawn side by side, then
    /// share the cores instead of each taking all of them, and hold no more pictures than cores.
    static let shared = MemoryBudget(
        bytes: ParallelWork.memoryBudget, maxRunning: ProcessInfo.processInfo.activeProcessorCount)

    /// The most the costs of running pieces may add up to (a lone larger piece aside).
    let bytes: Int
    /// The most costed pieces that may run at once.
    let maxRunning: Int
    private let condition = NSCondition()
    private var inUse = 0
    private var running = 0
    private var peaks = (cost: 0, running: 0)

    /// A budget of `bytes`, for at most `maxRunning` costed pieces at once.
    init(bytes: Int, maxRunning: Int = .max) {
        self.bytes = max(0, bytes)
        self.maxRunning = max(1, maxRunning)
    }

    /// The largest sum of costs that ran at once, and the most costed pieces that ran at once.
    var peak: (cost: Int, running: Int) {
        condition.lock()
        defer { condition.unlock() }
        return peaks
    }

    /// Waits until a piece of `cost` bytes may run, and counts it as running.
    func acquire(_ cost: Int) {
        guard cost > 0 else { return }
        condition.lock()
        while running > 0, inUse + cost > bytes || running >= maxRunning { condition.wait() }
        inUse += cost
        running += 1
        peaks = (max(peaks.cost, inUse), max(peaks.running, running))
        condition.unlock()
    }

    /// Counts a piece of `cost` bytes as finished.
    func release(_ cost: Int) {
        guard cost > 0 else { return }
        condition.lock()
        inUse -= cost
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}

/// Runs pieces of work on up to `workers` threads, taking them in input order, each admitted by the
/// memory budget before it starts.
final class BudgetedScheduler: @unchecked Sendable {
    /// The budget the pieces share.
    let budget: MemoryBudget
    /// The most pieces running at once.
    let workers: Int
    private let lock = NSLock()
    private var next = 0

    /// A scheduler for `workers` threads sharing `budget`.
    init(budget: MemoryBudget, workers: Int) {
        self.budget = budget
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
            // Threads of their own, not the shared dispatch pool: a worker waiting for the budget
            // (or for pieces nested in its own) can then never hold up the work it waits for.
            // The threads reach `transform` through a box emptied once they are done: a finished
            // Thread may keep its block a little longer, and the closure must not outlive this call.
            let work = TransformBox(transform)
            let group = DispatchGroup()
            for _ in 0..<threads {
                group.enter()
                let thread = Thread {
                    while let index = self.takeNext(count: costs.count), let transform = work.transform {
                        self.budget.acquire(costs[index])
                        results.set(index, transform(index, elements[index]))
                        self.budget.release(costs[index])
                    }
                    group.leave()
                }
                thread.start()
            }
            group.wait()
            work.transform = nil
        }
        return results.values.map { $0! }
    }

    private func takeNext(count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    private final class TransformBox<Element, Output>: @unchecked Sendable {
        var transform: (@Sendable (Int, Element) -> Output)?
        init(_ transform: @escaping @Sendable (Int, Element) -> Output) { self.transform = transform }
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

/// Work started on a thread of its own, its result taken later with `value()`: the pass draws the
/// index sheet and the overlays this way while its own thread writes the images and maps the issues.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, any Error>?

    /// Starts `work` now.
    init(_ work: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            result = Result { try work() }
            done.signal()
        }
        thread.start()
    }

    /// Waits for the work to end; its value, or the error it threw. Call it once.
    func value() throws -> Value {
        done.wait()
        return try result!.get()
    }
}

/// Values one thread makes, slot by slot, for another thread that takes each once, waiting until it
/// is there: the stages of a pipeline, each on its own thread, hand their results on this way.
final class HandOff<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var values: [Value?]

    /// Room for `count` values.
    init(count: Int) {
        values = [Value?](repeating: nil, count: count)
    }

    /// Puts the value of slot `index` (once) and wakes a thread waiting for it.
    func put(_ index: Int, _ value: Value) {
        condition.lock()
        values[index] = value
        condition.broadcast()
        condition.unlock()
    }

    /// The value of slot `index`, once it is put; the slot is emptied.
    func take(_ index: Int) -> Value {
        condition.lock()
        defer { condition.unlock() }
        while values[index] == nil { condition.wait() }
        let value = values[index]!
        values[index] = nil
        return value
    }
}
