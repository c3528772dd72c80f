import Foundation

/// The fit pass of the judgement: for each screen an audit covers, where the elements of its earlier
/// audits are now (`LayoutTransform`), fitted from the elements the audit continues from them, and what
/// the audit was audited in (`ScreenConfiguration`), its text size told by the layout.
///
/// Each transform is worked out once per screen and earlier audit, on first use.
struct ScreenLayouts {
    /// The audit being judged.
    let entry: HistoryEntry
    /// Per issue of `entry`: its screen's normalised identity.
    let group: [String]
    /// Per issue of `entry`: the earlier warning it continues, nil for none.
    let previous: [WarningVerdict?]
    /// The configuration of each screen `entry` covers, by screen, once `configure` told its text size.
    private(set) var now: [String: ScreenConfiguration] = [:]
    /// Per issue of `entry`, once its warning is known (`learn(sightings:)`): where earlier audits flagged
    /// that warning, so any of them that shares warnings with this audit has a layout here.
    private var sightings: [[HistoryJudgement.Sighting]] = []
    private var memo: [Key: LayoutTransform] = [:]

    /// A screen and an earlier audit (`AuditReference.sharedIdentity`).
    private struct Key: Hashable {
        var screen: String
        var audit: ObjectIdentifier
    }

    init(entry: HistoryEntry, group: [String], previous: [WarningVerdict?]) {
        self.entry = entry
        self.group = group
        self.previous = previous
    }

    /// The configuration of `screen` (shown as the report's screen `shown`, nil when not) against its
    /// base audit `base`, audited in `then` (nil for none): the device, orientation and appearance the
    /// report tells, and a text size of the base's times how much the texts grew (`textRatio`).
    mutating func configure(
        _ screen: String, shown: HistoryScreen?, base: AuditReference?, then: ScreenConfiguration?
    ) -> ScreenConfiguration {
        var configuration = ScreenConfiguration(shown, textScale: 1)
        now[screen] = configuration
        if let base, let then {
            let layout = transform(of: screen, since: base, then: then)
            let ratio = Self.textRatio(movements(of: screen, since: base), layout: layout)
            // Nothing tells: the default size, the size most audits are made at (an audit that fixed most of
            // a large-text audit's warnings is not taken for another large-text audit).
            configuration.textScale = ratio.map { then.textScale * $0 } ?? 1
        }
        now[screen] = configuration
        return configuration
    }

    /// Learns where earlier audits flagged each issue's warning (per issue of `entry`): transforms made from
    /// now on are fitted from those places too.
    mutating func learn(sightings: [[HistoryJudgement.Sighting]]) {
        self.sightings = sightings
        memo = [:]
    }

    /// Whether elements of `screen` both `audit` and this audit show tell where that audit's places are now.
    func knows(_ screen: String, since audit: AuditReference) -> Bool {
        !movements(of: screen, since: audit).isEmpty
    }

    /// Where the elements `screen` showed in `audit` (audited in `then`) are in this one: the transform
    /// fitted from the elements continued from that audit (the identity when none is).
    mutating func transform(of screen: String, since audit: AuditReference, then: ScreenConfiguration?)
        -> LayoutTransform
    {
        let key = Key(screen: screen, audit: audit.sharedIdentity)
        if let known = memo[key] { return known }
        let widthScale = then.flatMap { then in now[screen].map { $0.widthScale(from: then) } } ?? 1
        let moves = movements(of: screen, since: audit).map { (was: $0.was, now: $0.now) }
        var widths: (was: Double, now: Double)?
        if let was = then?.width, let width = now[screen]?.width { widths = (was, width) }
        let found =
            LayoutTransform.fitted(moves, widthScale: widthScale, height: then?.height, widths: widths) ?? .identity
        memo[key] = found
        return found
    }

    /// Where the element at `rect` in the coordinates of `audit` (audited in `then`) is in this audit of
    /// `screen` (`LayoutTransform.predicted(_:was:now:content:)`), and how far from there it may be
    /// (`LayoutTransform.uncertainty(of:)`). `content` says whether the element is content (true: where it
    /// was flagged, `isContent`) or a bottom bar's own (false: its audits saw it keep its distance from the
    /// bottom edge), when its audits tell; else `rect` tells.
    mutating func predicted(
        _ rect: Rect, of screen: String, since audit: AuditReference, then: ScreenConfiguration?, content: Bool? = nil
    ) -> Prediction {
        let layout = transform(of: screen, since: audit, then: then)
        let place = layout.predicted(rect, was: then?.size, now: now[screen]?.size, content: content)
        return Prediction(
            place: place, margin: layout.uncertainty(of: rect),
            underBar: Self.movedUnderABar(rect, to: place, then: then, now: now[screen], content: content))
    }

    /// Whether an element at `rect` of a screen audited in `configuration` is content shown between the
    /// bars (`ScreenBand.showsContent`), where a scroll or a larger text size can move it under a bar; nil
    /// when the screen's size is not known.
    static func isContent(_ rect: Rect, in configuration: ScreenConfiguration) -> Bool? {
        guard let top = contentTop(configuration), let height = configuration.height else { return nil }
        return ScreenBand.showsContent(at: rect, top: top, height: height)
    }

    /// Where content starts on a screen audited in `configuration`: below the status bar and an inline
    /// navigation bar; nil when the screen's size is not known.
    static func contentTop(_ configuration: ScreenConfiguration) -> Double? {
        guard let width = configuration.width, let height = configuration.height else { return nil }
        return SafeAreaInsets(screenSize: (width, height)).top + SystemBands.inlineNavigationBarHeight
    }

