import Foundation

/// Which audits of a history a command states, when it is given no report file: those the latest run
/// added (what `check`, `map` and `summary` take with no operand), every audit after one, or the audits
/// references name (`History.entry(reference:now:)`).
public enum HistorySelection: Sendable, Hashable {
    /// The reports the latest run added (`History.latestRun(now:)`): a CI run that audits two screens
    /// is checked whole, whichever was audited last.
    case latestRun
    /// Every audit after the one the reference names, in audit-date order (`--since REF`).
    case since(String)
    /// The audits the references name, in the order given, each once.
    case references([String])

    /// The positions (0-based, audit-date order) the selection names among `count` entries, each known
    /// by its SHA-256, file name, audit date and run; `now` is the run's clock (`History.futureTolerance`).
    /// - Throws: `AuditError` `.missingInput` naming a reference that names no audit.
    func positions(
        count: Int, sha256: (Int) -> String, fileName: (Int) -> String, auditDate: (Int) -> Date,
        run: (Int) -> Int?, now: Date
    ) throws -> [Int] {
        func position(_ reference: String) throws -> Int {
            guard
                let found = History.position(
                    of: reference, count: count, sha256: sha256, fileName: fileName, auditDate: auditDate, now: now)
            else {
                throw AuditError(
                    .missingInput,
                    "no such report file, and no history entry with that position, SHA-256 prefix or file name",
                    path: reference)
            }
            return found
        }
        switch self {
        case .latestRun:
            return History.latestRun(count: count, run: run, auditDate: auditDate, now: now)
        case .since(let reference):
            return Array((try position(reference) + 1)..<count)
        case .references(let references):
            var seen = Set<Int>()
            return try references.map(position).filter { seen.insert($0).inserted }
        }
    }
}

extension History {
    /// The entries `selection` names, in its order.
    /// - Throws: `AuditError` `.missingInput` naming a reference that names no audit.
    public func entries(_ selection: HistorySelection, now: Date = Date()) throws -> [HistoryEntry] {
        try selection.positions(
            count: entries.count, sha256: { entries[$0].sha256 }, fileName: { entries[$0].fileName },
            auditDate: { entries[$0].auditDate }, run: { entries[$0].run }, now: now
        ).map { entries[$0] }
    }
}
