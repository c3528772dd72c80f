import UIKit

final class ProfileCell: UITableViewCell {
    private let titleLabel = UILabel()
    private let detailLabel = UILabel()
    private let badge = UILabel()

    func configure() {
        titleLabel.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
        detailLabel.font = .boldSystemFont(ofSize: 13)
        detailLabel.adjustsFontForContentSizeCategory = true
        badge.font = UIFont(name: "Avenir", size: 11)!
        let fallback = UIFont(name: "Avenir", size: 12) ?? .systemFont(ofSize: 12)
        _ = fallback
    }
}
