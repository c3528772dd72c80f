import SwiftUI

struct BookDetailView: View {
    let book: Book

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                header
                actions
                descriptionSection
                detailsSection
                reviewsSection
                relatedSection
            }
            .padding()
        }
        .navigationBarTitleDisplayMode(.inline)
    }

    private var reviewsSection: some View {
        VStack(alignment: .leading, spacing: 8) {
            SectionHeader(title: Strings.Book.reviews, actionTitle: Strings.Common.seeAll)  // truth: detail-reviews
            Text(Strings.Book.ratings(book.ratingCount))  // truth: detail-ratings
            Text(book.topReview)
                .lineLimit(3)
            Button(Strings.Common.readMore) {}  // truth: detail-reviews-more
        }
    }

    private var relatedSection: some View {
        VStack(alignment: .leading, spacing: 8) {
            SectionHeader(title: Strings.Book.related, actionTitle: Strings.Common.seeAll)  // truth: detail-related
            BookCarousel(books: Book.samples)
        }
    }

    private var header: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(book.title)  // truth: detail-title
                .font(.largeTitle.bold())
            Text(book.author)  // truth: detail-author
                .font(.title3)
        }
    }

    private var actions: some View {
        HStack(spacing: 12) {
            PrimaryButton(title: Strings.Book.addToCart) {}  // truth: detail-add
            SecondaryButton(title: Strings.Book.buyNow) {}  // truth: detail-buy
        }
    }

    private var descriptionSection: some View {
        VStack(alignment: .leading, spacing: 8) {
            SectionHeader(title: Strings.Book.description)  // truth: detail-description
            Text(book.summary)
                .lineLimit(4)
            Button(Strings.Common.readMore) {}  // truth: detail-description-more
        }
    }

    private var detailsSection: some View {
        VStack(alignment: .leading, spacing: 8) {
            SectionHeader(title: Strings.Book.details)  // truth: detail-details
            InfoRow(title: Strings.Book.publisher, value: book.publisher)  // truth: detail-publisher
            InfoRow(title: Strings.Book.pages, value: "\(book.pages)")  // truth: detail-pages
            InfoRow(title: Strings.Book.language, value: book.language)  // truth: detail-language
        }
    }
}
