import SwiftUI

struct OrdersView: View {
    private let active = [Order(number: "10428", book: Book.samples[0]), Order(number: "10431", book: Book.samples[1])]
    private let past = [Order(number: "10377", book: Book.samples[2])]

    var body: some View {
        ScrollView {
            VStack(spacing: 16) {
                activeSection
                pastSection
            }
            .padding()
        }
        .navigationTitle(Strings.Orders.title)  // truth: orders-title
    }

    private var pastSection: some View {
        VStack(alignment: .leading) {
            ForEach(past) { order in
                PastOrderRow(order: order)
            }
        }
    }

    private var activeSection: some View {
        VStack(alignment: .leading) {
            ForEach(active) { order in
                OrderCard(order: order)
            }
        }
    }
}

struct Order: Identifiable {
    let number: String
    let book: Book

    var id: String { number }
}
