import UIKit

// Text styles that follow the user's text size only with adjustsFontForContentSizeCategory.
final class ProfileViewController: UIViewController {
    @IBOutlet private weak var nameLabel: UILabel!
    @IBOutlet private weak var bioLabel: UILabel!
    @IBOutlet private weak var noteLabel: UILabel!
    @IBOutlet private weak var saveButton: UIButton!
    private let hintLabel = UILabel()
    private let statusLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        // Scales: the flag is set, through self. or not, before or after.
        nameLabel.font = UIFont.preferredFont(forTextStyle: .headline)
        self.nameLabel.adjustsFontForContentSizeCategory = true
        bioLabel.adjustsFontForContentSizeCategory = true
        self.bioLabel.font = .preferredFont(forTextStyle: .body)
        saveButton.titleLabel?.font = UIFont.preferredFont(forTextStyle: .callout)
        saveButton.titleLabel?.adjustsFontForContentSizeCategory = true
        // Keeps the size it was loaded with: no flag, or the flag turned off.
        noteLabel.font = UIFont.preferredFont(forTextStyle: .footnote)
        hintLabel.font = .preferredFont(forTextStyle: .caption1)
        hintLabel.adjustsFontForContentSizeCategory = false
        statusLabel.font = UIFont.preferredFont(forTextStyle: .subheadline)
        if statusLabel.adjustsFontForContentSizeCategory == true { statusLabel.isHidden = false }
        // Not a view's font: nothing to say.
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.preferredFont(forTextStyle: .body)]
        _ = attributes
        // label.font = UIFont.preferredFont(forTextStyle: .body) in a comment is not code.
        _ = "hintLabel.font = UIFont.preferredFont(forTextStyle: .body)"
    }
}

/// A custom label that sets its own flag: a receiverless font in it scales.
final class DynamicLabel: UILabel {
    override init(frame: CGRect) {
        super.init(frame: frame)
        font = UIFont.preferredFont(forTextStyle: .body)
        adjustsFontForContentSizeCategory = true
    }

    required init?(coder: NSCoder) { fatalError() }
}
