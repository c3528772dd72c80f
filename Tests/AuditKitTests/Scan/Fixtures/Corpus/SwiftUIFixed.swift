import SwiftUI

/// Fixed sizes in SwiftUI: every `.system(size:)` and `.custom(_:fixedSize:)` here is a finding.
struct SwiftUIFixed: View {
    var fontSize: CGFloat = 14
    var isLarge = false
    let titleFont: Font = .system(size: 12)

    var body: some View {
        VStack {
            Text("Subtitle").font(.system(size: 15))
            Text("Section").font(Font.system(size: 17, weight: .semibold))
            Text("Title").font(.system(size: 28, weight: .bold, design: .rounded))
            Text("Either").font(isLarge ? .system(size: 20) : .body)
            Text("Brand").font(.custom("Avenir-Heavy", fixedSize: 13))
            Text("Computed").font(.system(size: fontSize))
            Text("$4,422").font(.system(size: 64, weight: .bold))
            Text("Medium").font(.system(size: 15, weight: .medium))
        }
    }
}
