import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// UIKit code that shows a text (`cell.textLabel?.text = Strings.accessControl`, `setTitle(_:for:)`,
/// `UIAlertAction(title:)`, `navigationItem.title =`) is where the warning maps, its text followed through
/// constants and `NSLocalizedString` (whose `value:` is the English when the tables lack the key); the
/// constant's definition never is. System bar items show the system's title in the device's language.
@Suite struct CodeAssignmentMappingTests {
    static let app = MiniApp(files: [
        "Vault/Strings.swift": """
        import Foundation
        enum Strings {
            static let accessControl = NSLocalizedString("settings.accessControl", value: "Access Control", comment: "")
            static let databases = NSLocalizedString("databases.title", value: "Databases", comment: "")
            static let settings = NSLocalizedString("settings.title", value: "Settings", comment: "Screen title")
            static let copy = NSLocalizedString("action.copy", value: "Copy", comment: "")
            static let exportTitle = NSLocalizedString("action.export", value: "Export", comment: "")
            static let lockNow = NSLocalizedString("action.lockNow", value: "Lock Now", comment: "")
            static let search = NSLocalizedString("search.placeholder", value: "Search Entries", comment: "")
            static let deleteTitle = NSLocalizedString("alert.delete", value: "Delete Database?", comment: "")
        }
        """,
        "Vault/SettingsViewController.swift": """
        import UIKit
        final class SettingsViewController: UITableViewController {
            @IBOutlet weak var exportButton: UIButton!
            @IBOutlet weak var lockButton: UIButton!
            override func viewDidLoad() {
                super.viewDidLoad()
                navigationItem.title = Strings.settings
                exportButton.setTitle(Strings.exportTitle, for: .normal)
                lockButton.accessibilityLabel = Strings.lockNow
                navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(close))
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
                cell.textLabel?.text = Strings.accessControl
                return cell
            }
            @objc func close() {}
        }
        """,
        "Vault/DatabasesViewController.swift": """
        import UIKit
        final class DatabasesViewController: UITableViewController {
            let searchController = UISearchController(searchResultsController: nil)
            override func viewDidLoad() {
                super.viewDidLoad()
                title = Strings.databases
                navigationItem.leftBarButtonItem = editButtonItem
                searchController.searchBar.placeholder = Strings.search
            }
            func confirmDelete() {
                let alert = UIAlertController(title: Strings.deleteTitle, message: nil, preferredStyle: .actionSheet)
                alert.addAction(UIAlertAction(title: Strings.copy, style: .default))
                alert.addAction(UIAlertAction(title: NSLocalizedString("alert.keep", value: "Keep", comment: ""), style: .cancel))
                present(alert, animated: true)
            }
            func cancelItem() -> UIBarButtonItem {
                UIBarButtonItem(barButtonSystemItem: .cancel, target: nil, action: nil)
            }
        }
        """,
        "Vault/Analytics.swift": """
        enum Analytics {
            static func log(_ event: String) {}
            static func cancelled() { log("cancel") }
        }
        """,
        "Vault/de.lproj/Localizable.strings": """
        "settings.accessControl" = "Zugriffskontrolle";
        "databases.title" = "Datenbanken";
        "settings.title" = "Einstellungen";
        "action.export" = "Exportieren";
        "cancel" = "Abbrechen";
        """,
        "Vault/sv.lproj/Localizable.strings": """
        "settings.accessControl" = "Åtkomstkontroll";
        "databases.title" = "Databaser";
        "settings.title" = "Inställningar";
        "action.export" = "Exportera";
        """,
    ])

