import Compound
import SwiftUI

struct AdvancedSettingsScreen: View {
    @ObservedObject var context: AdvancedSettingsScreenViewModel.Context

    var body: some View {
        Form {
            Section {
                ListRow(
                    label: .default(title: L10n.screenAdvancedSettingsTheme, icon: \.settings),  // truth: adv-theme
                    kind: .picker(selection: $context.appearance, items: AppAppearance.pickerItems))
                ListRow(
                    label: .plain(
                        title: L10n.screenAdvancedSettingsViewSource,  // truth: advanced-view-source
                        description: L10n.screenAdvancedSettingsViewSourceDescription),
                    kind: .toggle($context.viewSourceEnabled))
                ListRow(
                    label: .plain(title: L10n.screenAdvancedSettingsRichTextEditor),  // truth: advanced-rich-text
                    kind: .toggle($context.richTextEditorEnabled))
                ListRow(
                    label: .plain(title: L10n.screenAdvancedSettingsMediaCompression),  // truth: advanced-media
                    kind: .toggle($context.optimizeMediaUploads))
            }
        }
        .compoundList()
        .navigationTitle(L10n.commonAdvancedSettings)  // truth: advanced-title
        .navigationBarTitleDisplayMode(.inline)
    }
}

enum AppAppearance: String, CaseIterable {
    case system
    case light
    case dark

    static var pickerItems: [(title: String, tag: AppAppearance)] {
        allCases.map { (title: $0.name, tag: $0) }
    }

    var name: String {
        switch self {
        case .system: L10n.screenAdvancedSettingsThemeSystem
        case .light: "Light"
        case .dark: "Dark"
        }
    }
}

final class AdvancedSettingsScreenViewModel {
    final class Context: ObservableObject {
        @Published var appearance = AppAppearance.system
        @Published var viewSourceEnabled = false
        @Published var richTextEditorEnabled = true
        @Published var optimizeMediaUploads = true
    }

    let context = Context()
}
