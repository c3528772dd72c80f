import SwiftUI

public enum ListRowLabelRole {
    case destructive
    case error
}

/// The leading part of a list row: an icon, a title and a description.
public struct ListRowLabel<Icon: View>: View {
    var title: String?
    var description: String?
    var icon: Icon?
    var role: ListRowLabelRole?

    var titleColor: Color {
        role == .destructive ? .compound.textCriticalPrimary : .compound.textPrimary
    }

    public var body: some View {
        HStack(alignment: .center, spacing: 16) {
            if let icon {
                icon
                    .foregroundColor(role == .destructive ? .compound.iconCriticalPrimary : .compound.iconTertiaryAlpha)
            }
            VStack(alignment: .leading, spacing: 2) {
                if let title {
                    Text(title)
                        .font(.compound.bodyLG)
                        .foregroundColor(titleColor)
                }
                if let description {
                    Text(description)
                        .font(.compound.bodySM)
                        .foregroundColor(.compound.textSecondary)
                }
            }
        }
    }

    public static func `default`(
        title: String, description: String? = nil, icon: KeyPath<CompoundIcons, Image>
    ) -> ListRowLabel<CompoundIcon> {
        ListRowLabel<CompoundIcon>(title: title, description: description, icon: CompoundIcon(icon))
    }

    public static func plain(title: String, description: String? = nil) -> ListRowLabel<EmptyView> {
        ListRowLabel<EmptyView>(title: title, description: description)
    }

    public static func action(
        title: String, icon: KeyPath<CompoundIcons, Image>, role: ListRowLabelRole? = nil
    ) -> ListRowLabel<CompoundIcon> {
        ListRowLabel<CompoundIcon>(title: title, icon: CompoundIcon(icon), role: role)
    }
}

public extension ListRowLabel where Icon == EmptyView {
    init() {}
}
