import AuditKit
import AuditKitTestSupport
import Foundation
import Testing

/// A second UIKit app, written after the mapping to probe what it was not shaped on: Xcode 16 synchronized
/// folders, English in `en.lproj` tables, a `"key".localized` helper, `UIMenu`/`UIAction`, a tab bar item and
/// section headers set in code, list content configurations, swipe actions, `UIBarButtonItem(systemItem:)`,
/// a prototype cell's placeholder texts, and a French device.
@Suite struct UIKitProbeMappingTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" initialViewController="RdN-av-001">
            <scenes>
                <scene sceneID="RdS-sc-001">
                    <objects>
                        <navigationController id="RdN-av-001" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="RdN-br-001"/>
                            <connections>
                                <segue destination="FdV-c0-001" kind="relationship" relationship="rootViewController" id="RdN-sg-001"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="FdS-sc-002">
                    <objects>
                        <tableViewController id="FdV-c0-001" customClass="FeedsViewController" customModule="Reader" sceneMemberID="viewController">
                            <tableView key="view" dataMode="prototypes" style="plain" id="FdT-tv-001">
                                <prototypes>
                                    <tableViewCell reuseIdentifier="Feed" textLabel="FdL-tt-001" detailTextLabel="FdL-dt-001" style="IBUITableViewCellStyleSubtitle" id="FdC-ce-001">
                                        <tableViewCellContentView key="contentView" id="FdC-cv-001">
                                            <subviews>
                                                <label opaque="NO" text="Title" id="FdL-tt-001">
                                                    <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                                </label>
                                                <label opaque="NO" text="Subtitle" id="FdL-dt-001">
                                                    <fontDescription key="fontDescription" style="UICTFontTextStyleCaption1"/>
                                                </label>
                                            </subviews>
                                        </tableViewCellContentView>
                                    </tableViewCell>
                                </prototypes>
                            </tableView>
                            <navigationItem key="navigationItem" id="FdN-ni-001">
                                <barButtonItem key="rightBarButtonItem" title="Refresh" id="FdB-rf-001"/>
                            </navigationItem>
                            <connections>
                                <segue destination="ArV-c0-001" kind="show" id="FdS-sg-001"/>
                            </connections>
                        </tableViewController>
                    </objects>
                </scene>
                <scene sceneID="ArS-sc-003">
                    <objects>
                        <viewController id="ArV-c0-001" customClass="ArticleViewController" customModule="Reader" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="ArV-vw-001">
                                <subviews>
                                    <label opaque="NO" text="No Article Selected" textAlignment="center" id="ArL-ns-001">
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleTitle3"/>
                                    </label>
                                </subviews>
                            </view>
                            <toolbarItems>
                                <barButtonItem systemItem="action" id="ArB-sh-001"/>
                                <barButtonItem title="Mark as Read" id="ArB-mr-001"/>
                            </toolbarItems>
                            <navigationItem key="navigationItem" title="Article" id="ArN-ni-001"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static let app = MiniApp(files: [
        "Reader.xcodeproj/project.pbxproj": """
        // !$*UTF8*$!
        {
            objects = {
                D001 = {isa = PBXFileSystemSynchronizedRootGroup; path = Reader; sourceTree = "<group>"; };
                D002 = {isa = PBXFileSystemSynchronizedRootGroup; path = ReaderWidget; sourceTree = "<group>"; };
                G000 = {isa = PBXGroup; children = (D001, D002, ); sourceTree = "<group>"; };
                T001 = {isa = PBXNativeTarget; fileSystemSynchronizedGroups = (D001, ); name = Reader; productType = "com.apple.product-type.application"; };
                T002 = {isa = PBXNativeTarget; fileSystemSynchronizedGroups = (D002, ); name = ReaderWidget; productType = "com.apple.product-type.app-extension"; };
                X001 = {isa = PBXProject; mainGroup = G000; targets = (T001, T002, ); };
            };
            rootObject = X001;
        }
        """,
        "Reader/Base.lproj/Main.storyboard": storyboard,
        "Reader/fr.lproj/Main.strings": """
        "FdB-rf-001.title" = "Actualiser";
        "ArL-ns-001.text" = "Aucun article sélectionné";
        "ArB-mr-001.title" = "Marquer comme lu";
        "ArN-ni-001.title" = "Article";
        """,
        "Reader/en.lproj/Localizable.strings": """
        "feeds.title" = "Feeds";
        "feeds.sort" = "Sort";
        "feeds.sort.date" = "By Date";
        "feeds.sort.name" = "By Name";
        "feeds.unread" = "Unread";
        "feeds.delete" = "Delete";
        "feeds.count" = "%d unread";
        "settings.tab" = "Settings";
        """,
        "Reader/fr.lproj/Localizable.strings": """
        "feeds.title" = "Flux";
        "feeds.sort" = "Trier";
        "feeds.sort.date" = "Par date";
        "feeds.sort.name" = "Par nom";
        "feeds.unread" = "Non lus";
        "feeds.delete" = "Supprimer";
        "feeds.count" = "%d non lus";
        "settings.tab" = "Réglages";
        """,
        "Reader/String+Localized.swift": """
        import Foundation
        extension String {
            var localized: String { NSLocalizedString(self, comment: "") }
        }
        """,
        "Reader/FeedsViewController.swift": """
        import UIKit
        final class FeedsViewController: UITableViewController {
            var feeds: [Feed] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                title = "feeds.title".localized
                tabBarItem = UITabBarItem(title: "settings.tab".localized, image: nil, tag: 1)
                let sort = UIMenu(title: "feeds.sort".localized, children: [
                    UIAction(title: "feeds.sort.date".localized) { _ in },
                    UIAction(title: "feeds.sort.name".localized) { _ in },
                ])
                navigationItem.leftBarButtonItem = UIBarButtonItem(title: nil, image: nil, primaryAction: nil, menu: sort)
                toolbarItems = [UIBarButtonItem(systemItem: .done)]
            }
            override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
                "feeds.unread".localized
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "Feed", for: indexPath)
                var content = cell.defaultContentConfiguration()
                content.text = feeds[indexPath.row].name
                content.secondaryText = String(format: "feeds.count".localized, feeds[indexPath.row].unread)
                cell.contentConfiguration = content
                return cell
            }
            override func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
                -> UISwipeActionsConfiguration?
            {
                UISwipeActionsConfiguration(actions: [UIContextualAction(style: .destructive, title: "feeds.delete".localized) { _, _, done in done(true) }])
            }
        }
        struct Feed {
            var name: String
            var unread: Int
        }
        """,
        "Reader/ArticleViewController.swift": """
        import UIKit
        final class ArticleViewController: UIViewController {}
        """,
        "ReaderWidget/WidgetViewController.swift": """
        import UIKit
        final class WidgetViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                title = "feeds.title".localized
                let label = UILabel()
                label.text = "No Article Selected"
            }
        }
        """,
    ])

    typealias Expectation = UIKitAppFixture.Expectation

    /// The French report's warnings, each with its expected place.
    static func report() -> (InspectorReport, [Expectation]) {
        let feeds = "Reader/FeedsViewController.swift"
        let board = "Reader/Base.lproj/Main.storyboard"
        let warnings: [(Int, String, Rect, Expectation)] = [
            (0, "Flux", Rect(x: 150, y: 62, width: 100, height: 30), Expectation(feeds, "title = \"feeds.title\"")),
            (0, "Actualiser", Rect(x: 320, y: 62, width: 70, height: 30), Expectation(board, #"id="FdB-rf-001""#)),
            (0, "Non lus", MiniApp.middle(0), Expectation(feeds, "\"feeds.unread\".localized")),
            (0, "12 non lus", MiniApp.middle(2), Expectation(feeds, "content.secondaryText")),
            (0, "Réglages", Rect(x: 240, y: 800, width: 100, height: 44), Expectation(feeds, "UITabBarItem(title:")),
            (0, "OK", Rect(x: 20, y: 760, width: 60, height: 30), Expectation(feeds, "systemItem: .done")),
            (0, "Le Monde", MiniApp.middle(1), .nowhere),
            (1, "Trier", MiniApp.middle(0), Expectation(feeds, "UIMenu(title:")),
            (1, "Par date", MiniApp.middle(1), Expectation(feeds, "\"feeds.sort.date\"")),
            (1, "Par nom", MiniApp.middle(2), Expectation(feeds, "\"feeds.sort.name\"")),
            (2, "Supprimer", MiniApp.middle(0), Expectation(feeds, "UIContextualAction(")),
            (3, "Aucun article sélectionné", MiniApp.middle(3), Expectation(board, #"id="ArL-ns-001""#)),
            (3, "Article", Rect(x: 150, y: 62, width: 100, height: 30), Expectation(board, #"id="ArN-ni-001""#)),
            (3, "Partager", Rect(x: 20, y: 760, width: 40, height: 30), Expectation(board, #"id="ArB-sh-001""#)),
            (
                3, "Marquer comme lu", Rect(x: 200, y: 760, width: 150, height: 30),
                Expectation(board, #"id="ArB-mr-001""#)
            ),
        ]
        let report = UIKitAppFixture.inspectorReport(
            warnings.map { ($0.0, $0.1, $0.2) }, screens: ["Feeds", "Sort", "Swipe", "Article"],
            testTypeName: "Police dynamique", path: "Reports/Reader_fr.json")
        return (report, warnings.map(\.3))
    }

    @Test func aFrenchReportOfAnotherUIKitAppMeetsTheBar() throws {
        let (report, expected) = Self.report()
        let result = IssueMatcher(index: try Self.app.index()).map(report)
        let score = UIKitAppFixture.score(result, expected: expected, files: Self.app.files)
        #expect(Double(score.rightFile) >= 0.9 * Double(score.total), "\(score)")
        #expect(Double(score.rightLine) >= 0.85 * Double(score.total), "\(score)")
        #expect(score.firmlyWrong <= 1, "\(score)")
    }
}
