import Foundation

/// Every threshold and tolerance the judgement decides with, in one place, each with the case that set
/// it. The manual for maintainers (Configuration.md, "What the judgement tolerates") says what each
/// means; change one here and every pass that uses it follows.
enum JudgementTolerance {
    // MARK: Places

    /// How far (points, per coordinate) an element may be from where the screen's layout puts it and
    /// still be the same place: 12. A row's text that wraps differently, a value that grew by a digit and
    /// the Inspector's rounding stay within it; two rows (44 pt apart) never do.
    static let place: Double = 12

    /// How near a standing warning's predicted place an unpaired element of its kind must be to continue
    /// it: its own height (a tall row's centre moves more with a translation), at least `place`.
    static func reach(height: Double) -> Double { max(place, height) }

    /// What another exact value costs look-alikes (one fingerprint once digits fold: the departure times
    /// "8:05" and "8:20") pairing with standing warnings, and texts of one catalog key showing other numbers
    /// ("Platform 2", "Platform 5", in any language) pairing by key, against their places' distance in
    /// points: 1,000, more than any distance on a screen, so each row keeps its own value when no value
    /// changed, and a value that changed pairs by place.
    static let otherValue: Double = 1000

    /// The most a look-alike's distance from a standing warning's predicted place counts (500 points, half
    /// of `otherValue`): however far a scroll or another device moved it, the same value stays cheaper
    /// than another one.
    static let farthestLookAlike: Double = otherValue / 2

    /// What each step down the list adds to a look-alike pairing's cost (a millionth of a point): among
    /// pairings that cost the same, the one that keeps the lists' order (the rows' order on screen) is
    /// taken, whatever order the assignment tries them in.
    static let listOrder: Double = 1e-6

    /// The most bits two thumbnails' hashes may differ in and still be the same element: 6 of 64 (a
    /// chevron's thumbnail on another row's background differs in 2–4).
    static let image = 6

    /// How many digits a text without letters needs to tell a screen (`ScreenIdentification`): 3. A time
    /// ("8:05") or a price ("$4.99") does, on any screen that shows it, in any language (a transit app's
    /// departures audited in Japanese without catalogs); a count ("12") reads alike on every screen.
    static let tellingDigits = 3

    /// Problems larger than this many rows or columns are assigned greedily (closest first) instead of
    /// optimally, so that a pathological report cannot make matching cubic.
    static let optimalAssignmentLimit = 120

    // MARK: The layout's fit (`LayoutTransform`)

    /// Two places closer than this along an axis (points) tell no scale between them: rows of one line
    /// of a list are 44 pt apart, so two rows tell one.
    static let fitSpan: Double = 40

    /// The most points a fit weighs on an axis (the slopes between them grow with its square).
    static let fitSample = 48

    /// A scale within this of 1 is 1 (and within this of the width ratio, the width ratio): the
    /// Inspector's rounding of a few rects must not make a scroll a stretch.
    static let unitScale = 0.03

    /// The scales a screen's layout can take between two audits: xSmall to AX5 text sizes stretch rows by
    /// at most ×3 (Body ×3.1 at AX5), and back.
    static let scaleRange = 0.33...3.2

    // MARK: Configurations

    /// Two text scales within this factor of each other are one text size: a step of Dynamic Type
    /// (Large to xLarge is 1.12) keeps the layout; xxLarge (1.24) and the accessibility sizes do not.
    static let sameTextSize = 1.18

    /// Two screen widths within this share of each other are one width (the Inspector rounds points).
    static let sameWidth = 0.01

    // MARK: Languages (`AuditLanguages`) and rewritten texts

    /// A screen's texts were rewritten (another month's rows, or another language), so they may pair by
    /// place, when at least this many texts with letters are on each side and most of them are not paired
    /// by their fingerprint (a tab bar's two labels in both languages do not make a screen French).
    static let rewrittenTexts = 3

    /// An audit reads in a new wording (another language, another month's rows) only when at least this
    /// many of its texts are on screens the history knows and none of the known wordings explains half of
    /// them: a German caption, a row's name and the total after an English audit scrolled to other rows
    /// (the workout log, W), not one renamed label.
    static let languageTexts = 3

    /// The most wordings a screen's vocabulary keeps, the ones its audits read in last: a team audits in a
    /// few languages; a feed whose rows are new every audit reads in a new wording each time, and weighing
    /// every one of them would make each audit cost the length of the history.
    static let wordingsKept = 8
}
