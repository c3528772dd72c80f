import SwiftUI
import UIKit

/// The app's buttons, built where a screen needs one.
enum Buttons {
    static func primary(_ title: String, action: @escaping () -> Void) -> some View {
        Button(action: action) {
            HStack {
                Text(title).font(.system(size: 17, weight: .semibold))  // team: DS.Typography.headline
                Image(systemName: "arrow.right")
                    .font(.system(size: 14, weight: .semibold))  // team: UIFontMetrics(headline)
            }
        }
    }
}