    /// Expects issue `number` to map to the line of `file` holding `text`.
    static func expect(
        _ result: MappingResult, _ number: Int, file: String, holding text: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let primary = result.primary(for: number)
        #expect(
            primary?.location?.file == file, "issue \(number): \(String(describing: primary))",
            sourceLocation: sourceLocation)
        let line = SymbolMappingTests.line(of: text, in: file, of: app, sourceLocation: sourceLocation)
        #expect(
            primary?.location?.line == line, "issue \(number): \(String(describing: primary))",
            sourceLocation: sourceLocation)
    }

    @Test func englishTextsSetInCodeMapToTheLinesThatShowThem() throws {
        let report = MiniApp.report([
            (0, "Access Control", MiniApp.middle(0)), (0, "Settings", MiniApp.middle(1)),
            (0, "Export", MiniApp.middle(2)), (0, "Lock Now", MiniApp.middle(3)), (0, "Done", MiniApp.middle(4)),
            (1, "Databases", MiniApp.middle(0)), (1, "Edit", MiniApp.middle(1)),
            (1, "Search Entries", MiniApp.middle(2)), (2, "Delete Database?", MiniApp.middle(0)),
            (2, "Copy", MiniApp.middle(1)), (2, "Keep", MiniApp.middle(2)), (1, "Cancel", MiniApp.middle(3)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let settings = "Vault/SettingsViewController.swift"
        let databases = "Vault/DatabasesViewController.swift"
        Self.expect(result, 1, file: settings, holding: "cell.textLabel?.text = Strings.accessControl")
        Self.expect(result, 2, file: settings, holding: "navigationItem.title = Strings.settings")
        Self.expect(result, 3, file: settings, holding: "exportButton.setTitle(Strings.exportTitle")
        Self.expect(result, 4, file: settings, holding: "lockButton.accessibilityLabel = Strings.lockNow")
        Self.expect(result, 5, file: settings, holding: "barButtonSystemItem: .done")
        Self.expect(result, 6, file: databases, holding: "title = Strings.databases")
        Self.expect(result, 7, file: databases, holding: "= editButtonItem")
        Self.expect(result, 8, file: databases, holding: "searchBar.placeholder = Strings.search")
        Self.expect(result, 9, file: databases, holding: "UIAlertController(title: Strings.deleteTitle")
        Self.expect(result, 10, file: databases, holding: "UIAlertAction(title: Strings.copy")
        Self.expect(result, 11, file: databases, holding: "value: \"Keep\"")
        Self.expect(result, 12, file: databases, holding: "barButtonSystemItem: .cancel")
        for number in 1...12 {
            let candidates = result.issue(number)?.candidates ?? []
            #expect(
                !candidates.contains { $0.location?.file == "Vault/Strings.swift" },
                "issue \(number) names a definition")
            #expect(result.primary(for: number)?.location?.file != "Vault/Analytics.swift", "issue \(number)")
        }
        #expect((result.primary(for: 1)?.confidence ?? 0) >= 0.8)
        #expect(result.primary(for: 1)?.symbol == "Strings.accessControl")
        #expect(result.primary(for: 1)?.view == "SettingsViewController")
        #expect(result.primary(for: 12)?.symbol == "UIBarButtonItem.SystemItem.cancel")
    }

    @Test func germanTextsReachTheSamePlacesThroughTheTablesOrTheValueFallback() throws {
        let report = MiniApp.report([
            (0, "Zugriffskontrolle", MiniApp.middle(0)), (0, "Einstellungen", MiniApp.middle(1)),
            (0, "Exportieren", MiniApp.middle(2)), (0, "Lock Now", MiniApp.middle(3)), (0, "Fertig", MiniApp.middle(4)),
            (1, "Datenbanken", MiniApp.middle(0)), (1, "Bearbeiten", MiniApp.middle(1)),
            (1, "Abbrechen", MiniApp.middle(3)), (2, "Copy", MiniApp.middle(1)),
        ])
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let settings = "Vault/SettingsViewController.swift"
        let databases = "Vault/DatabasesViewController.swift"
        Self.expect(result, 1, file: settings, holding: "cell.textLabel?.text = Strings.accessControl")
        Self.expect(result, 2, file: settings, holding: "navigationItem.title = Strings.settings")
        Self.expect(result, 3, file: settings, holding: "exportButton.setTitle(Strings.exportTitle")
        // "action.lockNow" has no German value: the device shows `value:`.
        Self.expect(result, 4, file: settings, holding: "lockButton.accessibilityLabel = Strings.lockNow")
        Self.expect(result, 5, file: settings, holding: "barButtonSystemItem: .done")
        Self.expect(result, 6, file: databases, holding: "title = Strings.databases")
        Self.expect(result, 7, file: databases, holding: "= editButtonItem")
        // The system's "Abbrechen", not the unrelated `"cancel"` key's.
        Self.expect(result, 8, file: databases, holding: "barButtonSystemItem: .cancel")
        Self.expect(result, 9, file: databases, holding: "UIAlertAction(title: Strings.copy")
        // The German report cites German tables, never the Swedish ones.
        for number in 1...9 {
            let explanation = result.issue(number)?.explanation ?? ""
            let notes = (result.issue(number)?.candidates ?? []).compactMap(\.note).joined(separator: " ")
            #expect(!explanation.contains("(sv)") && !notes.contains("(sv)"), "issue \(number): \(notes)")
        }
        #expect(result.primary(for: 1)?.note?.contains("(de)") == true)
    }
}
