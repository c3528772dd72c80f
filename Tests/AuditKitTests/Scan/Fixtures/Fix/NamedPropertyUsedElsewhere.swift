import SwiftUI

/// A stored property that also sizes a frame cannot become a `@ScaledMetric` (the frame would grow),
/// and a new one cannot start from it; the site is left with the reason.
struct Avatar: View {
    let side: CGFloat = 32

    var body: some View {
        Image(systemName: "person.crop.circle")
            .font(.system(size: side))
            .frame(width: side, height: side)
    }
}
