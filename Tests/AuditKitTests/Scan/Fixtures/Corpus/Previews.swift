import SwiftUI

struct PreviewedRow: View {
    var body: some View {
        Text("Row").font(.system(size: 16))
    }
}

#Preview("Large") {
    PreviewedRow()
        .font(.system(size: 40))
}

struct PreviewedRow_Previews: PreviewProvider {
    static var previews: some View {
        Text("Preview").font(.system(size: 9))
    }
}

struct AfterPreviews: View {
    var body: some View {
        Text("After").font(.system(size: 22))
    }
}
