import DesignKit
import SwiftUI

struct PropertyDetailView: View {
    let address: String?

    var body: some View {
        if let address {
            Text(address).font(.system(size: 20, weight: .semibold))  // team: DS.Typography.title3
        } else {
            emptyState
        }
    }

    private var emptyState: some View {
        VStack(spacing: 8) {
            Image(systemName: "house").font(.system(size: Metrics.emptyStateIcon))  // team: @title
            Text("No property selected").font(.system(size: 15))  // team: DS.Typography.bodySecondary
        }
    }
}
