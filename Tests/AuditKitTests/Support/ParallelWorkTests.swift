import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

/// The budgeted scheduler behind parallel rendering: what runs at once depends on the memory budget,
/// not on the number of cores.
@Suite struct ParallelWorkTests {
    /// A screen whose screenshot header says `width`x`height` (the data is never decoded here).
    private func screen(_ index: Int, width: Int, height: Int) -> Screen {
        Screen(
            index: index, name: String(index), groupName: "",
            screenshot: ReportImage(data: Data([0xFF, 0xD8]), pixelWidth: width, pixelHeight: height))
    }

    @Test func threeScreensAtTheSixtyFourMegapixelLimitAreDrawnOneAtATimeWhateverTheCores() {
        let screens = (0..<3).map { screen($0, width: 8192, height: 8192) }
        let costs = screens.map(Overlay.estimatedBytes)
        // One such screen alone is above the budget, so it runs alone: no second one beside it.
        #expect(costs.allSatisfy { $0 > ParallelWork.memoryBudget })
        // And one alone stays well under 512 MB (raster, strip and PNG), leaving room for the report.
        #expect(costs.allSatisfy { $0 < 420 << 20 })
        for workers in [2, 8, 64] {
            let budget = MemoryBudget(bytes: ParallelWork.memoryBudget)
            let scheduler = BudgetedScheduler(budget: budget, workers: workers)
            let order = scheduler.map(screens, costs: costs) { index, screen in
                usleep(2000)
                return (index, screen.index)
            }
            #expect(order.map(\.0) == [0, 1, 2])
            #expect(order.map(\.1) == [0, 1, 2])
            #expect(budget.peak.running == 1, "\(workers) workers")
            #expect(budget.peak.cost == costs[0])
        }
    }

    @Test func piecesRunTogetherOnlyAsFarAsTheBudgetAllows() {
        // Costs of 40, 40, 40, ... against a budget of 100: never more than two at once.
        let costs = [Int](repeating: 40, count: 24)
        let budget = MemoryBudget(bytes: 100)
        let scheduler = BudgetedScheduler(budget: budget, workers: 16)
        let started = Counter()
        let results = scheduler.map(Array(0..<24), costs: costs) { index, value in
            started.increment()
            // Hold each piece until a second one has started (or a generous second passed), so
            // pieces do overlap whenever the scheduler allows it.
            _ = started.waitUntil(atLeast: min(24, index + 2), seconds: 1)
            return value * 2
        }
        #expect(results == (0..<24).map { $0 * 2 })
        #expect(budget.peak.cost <= 100)
        #expect(budget.peak.running == 2)
    }

    @Test func noMoreCostedPiecesRunAtOnceThanTheBudgetAdmitsWhateverTheWorkers() {
        // Bytes to spare, but two slots: sixteen workers of two schedulers sharing the budget (as
        // the sheet's pages and the overlays do) never run more than two costed pieces at once.
        let budget = MemoryBudget(bytes: 1 << 30, maxRunning: 2)
        let started = Counter()
        let results = ParallelWork.map(Array(0..<2), parallel: true, budget: budget) { _, batch in
            BudgetedScheduler(budget: budget, workers: 8).map(Array(0..<12), costs: [Int](repeating: 10, count: 12)) {
                index, value in
                started.increment()
                _ = started.waitUntil(atLeast: min(24, started.value + 1), seconds: 0.05)
                return batch * 100 + value
            }
        }
        #expect(results == [Array(0..<12), Array(100..<112)])
        #expect(budget.peak.running == 2)
        #expect(budget.peak.cost == 20)
    }

    @Test func aPieceLargerThanTheBudgetRunsAloneAndOthersStillFinish() {
        let costs = [10, 500, 10, 10, 500, 10]
        let budget = MemoryBudget(bytes: 100)
        let scheduler = BudgetedScheduler(budget: budget, workers: 4)
        let running = Counter()
        let alone = scheduler.map(Array(0..<costs.count), costs: costs) { index, _ -> Bool in
            running.increment()
            defer { running.decrement() }
            usleep(1000)
            return costs[index] <= 100 || running.value == 1
        }
        #expect(alone.allSatisfy { $0 })
        #expect(budget.peak.cost <= 500)
    }

    @Test func concurrentCallsShareOneBudgetAndFreePiecesNeverWait() {
        // Two batches at once (as `ingest` prepares several reports) through one budget: their
        // costed pieces never add up past it; pieces of cost 0 (and work nested in them) never wait.
        let budget = MemoryBudget(bytes: 100)
        let outer = ParallelWork.map(Array(0..<2), parallel: true, budget: budget) { _, batch in
            ParallelWork.map(Array(0..<6), parallel: true, budget: budget, cost: { _ in 60 }) { index, _ in
                usleep(1000)
                return batch * 10 + index
            }
        }
        #expect(outer == [[0, 1, 2, 3, 4, 5], [10, 11, 12, 13, 14, 15]])
        #expect(budget.peak.running == 1)
        #expect(budget.peak.cost == 60)
        // A lone piece above the budget is run, not starved, even called without parallelism.
        #expect(ParallelWork.map([7], parallel: false, budget: budget, cost: { _ in 1000 }) { _, x in x } == [7])
    }

    @Test func renderingManySmallScreensUsesTheCoresAndKeepsOrder() throws {
        let text = try TextRenderer(explicitFontPath: nil)
        let fixture = ReportFixture.random(seed: 11, screenCount: 4...4, issueRange: 2...2, screenWidth: 120)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("AuditReport_2026-01-02_11-02-25.html")
        try fixture.write(to: path, as: .html(.varAssignment))
        let report = try ReportReader.read(path: path)
        let output = try Overlay.writeAll(report: report, text: text, evidence: EvidencePaths(reportPath: path))
        #expect(output.paths.map { ($0 as NSString).lastPathComponent } == (1...4).map { "overlay_screen_\($0).png" })
        let costs = report.screens.map(Overlay.estimatedBytes)
        #expect(costs.allSatisfy { $0 > 0 && $0 * 4 < ParallelWork.memoryBudget })
    }

    @Test func handedOffValuesArriveInTheirSlotsWhicheverThreadIsAhead() throws {
        // Two stages as the judgement's walk runs them: a value taken waits until it is put, and each
        // slot holds its own value whether the taker or the maker runs ahead.
        let count = 200
        let made = HandOff<Int>(count: count)
        let answered = HandOff<String>(count: count)
        let maker = BackgroundWork {
            for index in 0..<count {
                if index % 50 == 0 { usleep(2000) }
                made.put(index, index * 3)
            }
            return (0..<count).map { answered.take($0) }
        }
        for index in 0..<count {
            if index % 70 == 0 { usleep(2000) }
            answered.put(index, String(made.take(index)))
        }
        #expect(try maker.value() == (0..<count).map { String($0 * 3) })
    }
}

/// A thread-safe counter tests wait on.
private final class Counter: @unchecked Sendable {
    private let condition = NSCondition()
    private var count = 0

    var value: Int {
        condition.lock()
        defer { condition.unlock() }
        return count
    }

    func increment() {
        condition.lock()
        count += 1
        condition.broadcast()
        condition.unlock()
    }

    func decrement() {
        condition.lock()
        count -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the count reaches `target` or `seconds` pass; returns whether it did.
    func waitUntil(atLeast target: Int, seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while count < target {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}
