// swift-format-ignore-file
// This file keeps its CRLF line endings and byte order mark on purpose.
import SwiftUI

struct WindowsLineEndings: View {
    var body: some View {
        Text("CRLF").font(.system(size: 13))
            .padding()
        Text("Also").font(
            .system(size: 21, weight: .regular))
    }
}
