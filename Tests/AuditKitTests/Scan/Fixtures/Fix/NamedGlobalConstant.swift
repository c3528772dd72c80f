import SwiftUI

/// The size of every section header.
let headerSize: CGFloat = 22

/// A global constant: a text sized by it becomes the style of its number (22 semibold).
struct SectionHeader: View {
    let text: String

    var body: some View {
        Text(text).font(.system(size: headerSize, weight: .semibold))
    }
}
