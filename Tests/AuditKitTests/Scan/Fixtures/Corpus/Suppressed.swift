import SwiftUI

struct Suppressed: View {
    var body: some View {
        VStack {
            // auditkit:ignore the logo glyph is drawn at a fixed size on purpose
            Text("Logo").font(.system(size: 30, weight: .black))
            Text("Badge").font(.system(size: 10))  // auditkit:ignore badge must fit the 16 pt circle
            // auditkit:ignore
            Text("No reason").font(.system(size: 14))
            Text("Not covered").font(.system(size: 18))
        }
    }
}
