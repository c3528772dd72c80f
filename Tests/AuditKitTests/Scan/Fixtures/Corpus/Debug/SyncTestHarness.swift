import SwiftUI

/// A debug harness: excluded by corpus.scan.json, so none of this is reported.
struct SyncTestHarness: View {
    var body: some View {
        Text("Harness").font(.system(size: 11))
    }
}