    /// Whether content at `rect` in a screen audited in `then` is under a bar at `place` in one audited
    /// `now`: not shown between the bars there (`ScreenBand.showsContent`: scrolled up under the
    /// navigation bar, or pushed down under a toolbar or tab bar). Whether it is content (`isContent`) is
    /// `content` when told (where the element was flagged: a place carried from audit to audit may already
    /// lie under a bar), else what `rect` shows; a bar's own elements stay in it.
    static func movedUnderABar(
        _ rect: Rect, to place: Rect, then: ScreenConfiguration?, now: ScreenConfiguration?, content: Bool? = nil
    ) -> Bool {
        guard let then, let now, let height = now.height, let top = contentTop(now),
            content ?? isContent(rect, in: then) ?? false
        else { return false }
        return !ScreenBand.showsContent(at: place, top: top, height: height)
    }

    /// Where an earlier element is in this audit, how far from there it may be on each axis, and whether
    /// it is content the layout moved under a bar (`movedUnderABar`).
    struct Prediction {
        var place: Rect
        var margin: (x: Double, y: Double) = (0, 0)
        var underBar = false

        /// Whether the place, anywhere within its margin, lies at least half on a screen `width` by
        /// `height` points, below its status bar, and not under a bar: where an audit of it shows the element.
        func liesOnScreen(width: Double, height: Double) -> Bool {
            guard !underBar else { return false }
            let top = SafeAreaInsets(screenSize: (width, height)).top
            let visibleWidth = min(place.x + place.width, width - margin.x) - max(place.x, margin.x)
            let visibleHeight = min(place.y + place.height, height - margin.y) - max(place.y, top + margin.y)
            return visibleWidth * 2 >= place.width && visibleHeight * 2 >= place.height
        }
    }

    /// The rects then and now of the elements of `screen` continued from `audit`, and whether each shows
    /// a text.
    private func movements(of screen: String, since audit: AuditReference) -> [Movement] {
        var found: [Movement] = []
        for index in entry.issues.indices where group[index] == screen {
            guard let now = entry.issues[index].rect else { continue }
            let texted = !WarningMatcher.isBlank(entry.issues[index].elementText ?? "")
            if let before = previous[index], before.audit == audit, let was = before.rect {
                found.append(Movement(was: was, now: now, texted: texted))
            } else if index < sightings.count,
                let was = sightings[index].last(where: { $0.audit == audit })?.rect
            {
                found.append(Movement(was: was, now: now, texted: texted))
            }
        }
        return found
    }

    /// How one continued element moved.
    struct Movement {
        var was: Rect
        var now: Rect
        /// Whether it shows a text (only a text's height tells the text size).
        var texted: Bool
    }

    /// How much larger the texts are than in the audit `moves` continue from: what the continued texts'
    /// heights say (at least two of them) when they tell another text size, else what the layout says (its
    /// vertical stretch: rows that hold a larger text are taller, so everything below them moves down
    /// further). The Dynamic Type warnings flag exactly the texts that do not grow, so their heights
    /// alone would read an accessibility size as the default; the places of everything else do not, on
    /// any device (rows keep their pitch on another phone and on an iPad; bars are fitted on their own).
    /// Where the layout tells, the texts that grew with it say by how much (rows grow less than their
    /// texts). Nil when neither tells.
    static func textRatio(_ moves: [Movement], layout: LayoutTransform) -> Double? {
        let heights = moves.compactMap { move -> Double? in
            move.texted && move.was.height > 0 && move.now.height > 0 ? move.now.height / move.was.height : nil
        }
        let tells = { (ratio: Double) in abs(log(ratio)) >= log(JudgementTolerance.sameTextSize) }
        let grown = heights.count >= 2 ? median(heights) : nil
        if let grown, tells(grown) { return grown }
        // The layout tells when the places it was fitted from span rows; then the texts that grew with it
        // (at least two) say by how much, the others being fixed-size ones.
        let span = (layout.anchors.y.last ?? 0) - (layout.anchors.y.first ?? 0)
        if span >= JudgementTolerance.fitSpan, tells(layout.stretch) {
            let grew = heights.filter { tells($0) && ($0 > 1) == (layout.stretch > 1) }
            return grew.count >= 2 ? median(grew) : layout.stretch
        }
        return grown ?? (span >= JudgementTolerance.fitSpan ? 1 : nil)
    }
}

/// The band of a screen an element lies in, by its centre: the navigation bar's (above where content
/// starts, `ScreenLayouts.contentTop`), the bottom bar's (`SystemBands.tabBarHeight` from the bottom edge:
/// a tab bar or toolbar) or the content between. Content scrolls and stretches with the text size; a
/// bar's element keeps its distance from its bar's edge. The one place the judgement decides it.
enum ScreenBand: Sendable, Equatable {
    case navigationBar, content, bottomBar

    /// The band of `rect` on a screen `height` points tall whose content starts at `top`; either unknown
    /// (nil) leaves its band out.
    init(of rect: Rect, top: Double?, height: Double?) {
        let centre = rect.y + rect.height / 2
        if let top, centre < top {
            self = .navigationBar
        } else if let height, centre >= height - SystemBands.tabBarHeight {
            self = .bottomBar
        } else {
            self = .content
        }
    }

    /// Whether content at `rect` shows between the bars of a screen `height` points tall whose content starts
    /// at `top`: its top edge below the navigation bar's band (content scrolled up under that bar is hidden
    /// from its top down) and its centre above the bottom bar's band (lists run under a tab bar). Which band
    /// an element belongs to (`init(of:top:height:)`) is by its centre alone.
    static func showsContent(at rect: Rect, top: Double, height: Double) -> Bool {
        rect.y >= top && ScreenBand(of: rect, top: top, height: height) == .content
    }
}
