import Foundation

/// The warnings of one report as a reader adds them, bounded: the first `shownPerMessage` of each message
/// are kept as they are, the rest only counted, and said once (`warnings`): a report of two million
/// malformed screens costs one line and a counter, not two million of each.
struct ReportWarningTally: Sendable {
    /// How many warnings of one message are kept whole.
    static let shownPerMessage = 5

    private var kept: [ReportWarning] = []
    /// Per kind of warning (its message unless told): how many were added, and the first one not kept.
    private var counts: [String: (count: Int, firstUnshown: ReportWarning?)] = [:]
    /// The kinds in the order they first came.
    private var order: [String] = []

    /// Adds `warning`: kept while its kind (`kind`, else its message) has come fewer than `shownPerMessage`
    /// times, else counted. Warnings whose messages quote a value (`Error Code is not a whole number:
    /// 'zz'`) are one kind whatever the value.
    mutating func add(_ warning: ReportWarning, kind: String? = nil) {
        let kind = kind ?? warning.message
        var entry = counts[kind] ?? (0, nil)
        if entry.count == 0 { order.append(kind) }
        entry.count += 1
        if entry.count <= Self.shownPerMessage {
            kept.append(warning)
        } else if entry.firstUnshown == nil {
            entry.firstUnshown = warning
        }
        counts[kind] = entry
    }

    /// Adds each of `warnings`.
    mutating func add(contentsOf warnings: [ReportWarning]) {
        for warning in warnings { add(warning) }
    }

    /// The warnings kept, then for each message with more, one that says how many more were not shown
    /// (at the first of them).
    var warnings: [ReportWarning] {
        var all = kept
        for kind in order {
            guard let entry = counts[kind], let first = entry.firstUnshown else { continue }
            let more = entry.count - Self.shownPerMessage
            all.append(
                ReportWarning(
                    path: first.path, message: "\(first.message) (and \(more - 1) more like it, not shown)",
                    byteOffset: first.byteOffset))
        }
        return all
    }
}
