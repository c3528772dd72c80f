import UIKit

final class ProfileCell: UITableViewCell {
    let nameLabel = UILabel()
    let detailLabel = UILabel()
    let base = UIFont(name: "Avenir-Book", size: 17)!

    func configure() {
        nameLabel.font = UIFont.systemFont(ofSize: 17)
        detailLabel.font = .boldSystemFont(ofSize: 20)
        detailLabel.font = UIFont.italicSystemFont(ofSize: 13)
        detailLabel.font = UIFont.monospacedSystemFont(ofSize: 12, weight: .medium)
        detailLabel.font = UIFont.monospacedDigitSystemFont(ofSize: 15, weight: .regular)
        detailLabel.font = UIFont(name: "Avenir-Medium", size: 17)
        detailLabel.font = UIFont.systemFont(ofSize: 15, weight: .semibold)
        let symbol = UIImage.SymbolConfiguration(font: .systemFont(ofSize: 24))
        _ = symbol
    }

    func scaled() {
        // None of these is a finding: each font goes through UIFontMetrics.
        nameLabel.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.systemFont(ofSize: 17))
        nameLabel.font = UIFontMetrics.default.scaledFont(for: base)
        let heading = UIFont(name: "Avenir-Heavy", size: 22)
        nameLabel.font = heading.map { UIFontMetrics(forTextStyle: .title2).scaledFont(for: $0) }
        let caption: UIFont = .systemFont(ofSize: 12)
        detailLabel.font = UIFontMetrics(forTextStyle: .caption1).scaledFont(for: caption, maximumPointSize: 30)
        detailLabel.font = UIFont(name: "Avenir", size: 15).map { UIFontMetrics.default.scaledFont(for: $0) }
        detailLabel.font = UIFont.systemFont(ofSize: UIFontMetrics.default.scaledValue(for: 14))
        detailLabel.font = UIFont.preferredFont(forTextStyle: .body)
    }
}

final class MacLabel {
    let font = NSFont.systemFont(ofSize: 13)
    let code = NSFont(name: "Menlo", size: 11)
}
