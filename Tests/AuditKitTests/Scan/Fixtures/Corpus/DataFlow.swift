import SwiftUI

/// Sizes written as names and expressions, followed within the file: scaled ones are not reported,
/// fixed ones are (with the declaration they come through), ones from outside the file are notes.
struct DataFlowHeader: View {
    @ScaledMetric private var scaledSmall: CGFloat = 14
    @ScaledMetric(relativeTo: .title) private var scaledLarge: CGFloat = 28
    let iconSize: CGFloat = 12
    var compact = false
    let external: ExternalStyle

    private var headerSize: CGFloat { compact ? scaledSmall : scaledLarge }

    var body: some View {
        VStack {
            Text("Scaled").font(.system(size: headerSize))
            Text("Ternary").font(.system(size: compact ? scaledSmall : scaledLarge))
            Text("Function").font(.system(size: titleSize(), weight: .bold))
            Image(systemName: "star").font(.system(size: iconSize))
            Text("Mixed").font(.system(size: compact ? scaledSmall : 18))
            Text("Outside").font(.system(size: external.size))
            Rectangle().frame(width: Metrics.system(size: 4))
        }
    }
}

extension DataFlowHeader {
    func titleSize() -> CGFloat { max(scaledSmall, scaledLarge) * 1.1 }
}

struct DataFlowRow: View {
    @ScaledMetric var iconSize: CGFloat = 17

    var body: some View {
        let scaledSmall: CGFloat = 9
        HStack {
            Image(systemName: "bell").font(.system(size: iconSize))
            Text("Shadowed").font(.system(size: scaledSmall))
        }
    }
}

enum Metrics {
    static func system(size: CGFloat) -> CGFloat { size * 2 }
}
