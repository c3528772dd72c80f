import SwiftUI

/// The greeting line and today's date.
struct HomeHeader: View {
    let greeting: LocalizedStringKey

    var body: some View {
        VStack(alignment: .leading) {
            Text(greeting)
                .font(.title2)
            Text(Date.now, style: .date)
                .foregroundStyle(.secondary)
        }
    }
}
