import Compound
import SwiftUI

struct AboutScreen: View {
    let openURL: (URL) -> Void

    var body: some View {
        Form {
            Section {
                ForEach(AboutItem.all) { item in
                    ListRow(
                        label: .plain(title: item.title),  // truth: about-item
                        kind: .navigationLink { openURL(item.url) })
                }
            }
        }
        .compoundList()
        .navigationTitle(L10n.screenAboutTitle)  // truth: about-title
        .navigationBarTitleDisplayMode(.inline)
    }
}

/// A link the About screen lists.
struct AboutItem: Identifiable {
    let title: String
    let url: URL

    var id: String { url.absoluteString }

    static let all = [
        AboutItem(title: L10n.commonCopyright, url: URL(string: "https://parley.example/copyright")!),
        AboutItem(title: L10n.commonAcceptableUse, url: URL(string: "https://parley.example/acceptable-use")!),
        AboutItem(title: L10n.commonPrivacyPolicy, url: URL(string: "https://parley.example/privacy")!),
    ]
}
