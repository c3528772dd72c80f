import SwiftUI

struct FeaturedSection: View {
    let books: [Book]

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            SectionHeader(title: Strings.Home.featured, actionTitle: Strings.Common.seeAll)  // truth: home-featured
            BookCarousel(books: books)
        }
    }
}
