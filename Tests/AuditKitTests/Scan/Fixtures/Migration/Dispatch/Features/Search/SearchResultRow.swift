import SwiftUI

struct SearchResultRow: View {
    let result: String

    var body: some View {
        let iconSize: CGFloat = 14  // size
        HStack {
            Image(systemName: "magnifyingglass").font(.system(size: iconSize))  // team: @footnote
            Text(result).font(.system(size: 15))  // team: DS.Typography.bodySecondary
        }
    }
}
