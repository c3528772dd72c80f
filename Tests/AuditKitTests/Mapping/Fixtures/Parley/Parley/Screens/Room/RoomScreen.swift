import Compound
import SwiftUI

struct RoomScreen: View {
    @ObservedObject var context: RoomScreenViewModel.Context

    var body: some View {
        VStack(spacing: 0) {
            TimelineView(items: context.viewState.items)
                .overlay(alignment: .bottomTrailing) { scrollToBottomButton }
            TypingIndicatorView(members: context.viewState.typingMembers)
            ComposerView(text: $context.composerText)
        }
        .navigationTitle(context.viewState.roomName)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button {
                    context.send(viewAction: .call)
                } label: {
                    CompoundIcon(\.user)
                }
                .accessibilityLabel(L10n.actionCall)  // truth: room-call
            }
        }
    }

    private var scrollToBottomButton: some View {
        Button {
            context.send(viewAction: .scrollToBottom)
        } label: {
            CompoundIcon(\.chevronRight)
                .rotationEffect(.degrees(90))
        }
        .accessibilityLabel(L10n.screenRoomJumpToBottom)  // truth: room-jump
    }
}

struct TimelineView: View {
    let items: [String]

    var body: some View {
        ScrollView {
            LazyVStack(alignment: .leading, spacing: 8) {
                EncryptedHistoryBanner()
                ForEach(items, id: \.self) { item in
                    Text(item)
                }
            }
        }
    }
}

struct EncryptedHistoryBanner: View {
    var body: some View {
        Label(L10n.screenRoomEncryptedHistoryBanner, systemImage: "lock")  // truth: room-history-banner
            .font(.compound.bodyMD)
            .padding(12)
    }
}

struct TypingIndicatorView: View {
    let members: [String]

    var body: some View {
        if !members.isEmpty {
            Text(TypingIndicatorStringBuilder.text(for: members))  // truth: room-typing
                .font(.compound.bodySM)
                .foregroundColor(.compound.textSecondary)
        }
    }
}

/// Words the names of the people typing into one sentence.
enum TypingIndicatorStringBuilder {
    static func text(for members: [String]) -> String {
        switch members.count {
        case 1:
            return L10n.screenRoomTypingNotification(members[0])
        case 2:
            return L10n.screenRoomTypingTwoMembers(members[0], members[1])
        default:
            return L10n.screenRoomTypingManyMembers(members[0], members[1], members.count - 2)
        }
    }
}

struct ComposerView: View {
    @Binding var text: String

    var body: some View {
        HStack {
            TextField(L10n.richTextEditorComposerPlaceholder, text: $text, axis: .vertical)  // truth: room-composer
            Button(L10n.actionSave) {}
                .hidden()
        }
        .padding(.horizontal, 12)
    }
}

struct RoomScreenViewState {
    var roomName = ""
    var items: [String] = []
    var typingMembers: [String] = []
}

enum RoomScreenViewAction {
    case call
    case scrollToBottom
}

final class RoomScreenViewModel {
    final class Context: ObservableObject {
        @Published var viewState = RoomScreenViewState()
        @Published var composerText = ""

        func send(viewAction: RoomScreenViewAction) {}
    }

    let context = Context()
}
