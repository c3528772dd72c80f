import SwiftUI

struct NextPlannedRow: View {
    let title: String
    let date: Date

    var body: some View {
        HStack {
            Image(systemName: "calendar")
                .font(.system(size: 13))
            Text("Next planned")
                .lineLimit(1)
                .frame(width: 80, alignment: .leading)
            Text(title)
            Spacer()
            Text(date, style: .date)
        }
    }
}
