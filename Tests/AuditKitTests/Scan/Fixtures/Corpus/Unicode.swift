// swift-format-ignore-file
// One line holds two statements on purpose: columns after non-ASCII text.
import SwiftUI

struct Unicode: View {
    var body: some View {
        HStack { Text("Größe 🎯"); Text("Mystery").font(.system(size: 15)) }
        HStack { Text("日本語のテキスト").font(.system(size: 13)) }
        HStack { Text("👨‍👩‍👧 Familie").font(.custom("Noto", fixedSize: 17)) }
    }
}
