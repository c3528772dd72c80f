import Foundation

/// The result of matching the issues of an older report against a newer one.
public struct IssueMatching: Sendable, Hashable {
    /// Index pairs `(old, new)` of issues that are the same warning, ordered by the new index.
    public var pairs: [MatchedPair]
    /// Indexes into the old issues that have no partner: resolved warnings, in old order.
    public var unmatchedOld: [Int]
    /// Indexes into the new issues that have no partner: new warnings, in new order.
    public var unmatchedNew: [Int]

    /// Creates a matching.
    public init(pairs: [MatchedPair], unmatchedOld: [Int], unmatchedNew: [Int]) {
        self.pairs = pairs
        self.unmatchedOld = unmatchedOld
        self.unmatchedNew = unmatchedNew
    }
}

/// Two indexes, one into each report's issues, that are the same warning.
public struct MatchedPair: Sendable, Hashable {
    /// Index into the old issues.
    public var old: Int
    /// Index into the new issues.
    public var new: Int

    /// Creates a pair.
    public init(old: Int, new: Int) {
        self.old = old
        self.new = new
    }
}

/// Decides which issues of two reports are the same warning: issues must share a fingerprint, and
/// fingerprints are matched as multisets, so three identical warnings that become two count two
/// residual and one resolved.
///
/// When several issues share a fingerprint (empty or repeated element text), the rect breaks the tie:
/// pairs whose rects differ by at most `rectTolerance` points in x, y, width and height are taken
/// first, closest first; what is left is paired in report order. Order of issues in a report, screen
/// numbers and issue numbers never matter.
public enum WarningMatcher {
    /// How far (points, per coordinate) a rect may move and still prefer its old partner: 12.
    public static let rectTolerance: Double = 12

    /// Groups larger than this (old count times new count) skip the rect search and pair in order
    /// of position on screen, so that a pathological report cannot make matching quadratic.
    static let pairSearchLimit = 40_000

    /// Matches `old` against `new`.
    public static func match(old: [HistoryIssue], new: [HistoryIssue]) -> IssueMatching {
        match(old: old, oldChains: Chains(old), new: new, newChains: Chains(new))
    }

    /// Each fingerprint's first and last index in a list of issues, and a chain from each index to the
    /// next one with the same fingerprint: no array per fingerprint in the common case where
    /// fingerprints are unique. Built once per report when matching many reports in a row.
    struct Chains {
        var ends: [IssueFingerprint: (head: Int, tail: Int)] = [:]
        var next: [Int]
        var isHead: [Bool]

        init(_ issues: [HistoryIssue]) {
            ends.reserveCapacity(issues.count)
            next = [Int](repeating: -1, count: issues.count)
            isHead = [Bool](repeating: false, count: issues.count)
            for (index, issue) in issues.enumerated() {
                if let found = ends[issue.fingerprint] {
                    next[found.tail] = index
                    ends[issue.fingerprint] = (found.head, index)
                } else {
                    ends[issue.fingerprint] = (index, index)
                    isHead[index] = true
                }
            }
        }

        func walk(from start: Int) -> [Int] {
            var indexes: [Int] = []
            var cursor = start
            while cursor >= 0 {
                indexes.append(cursor)
                cursor = next[cursor]
            }
            return indexes
        }
    }

    static func match(old: [HistoryIssue], oldChains: Chains, new: [HistoryIssue], newChains: Chains) -> IssueMatching {
        var pairs: [MatchedPair] = []
        pairs.reserveCapacity(min(old.count, new.count))
        var oldMatched = [Bool](repeating: false, count: old.count)
        var newMatched = [Bool](repeating: false, count: new.count)
        for index in new.indices where newChains.isHead[index] {
            guard let firstOld = oldChains.ends[new[index].fingerprint]?.head else { continue }
            if oldChains.next[firstOld] < 0, newChains.next[index] < 0 {
                pairs.append(MatchedPair(old: firstOld, new: index))
                oldMatched[firstOld] = true
                newMatched[index] = true
                continue
            }
            let group = pairGroup(
                oldIndexes: oldChains.walk(from: firstOld), newIndexes: newChains.walk(from: index),
                old: old, new: new)
            for pair in group {
                pairs.append(pair)
                oldMatched[pair.old] = true
                newMatched[pair.new] = true
            }
        }
        pairs.sort { $0.new < $1.new }
        return IssueMatching(
            pairs: pairs,
            unmatchedOld: old.indices.filter { !oldMatched[$0] },
            unmatchedNew: new.indices.filter { !newMatched[$0] })
    }

    /// How far apart two rects are: the largest difference of x, y, width and height; infinite
    /// when either is missing.
    public static func rectDistance(_ a: Rect?, _ b: Rect?) -> Double {
        guard let a, let b else { return .infinity }
        let distance = max(abs(a.x - b.x), abs(a.y - b.y), abs(a.width - b.width), abs(a.height - b.height))
        return distance.isNaN ? .infinity : distance
    }

    private static func pairGroup(
        oldIndexes: [Int], newIndexes: [Int], old: [HistoryIssue],
        new: [HistoryIssue]
    ) -> [MatchedPair] {
        if oldIndexes.count == 1, newIndexes.count == 1 {
            return [MatchedPair(old: oldIndexes[0], new: newIndexes[0])]
        }
        var result: [MatchedPair] = []
        var oldLeft = oldIndexes
        var newLeft = newIndexes
        if oldIndexes.count * newIndexes.count <= pairSearchLimit {
            var candidates: [(distance: Double, old: Int, new: Int)] = []
            for o in oldIndexes {
                for n in newIndexes {
                    let distance = rectDistance(old[o].rect, new[n].rect)
                    if distance <= rectTolerance { candidates.append((distance, o, n)) }
                }
            }
            candidates.sort { ($0.distance, $0.new, $0.old) < ($1.distance, $1.new, $1.old) }
            var usedOld = Set<Int>()
            var usedNew = Set<Int>()
            for candidate in candidates where !usedOld.contains(candidate.old) && !usedNew.contains(candidate.new) {
                usedOld.insert(candidate.old)
                usedNew.insert(candidate.new)
                result.append(MatchedPair(old: candidate.old, new: candidate.new))
            }
            oldLeft.removeAll { usedOld.contains($0) }
            newLeft.removeAll { usedNew.contains($0) }
        } else {
            func position(_ rect: Rect?) -> (Double, Double) { (rect?.y ?? .infinity, rect?.x ?? .infinity) }
            oldLeft.sort { position(old[$0].rect) < position(old[$1].rect) }
            newLeft.sort { position(new[$0].rect) < position(new[$1].rect) }
        }
        for (o, n) in zip(oldLeft, newLeft) { result.append(MatchedPair(old: o, new: n)) }
        return result
    }
}
