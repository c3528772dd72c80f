import SwiftUI

struct UserAvatar: View {
    enum Size { case small, medium, large }

    let initials: String
    let size: Size

    private var fontSize: CGFloat {
        switch size {
        case .small: 10  // size
        case .medium: 14  // size
        case .large: 18  // size
        }
    }

    var body: some View {
        Text(initials)
            .font(.system(size: fontSize, weight: .medium))  // team: @caption2 @footnote @headline
    }
}
