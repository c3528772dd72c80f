import SwiftUI

/// No fixed size in this file: text styles, custom fonts that scale, @ScaledMetric sizes, and sizes
/// that only appear in comments and string literals. (With customRequiresRelativeTo on, as in
/// corpus.scan.json, `.custom("Avenir", size: 17)` is reported by that optional rule.)
struct SwiftUINegatives: View {
    @ScaledMetric var iconSize = 17
    @ScaledMetric(relativeTo: .caption) private var badgeSize: CGFloat = 10

    // Text("Old").font(.system(size: 12)) was replaced by a style.
    /* .font(.system(size: 13)) in a block comment /* nested .system(size: 14) */ still comment */
    let note = "use .font(.system(size: 15)) sparingly"
    let raw = #"Text("x").font(.system(size: 16))"#
    let help = """
        .font(.system(size: 17, weight: .bold)) is fixed
        and so is UIFont.systemFont(ofSize: 18)
        """

    var body: some View {
        VStack {
            Text("Body").font(.body)
            Text("Styled").font(.system(.title, design: .serif))
            Text("Avenir").font(.custom("Avenir", size: 17))
            Text("Relative").font(.custom("Avenir", size: 13, relativeTo: .footnote))
            Image(systemName: "star").font(.system(size: iconSize))
            Image(systemName: "bell").font(.system(size: badgeSize * 1.5, weight: .bold))
            Text("Interpolated \(Text("x").font(.system(size: 11)))")
        }
    }
}
