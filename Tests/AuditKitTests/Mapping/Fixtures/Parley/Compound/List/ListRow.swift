import SwiftUI

/// A row of a grouped list: a label, optional trailing details and what the row does.
public struct ListRow<Icon: View, DetailsIcon: View, CustomContent: View, SelectionValue: Hashable>: View {
    let label: ListRowLabel<Icon>
    let details: ListRowDetails<DetailsIcon>?

    public enum Kind {
        case label
        case button(action: () -> Void)
        case navigationLink(action: () -> Void)
        case toggle(Binding<Bool>)
        case picker(selection: Binding<SelectionValue>, items: [(title: String, tag: SelectionValue)])
        case custom(() -> CustomContent)
    }

    let kind: Kind

    public var body: some View {
        switch kind {
        case .label:
            ListRowContent(details: details) { label }
                .accessibilityElement(children: .combine)
        case .button(let action):
            Button(action: action) {
                ListRowContent(details: details) { label }
            }
            .accessibilityElement(children: .combine)
        case .navigationLink(let action):
            Button(action: action) {
                ListRowContent(details: details, accessory: .navigationLink) { label }
            }
            .accessibilityElement(children: .combine)
        case .toggle(let binding):
            Toggle(isOn: binding) { label }
                .tint(.compound.iconAccentTertiary)
        case .picker(let selection, let items):
            Picker(selection: selection) {
                ForEach(items, id: \.tag) { item in
                    Text(item.title).tag(item.tag)
                }
            } label: {
                label
            }
        case .custom(let content):
            content()
        }
    }
}

public extension ListRow where CustomContent == EmptyView {
    init(label: ListRowLabel<Icon>, details: ListRowDetails<DetailsIcon>? = nil, kind: Kind) {
        self.label = label
        self.details = details
        self.kind = kind
    }
}

public extension ListRow where Icon == EmptyView, DetailsIcon == EmptyView, SelectionValue == String {
    init(kind: Kind) {
        label = ListRowLabel()
        details = nil
        self.kind = kind
    }
}

/// The row's layout: the label, then the details and the accessory.
struct ListRowContent<Label: View, DetailsIcon: View>: View {
    enum Accessory { case none, navigationLink }

    let details: ListRowDetails<DetailsIcon>?
    var accessory: Accessory = .none
    @ViewBuilder let label: () -> Label

    var body: some View {
        HStack(spacing: 16) {
            label()
                .frame(maxWidth: .infinity, alignment: .leading)
            if let details {
                ListRowTrailingSection(details)
            }
            if accessory == .navigationLink {
                CompoundIcon(\.chevronRight)
                    .accessibilityHidden(true)
            }
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 13)
    }
}
