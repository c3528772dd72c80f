import Foundation

/// A GitHub Actions workflow's steps as a test reads them (the CI recipe, `Examples/CI/`): each step's
/// name, condition, action, shell script and `with.path`, read line by line from the recipe's own
/// layout (a step starts at `      - `, its keys indented below it; `run: |` and `path: |` take the
/// lines indented further). It reads what the recipe writes, not YAML at large.
public struct WorkflowRecipe: Sendable {
    /// One step.
    public struct Step: Sendable {
        /// `name:`.
        public var name: String?
        /// `if:`, without the `${{ }}`.
        public var condition: String?
        /// `uses:`, e.g. `actions/cache/save@v4`.
        public var uses: String?
        /// `run:`, its lines joined by newlines.
        public var run: String?
        /// `with: path:`, one path a line.
        public var paths: [String] = []

        /// Whether the step runs on `event` (`push`, `pull_request`) after an earlier step `failed` or
        /// not: `always()` runs it after a failure, `github.event_name == 'X'` on that event only; a step
        /// without `always()` runs only while nothing failed.
        public func runs(on event: String, failed: Bool) -> Bool {
            let terms = (condition ?? "").components(separatedBy: "&&").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            var always = false
            for term in terms where !term.isEmpty {
                if term == "always()" {
                    always = true
                } else if term.hasPrefix("github.event_name == ") {
                    let value = term.dropFirst("github.event_name == ".count).trimmingCharacters(in: ["'", "\""])
                    if value != event { return false }
                } else {
                    return false
                }
            }
            return always || !failed
        }
    }

    /// The steps in order.
    public var steps: [Step]

    /// The steps of the one job in `text`.
    public init(_ text: String) {
        var steps: [Step] = []
        var block: (key: String, indent: Int)?
        for raw in text.components(separatedBy: "\n") {
            let indent = raw.prefix { $0 == " " }.count
            var line = raw.trimmingCharacters(in: .whitespaces)
            if let open = block, indent > open.indent, !line.isEmpty {
                if open.key == "run" {
                    steps[steps.count - 1].run = (steps[steps.count - 1].run.map { $0 + "\n" } ?? "") + line
                } else {
                    steps[steps.count - 1].paths.append(line)
                }
                continue
            }
            block = nil
            if raw.hasPrefix("      - ") {
                steps.append(Step())
                line = String(line.dropFirst(2))
            }
            guard !steps.isEmpty, !line.hasPrefix("#"), let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if value == "|" {
                block = (key, indent)
                continue
            }
            switch key {
            case "name": steps[steps.count - 1].name = value
            case "if": steps[steps.count - 1].condition = value
            case "uses": steps[steps.count - 1].uses = value
            case "run": steps[steps.count - 1].run = value
            case "path": steps[steps.count - 1].paths = [value]
            default: break
            }
        }
        self.steps = steps
    }
}
