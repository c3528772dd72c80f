import SwiftUI

/// The optional rules of a typography standard (on in corpus.scan.json).
struct Typography: View {
    var body: some View {
        VStack {
            Text("Tight").tracking(0.5)
            Text("Tighter").kerning(-0.4)
            Text("Token tracking").tracking(AppTypography.Tracking.caption)
            Text("Rounded").fontDesign(.rounded)
            Text("Heavy").font(AppTypography.bodyLarge()).fontWeight(.semibold)
            Text("Bold body").fontWeight(.bold).font(.body)
            Text("Emphasis").fontWeight(.bold)
            Text("Tiny").font(.custom("Avenir", size: 9))
            Text("Small").font(.system(size: 10))
        }
    }
}
