import SwiftUI

struct DueDateBadge: View {
    let date: String

    var body: some View {
        HStack(spacing: 2) {
            Image(systemName: "calendar").font(.system(size: DS.Spacing.badgeIcon))  // team: @caption2
            Text(date).font(.system(size: 11))  // team: DS.Typography.captionSecondary
        }
    }
}
