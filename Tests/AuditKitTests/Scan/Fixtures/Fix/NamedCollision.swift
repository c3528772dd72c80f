import SwiftUI

enum Metrics {
    static let icon: CGFloat = 24
}

/// `iconSize` is taken (it sizes a frame), so the new property for `Metrics.icon` gets another name.
struct Tile: View {
    let iconSize: CGFloat = 40

    var body: some View {
        VStack {
            Image(systemName: "photo").font(.system(size: Metrics.icon))
            Color.gray.frame(width: iconSize, height: iconSize)
        }
    }
}
