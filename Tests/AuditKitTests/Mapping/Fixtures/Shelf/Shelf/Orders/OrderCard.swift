import SwiftUI

struct OrderCard: View {
    let order: Order

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("Order \(order.number)")  // truth: order-number
                .font(.headline)
            Text(order.book.title)  // truth: order-book
            HStack {
                Button(Strings.Orders.track) {}  // truth: order-track
                Button(Strings.Orders.returnItem) {}  // truth: order-return
                Button(Strings.Orders.reorder) {}  // truth: order-reorder
            }
        }
    }
}
