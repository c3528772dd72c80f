import SwiftUI

/// Sizes the design kit package shares with the app.
public enum Metrics {
    public static let chipIcon: CGFloat = 12
    public static let emptyStateIcon: CGFloat = 32
}
