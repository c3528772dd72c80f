import Foundation

/// A warning a screen's audits left standing without re-auditing it (scrolled away, not flagged by a
/// report without its screenshot, or flagged in a configuration that lays the screen out otherwise),
/// with where its element was and the configuration of the audit that flagged it.
struct CarriedWarning: Sendable {
    /// The warning as its own audit judged it.
    var verdict: WarningVerdict
    /// Its element's rect. For a warning that moves with its screen (`frame` nil), in the screen's drift
    /// coordinates: add the screen's drift (`HistoryJudgement`) to have it in the coordinates of the
    /// screen's latest audit. For one kept unmoved (`frame` set), in that audit's coordinates.
    var rect: Rect?
    /// The audit whose coordinates `rect` is in, for a warning kept unmoved (flagged in another layout);
    /// nil for one that moves with its screen.
    var frame: AuditReference?
    /// The configuration of the audit that flagged it.
    var flaggedIn: ScreenConfiguration
}

/// Warnings standing on one screen, added by one audit: immutable, so every later audit's judgement
/// that still has them shares them instead of copying (a screen's standing warnings are a list of
/// these, newest first, see `StandingList`).
final class StandingChunk: Sendable {
    /// The warnings, in the order their audit listed them.
    let items: [CarriedWarning]
    /// How many of them are open.
    let openCount: Int
    /// How many of them are open or accepted by the baseline (as the record counts them).
    let openUnlessBaselinedCount: Int
    /// Their fingerprints: an audit looks for the issues it did not pair among them chunk by chunk.
    let fingerprints: Set<IssueFingerprint>
    /// Whether every warning moves with the screen (none kept unmoved in another layout's place).
    let allMoving: Bool
    /// The configurations the warnings were flagged in, each once.
    let configurations: [ScreenConfiguration]
    /// The kinds of warning among them (each re-audited in the configurations it depends on).
    let kinds: Set<TestType>
    /// The moving warnings with a rect, by grid cell of their rect's centre (drift coordinates), and
    /// the others with a rect (kept unmoved), so an element is looked for near its place only.
    let grid: [Cell: [Int]]
    /// The warnings kept unmoved that have a rect: looked at every time.
    let unmoved: [Int]

    /// A square of `StandingChunk.cellSize` points.
    struct Cell: Hashable {
        var x: Int
        var y: Int
    }

    /// The grid's cell size in points.
    static let cellSize = 64.0

    init(_ items: [CarriedWarning]) {
        self.items = items
        openCount = items.lazy.filter(\.verdict.status.isOpen).count
        openUnlessBaselinedCount = items.lazy.filter(\.verdict.status.isOpenUnlessBaselined).count
        fingerprints = Set(items.map(\.verdict.fingerprint))
        allMoving = items.allSatisfy { $0.frame == nil }
        var configurations: [ScreenConfiguration] = []
        for item in items where !configurations.contains(item.flaggedIn) { configurations.append(item.flaggedIn) }
        self.configurations = configurations
        kinds = Set(items.map(\.verdict.testType))
        var grid: [Cell: [Int]] = [:]
        var unmoved: [Int] = []
        for (index, item) in items.enumerated() {
            guard let rect = item.rect else { continue }
            let x = rect.x + rect.width / 2
            let y = rect.y + rect.height / 2
            // Kept unmoved, or too far out for a cell (a damaged history's coordinates): looked at every time.
            if item.frame != nil || !Self.isPlaceable(x) || !Self.isPlaceable(y) {
                unmoved.append(index)
            } else {
                grid[Self.cell(x: x, y: y), default: []].append(index)
            }
        }
        self.grid = grid
        self.unmoved = unmoved
    }

    /// Coordinates the grid places (cells stay far inside `Int`): any screen's, not a damaged file's 1e300.
    static func isPlaceable(_ value: Double) -> Bool { value.isFinite && abs(value) < 1e9 }

    /// The cell of a point (`isPlaceable` coordinates).
    static func cell(x: Double, y: Double) -> Cell {
        Cell(x: Int((x / cellSize).rounded(.down)), y: Int((y / cellSize).rounded(.down)))
    }

    /// The warnings that may lie within `radius` points of the point (`x`, `y`) in drift coordinates:
    /// the moving ones of the cells around it and every unmoved one, in list order.
    func candidates(nearX x: Double, y: Double, radius: Double) -> [Int] {
        var found = unmoved
        guard [x - radius, x + radius, y - radius, y + radius].allSatisfy(Self.isPlaceable) else {
            // A place no cell holds: every warning is a candidate.
            for indices in grid.values { found += indices }
            return found.sorted()
        }
        let low = Self.cell(x: x - radius, y: y - radius)
        let high = Self.cell(x: x + radius, y: y + radius)
        if (high.x - low.x + 1) * (high.y - low.y + 1) > grid.count {
            for indices in grid.values { found += indices }
        } else {
            for cx in low.x...high.x {
                for cy in low.y...high.y { found += grid[Cell(x: cx, y: cy)] ?? [] }
            }
        }
        return found.sorted()
    }
}

/// The warnings standing on one screen: chunks, newest first. An audit that leaves most of them as they
/// were shares their chunks; only a chunk that lost or changed a warning is made again.
struct StandingList: Sendable {
    /// The chunks, newest first.
    var chunks: [StandingChunk] = []

    /// How many open warnings.
    var openCount: Int { chunks.reduce(0) { $0 + $1.openCount } }

    /// How many open or accepted by the baseline.
    var openUnlessBaselinedCount: Int { chunks.reduce(0) { $0 + $1.openUnlessBaselinedCount } }

    /// The verdicts, newest chunk first.
    var verdicts: [WarningVerdict] { chunks.flatMap { $0.items.map(\.verdict) } }

    /// Whether there is none.
    var isEmpty: Bool { chunks.allSatisfy(\.items.isEmpty) }

    /// The list with `fresh` as its newest chunk (when not empty). A chunk is merged into the older one
    /// next to it while it is at least as large, so the chunks grow in size from newest to oldest: a list
    /// built by adding alone has at most log2(n) chunks of n warnings, and each warning is copied into a
    /// merged chunk at most log2(n) times (chunks that lost warnings may break the doubling until the
    /// next merge reaches them).
    func adding(_ fresh: [CarriedWarning]) -> StandingList {
        var list = self
        guard !fresh.isEmpty else { return list }
        list.chunks.insert(StandingChunk(fresh), at: 0)
        while list.chunks.count >= 2, list.chunks[0].items.count >= list.chunks[1].items.count {
            let merged = StandingChunk(list.chunks[0].items + list.chunks[1].items)
            list.chunks.replaceSubrange(0..<2, with: [merged])
        }
        return list
    }
}

/// What an audit's judgement keeps of the warnings standing without being re-audited: per screen, the
/// shared chunks (`StandingList`), so a long history keeps one copy of each standing warning, not one
/// per audit. Read as `ReportJudgement.notReaudited`.
struct StandingWarnings: Sendable {
    /// The parts, in the order `notReaudited` lists them.
    var parts: [StandingList] = []

    /// Every verdict, in order.
    var verdicts: [WarningVerdict] { parts.flatMap(\.verdicts) }

    /// How many open warnings.
    var openCount: Int { parts.reduce(0) { $0 + $1.openCount } }
}
