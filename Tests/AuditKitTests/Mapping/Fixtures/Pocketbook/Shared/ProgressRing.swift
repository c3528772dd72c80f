import SwiftUI

struct ProgressRing: View {
    let fraction: Double

    var body: some View {
        Circle()
            .trim(from: 0, to: fraction)
            .stroke(.tint, lineWidth: 6)
            .frame(width: 44, height: 44)
            .accessibilityLabel("Progress")
            .accessibilityValue(Text(fraction, format: .percent))
    }
}
