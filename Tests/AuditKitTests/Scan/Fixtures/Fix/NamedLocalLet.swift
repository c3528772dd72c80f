import SwiftUI

/// Local constants: a text sized by a literal one becomes the style of its number (the local is deleted
/// when nothing else reads it); a computed one is left with the reason.
struct Receipt: View {
    let lines: [String]

    var body: some View {
        let totalSize: CGFloat = 20
        let lineSize = CGFloat(lines.count > 3 ? 12 : 14)
        let gap: CGFloat = 13
        VStack {
            ForEach(lines, id: \.self) { Text($0).font(.system(size: lineSize)) }
            Text("Total").font(.system(size: totalSize))
            Text("Tax").font(.system(size: gap)).padding(gap)
        }
    }

    func footer() -> some View {
        let noteSize: CGFloat = 10
        return Text("Thank you").font(.system(size: noteSize))
    }
}
