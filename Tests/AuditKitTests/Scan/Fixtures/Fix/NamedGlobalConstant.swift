import SwiftUI

/// The size of every section header.
let headerSize: CGFloat = 22

/// A global constant: a new `@ScaledMetric` starts from it.
struct SectionHeader: View {
    let text: String

    var body: some View {
        Text(text).font(.system(size: headerSize, weight: .semibold))
    }
}
