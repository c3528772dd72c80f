import SwiftUI

struct StaffPicksSection: View {
    let books: [Book]

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            SectionHeader(title: Strings.Home.staffPicks, actionTitle: Strings.Common.seeAll)  // truth: home-staff
            BookCarousel(books: books)
        }
    }
}
