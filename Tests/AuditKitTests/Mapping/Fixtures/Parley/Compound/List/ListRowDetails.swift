import SwiftUI

/// What a list row shows at its trailing edge: a short title, a counter or an icon.
public struct ListRowDetails<Icon: View> {
    var title: String?
    var counter: Int?
    var icon: Icon?
    var isWaiting = false

    public static func title(_ title: String) -> ListRowDetails<EmptyView> {
        ListRowDetails<EmptyView>(title: title)
    }

    public static func counter(_ count: Int) -> ListRowDetails<EmptyView> {
        ListRowDetails<EmptyView>(counter: count)
    }

    public static func isWaiting(_ isWaiting: Bool) -> ListRowDetails<EmptyView> {
        ListRowDetails<EmptyView>(isWaiting: isWaiting)
    }
}

struct ListRowTrailingSection<Icon: View>: View {
    let details: ListRowDetails<Icon>

    init(_ details: ListRowDetails<Icon>) {
        self.details = details
    }

    var body: some View {
        HStack(spacing: 8) {
            if details.isWaiting {
                ProgressView()
            }
            if let title = details.title {
                Text(title)
                    .font(.compound.bodyLG)
                    .foregroundColor(.compound.textSecondary)
            }
            if let counter = details.counter {
                Text(counter, format: .number)
                    .font(.compound.bodyLG)
            }
            details.icon
        }
    }
}
