import DesignKit
import SwiftUI

struct StagePicker: View {
    let stage: String

    var body: some View {
        HStack(spacing: 4) {
            Image(systemName: "flag.fill").font(.system(size: Metrics.chipIcon))  // team: @caption
            Text(stage).font(.system(size: 12))  // team: DS.Typography.caption
        }
    }
}
