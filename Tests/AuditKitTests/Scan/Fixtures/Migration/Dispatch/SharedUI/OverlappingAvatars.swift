import SwiftUI

/// How large the avatars of a stack are; the sizes of its initials.
enum AvatarScale {
    case compact, regular

    var initialsSize: CGFloat {
        switch self {
        case .compact: 10
        case .regular: 14
        }
    }
}

struct OverlappingAvatars: View {
    let names: [String]
    let scale: AvatarScale

    var body: some View {
        HStack(spacing: -4) {
            ForEach(names, id: \.self) { name in
                Text(name).font(.system(size: scale.initialsSize))  // team: @caption2 @footnote
            }
        }
    }
}
