import SwiftUI

struct PastOrderRow: View {
    let order: Order

    var body: some View {
        HStack {
            Text("#\(order.number)")  // truth: past-number
            Spacer()
            Button(Strings.Orders.reorder) {}  // truth: past-reorder
        }
    }
}
