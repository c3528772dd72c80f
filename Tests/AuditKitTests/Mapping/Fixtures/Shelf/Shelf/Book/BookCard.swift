import SwiftUI

struct BookCard: View {
    let book: Book

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text(book.title)  // truth: card-title
                .font(.headline)
            Text(book.author)  // truth: card-author
                .font(.subheadline)
            PrimaryButton(title: Strings.Book.addToCart) {}  // truth: card-add
        }
        .frame(width: 160)
    }
}

struct BookCarousel: View {
    let books: [Book]

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 12) {
                ForEach(books) { book in
                    BookCard(book: book)
                }
            }
        }
    }
}
