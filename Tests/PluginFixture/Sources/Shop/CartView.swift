// The shapes of SwiftUI's fonts, so this compiles where SwiftUI is not (Linux); the scan reads the text.
struct Font {
    static func system(size: Double, weight: Weight = .regular) -> Font { Font() }
    static let body = Font()
    enum Weight { case regular, semibold }
}

struct Text {
    init(_ text: String) {}
    func font(_ font: Font) -> Text { self }
}

struct CartView {
    var body: [Text] {
        [
            Text("Cart").font(.system(size: 28, weight: .semibold)),
            Text("3 items").font(.body),
            Text("Total").font(.system(size: 15)),
            // auditkit:ignore the price badge is drawn at a fixed size on purpose
            Text("$12").font(.system(size: 11)),
        ]
    }
}
