import SwiftUI

struct NewReleasesSection: View {
    let books: [Book]

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            SectionHeader(title: Strings.Home.newReleases, actionTitle: Strings.Common.seeAll)  // truth: home-new
            BookCarousel(books: books)
        }
    }
}
