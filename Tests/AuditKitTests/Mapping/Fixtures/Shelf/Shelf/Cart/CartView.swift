import SwiftUI

struct CartView: View {
    @State private var items = Book.samples.prefix(2).map { CartItem(book: $0, quantity: 1) }

    var body: some View {
        NavigationStack {
            List {
                Section {
                    ForEach(items) { item in
                        CartItemRow(item: item)
                    }
                }
                summarySection
                Section {
                    PrimaryButton(title: Strings.Cart.checkout) {}  // truth: cart-checkout
                    Button(Strings.Cart.continueShopping) {}  // truth: cart-continue
                }
            }
            .navigationTitle(Strings.Cart.title)  // truth: cart-title
        }
    }

    private var summarySection: some View {
        Section {
            SummaryRow(title: Strings.Cart.subtotal, value: "$42.00")  // truth: cart-subtotal
            SummaryRow(title: Strings.Cart.shipping, value: Strings.Cart.free)  // truth: cart-shipping
            SummaryRow(title: Strings.Cart.total, value: "$42.00", isEmphasized: true)  // truth: cart-total
        }
    }
}

struct CartItem: Identifiable {
    let book: Book
    var quantity: Int

    var id: String { book.id }
}

struct CartItemRow: View {
    let item: CartItem

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(item.book.title)  // truth: cart-item-title
                Text("Qty \(item.quantity)")  // truth: cart-item-quantity
                    .foregroundStyle(.secondary)
            }
            Spacer()
            Button(Strings.Common.remove, role: .destructive) {}  // truth: cart-remove
        }
    }
}
