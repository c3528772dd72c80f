import SwiftUI

/// Local constants: a literal one becomes a new `@ScaledMetric` holding its value; a computed one is
/// left with the reason.
struct Receipt: View {
    let lines: [String]

    var body: some View {
        let totalSize: CGFloat = 20
        let lineSize = CGFloat(lines.count > 3 ? 12 : 14)
        VStack {
            ForEach(lines, id: \.self) { Text($0).font(.system(size: lineSize)) }
            Text("Total").font(.system(size: totalSize))
        }
    }

    func footer() -> some View {
        let noteSize: CGFloat = 10
        return Text("Thank you").font(.system(size: noteSize))
    }
}
