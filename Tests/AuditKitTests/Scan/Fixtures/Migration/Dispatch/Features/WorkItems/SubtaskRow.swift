import SwiftUI

struct SubtaskRow: View {
    let title: String
    let isDone: Bool

    var body: some View {
        HStack {
            Image(systemName: isDone ? "checkmark.circle.fill" : "circle")
                .font(.system(size: 18))  // team: @body
            Text(title).font(.system(size: 17))  // team: DS.Typography.body
            Spacer()
            Image(systemName: "person").font(.system(size: 14))  // team: @footnote
        }
    }
}
