import SwiftUI

/// The design system's icons, looked up by key path.
public struct CompoundIcons {
    public let chevronRight = Image("chevron-right")
    public let userProfile = Image("user-profile")
    public let devices = Image("devices")
    public let notifications = Image("notifications")
    public let chart = Image("chart")
    public let chatProblem = Image("chat-problem")
    public let info = Image("info")
    public let settings = Image("settings")
    public let block = Image("block")
    public let signOut = Image("sign-out")
    public let favourite = Image("favourite")
    public let pin = Image("pin")
    public let user = Image("user")
    public let userAdd = Image("user-add")
    public let polls = Image("polls")
    public let lock = Image("lock")
    public let leave = Image("leave")
    public let plus = Image("plus")
    public let share = Image("share")
    public let link = Image("link")
    public let search = Image("search")
    public let compose = Image("compose")
}

public struct CompoundIcon: View {
    private let image: Image

    public init(_ icon: KeyPath<CompoundIcons, Image>) {
        image = CompoundIcons()[keyPath: icon]
    }

    public var body: some View {
        image
            .resizable()
            .frame(width: 24, height: 24)
    }
}

/// A search field in the design system's style.
public struct CompoundSearchField: View {
    let prompt: String
    @Binding var text: String

    public init(prompt: String, text: Binding<String>) {
        self.prompt = prompt
        _text = text
    }

    public var body: some View {
        HStack {
            CompoundIcon(\.search)
            TextField(prompt, text: $text)
        }
        .padding(8)
    }
}
