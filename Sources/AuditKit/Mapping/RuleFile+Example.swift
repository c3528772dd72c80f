extension RuleFile {
    /// A commented example rule file, valid as it is: what `auditkit init` writes and <doc:RuleFileFormat> shows.
    /// Its `"rules"` are empty: every example sits under `"examples"`, which the reader checks and never
    /// applies, so the file maps nothing until the team writes a rule.
    public static let example = #"""
        // auditkit.rules.json: how Accessibility Inspector warnings map to this app's code.
        // JSON with // and /* */ comments. Rules apply in file order; the FIRST rule whose "match" holds wins.
        // Unknown keys, bad regular expressions and "accepted" without a "reason" are rejected with line:column.
        {
          "version": 1,
          // Your rules go here. Until you write one, this file maps nothing.
          "rules": [
          ],
          // Examples of every match key and conclusion, checked as rules are but NEVER applied: copy one into
          // "rules" and change it to fit your app (its texts, views and files are made up).
          "examples": [
            {
              // System UI the app does not control: the status bar is the top 60 pt of the screen.
              "id": "status-bar",
              "match": { "region": { "top": 60 } },
              "status": "system",
              "note": "Status bar (time, battery)"
            },
            {
              // Tab bar icons: the bottom 90 pt. "Bottom" is measured against the screen height in points,
              // taken from the full screenshot's size (else display bounds / screenshot scale).
              "id": "tab-bar",
              "match": { "region": { "bottom": 90 }, "testType": ["contrast", "dynamic-type"] },
              "status": "system",
              "note": "Tab bar"
            },
            {
              // One source of truth for a warning pattern.
              "id": "widget-title-color",
              "match": { "testType": "contrast", "screen": "0", "textMatches": "^(Income|Expenses|Savings)$" },
              "view": "HomeView",
              "symbol": "HomeWidgetKind.titleColor",
              "note": "Widget title colour comes from HomeWidgetKind"
            },
            {
              // A judged false positive: needs a reason.
              "id": "budgets-dynamic-type",
              "match": { "testType": "dynamic-type", "title": "(?i)font sizes are unsupported", "group": "Budgets" },
              "view": "BudgetsView",
              "status": "accepted",
              "reason": "Uses .headline/.subheadline and scales in the simulator; Inspector noise on grouped lists"
            },
            {
              // Exact element text (also "textIgnoringCase"), error code, duplicate flag, explicit file and line.
              "id": "date-apply-hit-area",
              "match": { "testType": "hit-region", "text": "Apply", "duplicate": false },
              "file": "Sources/Home/DateRangeControls.swift",
              "line": 42,
              "note": "Apply arrow: keep the 44x44 frame"
            }
          ]
        }

        """#
}
