import Foundation

/// The warnings of one report as a reader adds them, bounded: the first `shownPerMessage` of each message
/// are kept as they are, the rest only counted, and said once (`warnings`): a report of two million
/// malformed screens costs one line and a counter, not two million of each.
struct ReportWarningTally: Sendable {
    /// How many warnings of one message are kept whole.
    static let shownPerMessage = 5

    private var kept: [ReportWarning] = []
    /// Per message: how many were added, and the first one not kept.
    private var counts: [String: (count: Int, firstUnshown: ReportWarning?)] = [:]
    /// The messages in the order they first came.
    private var order: [String] = []

    /// Adds `warning`: kept while its message has come fewer than `shownPerMessage` times, else counted.
    mutating func add(_ warning: ReportWarning) {
        var entry = counts[warning.message] ?? (0, nil)
        if entry.count == 0 { order.append(warning.message) }
        entry.count += 1
        if entry.count <= Self.shownPerMessage {
            kept.append(warning)
        } else if entry.firstUnshown == nil {
            entry.firstUnshown = warning
        }
        counts[warning.message] = entry
    }

    /// Adds each of `warnings`.
    mutating func add(contentsOf warnings: [ReportWarning]) {
        for warning in warnings { add(warning) }
    }

    /// The warnings kept, then for each message with more, one that says how many more were not shown
    /// (at the first of them).
    var warnings: [ReportWarning] {
        var all = kept
        for message in order {
            guard let entry = counts[message], let first = entry.firstUnshown else { continue }
            let more = entry.count - Self.shownPerMessage
            all.append(
                ReportWarning(
                    path: first.path, message: "\(message) (and \(more - 1) more like it, not shown)",
                    byteOffset: first.byteOffset))
        }
        return all
    }
}
