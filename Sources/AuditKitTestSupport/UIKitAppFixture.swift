import AuditKit
import Foundation

/// A UIKit app as teams write them, for measuring the mapping the way issue 59 asks: storyboards and xibs in
/// `Base.lproj` with storyboard-localisation `.strings` in German and Swedish (some keys untranslated),
/// view controllers that set texts from constants whose English exists only as `NSLocalizedString`'s
/// `value:`, an image-only button named by its accessibility label, system bar items in storyboards and in
/// code, texts shown twice on one screen, a share extension showing the same texts (a decoy), an analytics
/// `"cancel"` literal, and user data no source holds. `report(german:)` gives an Inspector report of six
/// screens in English or from a German device, each warning with the place it should map to.
public enum UIKitAppFixture {
    /// Where a warning should map: a file and the text of its line (an element's `id="…"`, a line of code),
    /// or nowhere (user data).
    public struct Expectation: Sendable {
        /// The file, relative to the app's folder.
        public var file: String?
        /// A text only the expected line of `file` holds.
        public var marker: String?

        /// A place.
        public init(_ file: String, _ marker: String) {
            self.file = file
            self.marker = marker
        }

        /// Nowhere: no source holds the text.
        public static let nowhere = Expectation(nil)

        private init(_ none: Void?) {}

        /// The one-based line of `marker` in `file` of `files`, when exactly one line holds it.
        public func line(in files: [String: String]) -> Int? {
            guard let file, let marker, let text = files[file] else { return nil }
            let lines = text.components(separatedBy: "\n").enumerated().filter { $0.element.contains(marker) }
            return lines.count == 1 ? lines[0].offset + 1 : nil
        }
    }

    /// Every file of the app, by path under its folder.
    public static let files: [String: String] = {
        var files = swiftFiles
        files["Vault.xcodeproj/project.pbxproj"] = project
        files["Vault/Base.lproj/Main.storyboard"] = mainStoryboard
        files["Vault/Base.lproj/Settings.storyboard"] = settingsStoryboard
        files["Vault/Base.lproj/AboutViewController.xib"] = aboutXib
        files["Vault/Views/DatabaseCell.xib"] = databaseCellXib
        files["Vault/de.lproj/Main.strings"] = mainStringsGerman
        files["Vault/sv.lproj/Main.strings"] = mainStringsSwedish
        files["Vault/de.lproj/Settings.strings"] = settingsStringsGerman
        files["Vault/sv.lproj/Settings.strings"] = settingsStringsSwedish
        files["Vault/de.lproj/AboutViewController.strings"] = aboutStringsGerman
        files["Vault/de.lproj/Localizable.strings"] = localizableGerman
        files["Vault/sv.lproj/Localizable.strings"] = localizableSwedish
        files["VaultShare/Base.lproj/MainInterface.storyboard"] = shareStoryboard
        files["VaultShare/de.lproj/MainInterface.strings"] = shareStringsGerman
        return files
    }()

