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
