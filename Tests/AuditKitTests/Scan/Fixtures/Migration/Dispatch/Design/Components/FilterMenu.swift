import SwiftUI

struct FilterMenu: View {
    let selection: String

    var body: some View {
        HStack(spacing: 4) {
            Text(selection).font(.system(size: 15, weight: .medium))  // team: DS.Typography.bodySecondary
            Image(systemName: "chevron.down").font(.system(size: 10, weight: .semibold))  // team: @caption2
        }
        .toolbar {
            ToolbarItem {
                Image(systemName: "line.3.horizontal.decrease.circle")
                    .font(.system(size: DS.Spacing.bottomToolbarIconSize))  // team: @headline
            }
        }
    }
}