    /// Writes `files` under `folder`.
    public static func write(to folder: String) throws {
        for (name, text) in files {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// The Swift sources of the app and its share extension.
    public static let swiftFiles: [String: String] = [
        "Vault/Strings.swift": """
        import Foundation

        /// The app's texts; English is each key's `value:`, the tables hold the other languages.
        enum Strings {
            static let databases = NSLocalizedString("databases.title", value: "Databases", comment: "List title")
            static let searchPlaceholder = NSLocalizedString("databases.search", value: "Search Databases", comment: "")
            static let deleteDatabase = NSLocalizedString("databases.delete.title", value: "Delete Database?", comment: "")
            static let deleteMessage = NSLocalizedString(
                "databases.delete.message", value: "The file stays on your device.", comment: "")
            static let delete = NSLocalizedString("action.delete", value: "Delete", comment: "")
            static let copy = NSLocalizedString("action.copy", value: "Copy", comment: "")
            static let cancel = NSLocalizedString("action.cancel", value: "Cancel", comment: "")
            static let accessControl = NSLocalizedString("settings.accessControl", value: "Access Control", comment: "")
            static let lockNow = NSLocalizedString("settings.lockNow", value: "Lock Now", comment: "")
            static let wrongPassword = NSLocalizedString("unlock.wrongPassword", value: "Wrong password. Try again.", comment: "")
        }
        """,
        "Vault/DatabasesViewController.swift": """
        import UIKit

        final class DatabasesViewController: UITableViewController {
            private let searchController = UISearchController(searchResultsController: nil)
            private var databases: [DatabaseFile] = []

            override func viewDidLoad() {
                super.viewDidLoad()
                title = Strings.databases
                navigationItem.leftBarButtonItem = editButtonItem
                searchController.searchBar.placeholder = Strings.searchPlaceholder
                navigationItem.searchController = searchController
                tableView.register(UINib(nibName: "DatabaseCell", bundle: nil), forCellReuseIdentifier: "DatabaseCell")
            }

            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                databases.count
            }

            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "DatabaseCell", for: indexPath) as! DatabaseCell
                cell.show(databases[indexPath.row])
                return cell
            }

            func confirmDelete(at indexPath: IndexPath) {
                let alert = UIAlertController(title: Strings.deleteDatabase, message: Strings.deleteMessage, preferredStyle: .actionSheet)
                alert.addAction(UIAlertAction(title: Strings.delete, style: .destructive) { _ in
                    self.databases.remove(at: indexPath.row)
                })
                alert.addAction(UIAlertAction(title: Strings.copy, style: .default))
                alert.addAction(UIAlertAction(title: Strings.cancel, style: .cancel))
                present(alert, animated: true)
            }

            @IBAction func addDatabase(_ sender: Any) {
                Analytics.log(event: "add")
            }
        }

        struct DatabaseFile {
            var name: String
            var lastOpened: Date?
        }
        """,
        "Vault/UnlockViewController.swift": """
        import UIKit

        final class UnlockViewController: UIViewController {
            @IBOutlet private weak var unlockButton: UIButton!
            @IBOutlet private weak var passwordField: UITextField!
            private let errorLabel = UILabel()

            override func viewDidLoad() {
                super.viewDidLoad()
                unlockButton.titleLabel?.adjustsFontForContentSizeCategory = true
                view.addSubview(errorLabel)
            }

            @IBAction func unlock(_ sender: UIButton) {
                errorLabel.text = Strings.wrongPassword
                errorLabel.font = UIFont.preferredFont(forTextStyle: .callout)
            }

            @IBAction func cancel(_ sender: Any) {
                Analytics.log(event: "cancel")
                dismiss(animated: true)
            }

            @IBAction func toggleReveal(_ sender: UIButton) {
                passwordField.isSecureTextEntry.toggle()
            }
        }
        """,
        "Vault/SettingsViewController.swift": """
        import UIKit

        final class SettingsViewController: UITableViewController {
            @IBOutlet private weak var accessControlLabel: UILabel!
            @IBOutlet private weak var rateButton: UIButton!

            override func viewDidLoad() {
                super.viewDidLoad()
                accessControlLabel.text = Strings.accessControl
                let lock = UIBarButtonItem(title: Strings.lockNow, style: .plain, target: self, action: #selector(lockNow))
                navigationItem.leftBarButtonItem = lock
                rateButton.titleLabel?.adjustsFontForContentSizeCategory = true
            }

            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                guard indexPath.section == 1 else { return }
                navigationController?.pushViewController(AboutViewController(), animated: true)
            }

            @objc private func lockNow() {}

            @IBAction func done(_ sender: Any) {
                dismiss(animated: true)
            }
        }
        """,
        "Vault/AboutViewController.swift": """
        import UIKit

        final class AboutViewController: UIViewController {
            @IBOutlet private weak var privacyButton: UIButton!

            init() {
                super.init(nibName: "AboutViewController", bundle: nil)
            }

            required init?(coder: NSCoder) {
                fatalError("init(coder:) has not been implemented")
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                title = NSLocalizedString("about.title", value: "About", comment: "")
                navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .close, target: self, action: #selector(close))
            }

            @objc private func close() {
                navigationController?.popViewController(animated: true)
            }
        }
        """,
        "Vault/Views/DatabaseCell.swift": """
        import UIKit

        final class DatabaseCell: UITableViewCell {
            @IBOutlet private weak var nameLabel: UILabel!
            @IBOutlet private weak var lockButton: UIButton!

            func show(_ database: DatabaseFile) {
                nameLabel.text = database.name
                nameLabel.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
            }
        }
        """,
        "Vault/Analytics.swift": """
        import Foundation

        enum Analytics {
            static func log(event: String) {
                UserDefaults.standard.set(Date(), forKey: "lastEvent." + event)
            }

            static let events = ["add", "cancel", "unlock", "Cancel", "Done"]
        }
        """,
        "VaultShare/ShareViewController.swift": """
        import UIKit

        final class ShareViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                title = NSLocalizedString("databases.title", value: "Databases", comment: "")
                navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(finish))
            }

            @objc private func finish() {
                extensionContext?.completeRequest(returningItems: nil)
            }
        }
        """,
    ]

    /// `Vault/de.lproj/Localizable.strings`: no value for `action.copy` and `unlock.wrongPassword`, so a
    /// German device shows their `value:`.
    public static let localizableGerman = """
        /* List title */
        "databases.title" = "Datenbanken";
        "databases.search" = "Datenbanken durchsuchen";
        "databases.delete.title" = "Datenbank löschen?";
        "databases.delete.message" = "Die Datei bleibt auf deinem Gerät.";
        "action.delete" = "Löschen";
        "action.cancel" = "Abbrechen";
        "settings.accessControl" = "Zugriffskontrolle";
        "settings.lockNow" = "Jetzt sperren";
        "about.title" = "Info";
        """

    /// `Vault/sv.lproj/Localizable.strings`.
    public static let localizableSwedish = """
        "databases.title" = "Databaser";
        "databases.search" = "Sök databaser";
        "action.delete" = "Radera";
        "action.copy" = "Kopiera";
        "action.cancel" = "Avbryt";
        "settings.accessControl" = "Åtkomstkontroll";
        "about.title" = "Om";
        """
}
