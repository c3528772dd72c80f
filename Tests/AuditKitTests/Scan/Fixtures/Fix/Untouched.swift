import SwiftUI

/// Findings `scan --fix` leaves, each for its reason, and code it never reads.
struct Card: View {
    let style: CardStyle
    static let titleSize: CGFloat = 20

    // .font(.system(size: 12)) in a comment
    let note = ".font(.system(size: 13))"

    var body: some View {
        VStack {
            Text("Outside").font(.system(size: style.size))
            Text("Named").font(.system(size: Self.titleSize + 2))
            // auditkit:ignore matches the printed form
            Text("Receipt").font(.system(size: 9))
        }
    }

    static func caption() -> some View { Text("x").font(.system(size: 10)) }
}

enum Typography {
    static let odd = Font.system(size: 11.5)
}

#Preview {
    Text("Preview").font(.system(size: 30))
}

struct Card_Previews: PreviewProvider {
    static var previews: some View { Text("Old").font(.system(size: 31)) }
}
