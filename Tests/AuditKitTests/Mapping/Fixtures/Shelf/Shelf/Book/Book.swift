import Foundation

struct Book: Identifiable, Hashable {
    let title: String
    let author: String
    var summary = ""
    var publisher = ""
    var pages = 0
    var language = "English"
    var ratingCount = 0
    var topReview = ""

    var id: String { title }

    static let samples = [
        Book(title: "The Quiet Sea", author: "Mara Lind", publisher: "Harbor House", pages: 312, ratingCount: 128),
        Book(title: "Paper Lanterns", author: "Jun Okada", publisher: "Lumen", pages: 248, ratingCount: 64),
        Book(title: "North of Nowhere", author: "Ella Brandt", publisher: "Fjord", pages: 401, ratingCount: 12),
    ]
}
