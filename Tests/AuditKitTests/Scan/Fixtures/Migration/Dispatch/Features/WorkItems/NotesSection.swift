import SwiftUI

struct NotesSection: View {
    let count: Int

    private var iconSize: CGFloat { count > 99 ? 20 : 24 }  // size

    var body: some View {
        VStack {
            Image(systemName: "note.text").font(.system(size: iconSize))  // team: @body @title3
            Text("\(count) notes").font(.system(size: 13))  // team: DS.Typography.footnote
        }
    }
}
