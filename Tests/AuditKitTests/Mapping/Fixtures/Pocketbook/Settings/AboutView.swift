import SwiftUI

struct AboutView: View {
    var body: some View {
        VStack {
            Text("Pocketbook")
                .font(.largeTitle)
            Text("Version 2.1")
            Link("Privacy policy", destination: URL(string: "https://example.com/privacy")!)
        }
        .navigationTitle("About")
    }
}
