import SwiftUI

struct BestsellersSection: View {
    let books: [Book]

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            SectionHeader(title: Strings.Home.bestsellers, actionTitle: Strings.Common.seeAll)  // truth: home-best
            BookCarousel(books: books)
        }
    }
}
