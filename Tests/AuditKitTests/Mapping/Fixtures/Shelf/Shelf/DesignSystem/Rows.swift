import SwiftUI

/// A title and its value on one line, read as one element.
struct InfoRow: View {
    let title: String
    let value: String

    var body: some View {
        HStack {
            Text(title)
            Spacer()
            Text(value)
                .foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .combine)
    }
}

/// A total of the cart: its name and amount.
struct SummaryRow: View {
    let title: String
    let value: String
    var isEmphasized = false

    var body: some View {
        HStack {
            Text(title)
            Spacer()
            Text(value)
        }
        .font(isEmphasized ? .headline : .body)
        .accessibilityElement(children: .combine)
    }
}

/// A setting with its current value and a button to change it.
struct ChangeRow: View {
    let title: String
    let value: String
    let onChange: () -> Void

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(title)
                Text(value)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            Button(Strings.Common.change, action: onChange)  // truth: settings-change
        }
    }
}

/// The app's prominent button.
struct PrimaryButton: View {
    let title: String
    let action: () -> Void

    var body: some View {
        Button(action: action) {
            Text(title)
                .frame(maxWidth: .infinity)
        }
        .buttonStyle(.borderedProminent)
    }
}

/// A quieter button beside a primary one.
struct SecondaryButton: View {
    let title: String
    let action: () -> Void

    var body: some View {
        Button(action: action) {
            Text(title)
                .frame(maxWidth: .infinity)
        }
        .buttonStyle(.bordered)
    }
}
