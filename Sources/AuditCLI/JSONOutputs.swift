import AuditKit
import Foundation

extension Terminal {
    /// Writes `body` to stdout as a `--format json` output: its fields with `"version": 1` among them,
    /// sorted keys, ISO 8601 dates (`JSONWriter.document`). Numbering is the same everywhere: issue and
    /// screen `number`s count from 1, `index`es from 0.
    func json<Body: Encodable>(_ body: Body) throws {
        out(try JSONWriter.documentText(body))
    }
}

/// `init --format json`.
struct InitJSON: Encodable {
    var created: [String]
    var updated: [String]
    var leftAsItIs: [String]
}

/// `log --format json`.
struct LogJSON: Encodable {
    var action: String
    var log: String
    var report: String?
    var sha256: String?
    var createdLog: Bool?
    var createdSection: Bool?
    var session: Int?
    var text: String?
}

/// `sheet --format json`.
struct SheetJSON: Encodable {
    struct Problem: Encodable {
        var issue: Int
        var message: String
    }
    var report: String
    var pages: [String]
    var issues: Int
    var imageProblems: [Problem]
}

/// `overlay --format json`.
struct OverlayJSON: Encodable {
    struct Skipped: Encodable {
        var screen: Int
        var name: String
        var reason: String
    }
    var report: String
    var overlays: [String]
    var skippedScreens: [Skipped]
}
