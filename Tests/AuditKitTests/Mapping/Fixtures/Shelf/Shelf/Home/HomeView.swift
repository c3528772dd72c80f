import SwiftUI

struct HomeView: View {
    @State private var query = ""
    private let books = Book.samples

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(alignment: .leading, spacing: 28) {
                    FeaturedSection(books: books)
                    BestsellersSection(books: books)
                    NewReleasesSection(books: books)
                    StaffPicksSection(books: books)
                }
                .padding()
            }
            .navigationTitle(Strings.Home.title)  // truth: home-title
            .searchable(text: $query, prompt: Strings.Home.search)  // truth: home-search
            .navigationDestination(for: Book.self) { book in
                BookDetailView(book: book)
            }
        }
    }
}
