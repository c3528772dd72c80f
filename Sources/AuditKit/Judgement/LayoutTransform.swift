import Foundation

/// A screen's size in points.
typealias ScreenSize = (width: Double, height: Double)

/// Where the elements of a screen's earlier audit are in a newer audit of it: on each axis, a place
/// moves to `scale × place + offset`. One transform says what a scroll (an offset), a larger text size
/// (rows grow, so places further down move further: a vertical scale), another phone's width (places
/// across keep their share of it: a horizontal scale) and both at once do to a screen's layout; a bar
/// anchored to the bottom edge keeps its distance from that edge instead (`predicted(_:was:now:content:)`).
///
/// It is fitted from the elements both audits show (`fitted(_:widthScale:)`), robustly: a toolbar
/// button that stays put while the content scrolls, or a row that changed shape, does not move the fit.
struct LayoutTransform: Sendable, Equatable {
    /// One axis: a place `p` moves to `scale × p + offset`.
    struct Axis: Sendable, Hashable {
        /// How much distances along the axis grew (1: not at all).
        var scale: Double
        /// Where the origin went.
        var offset: Double

        /// The axis that moves nothing.
        static let identity = Axis(scale: 1, offset: 0)

        /// Where `place` goes.
        func apply(_ place: Double) -> Double { scale * place + offset }
    }

    /// Across.
    var x: Axis
    /// Down.
    var y: Axis
    /// Down, for an element in the bottom bar's band (`SystemBands.tabBarHeight`) of the older screen,
    /// when elements there told it (a tab bar or toolbar keeps its distance from the bottom edge of a
    /// taller phone, whatever the content does); nil when none did: then `y` places it too.
    var bottomBar: Axis?
    /// Down, for an element in the navigation bar's band of the older screen (its centre above `top`), when
    /// elements there told it; nil when none did: then it keeps its distance from the top edge, whatever
    /// the content does (a scroll, a larger text size).
    var topBar: Axis?
    /// Where the older screen's content starts (`ScreenLayouts.contentTop`): above it is the navigation
    /// bar's band; nil when the screen's size is not known.
    var top: Double?
    /// Across, when the places both audits show keep their distance from the edge of the screen (or its
    /// centre) they are nearest to, as leading and trailing layout margins and centred titles do on a wider
    /// screen, better than a share of the width (`x`): then it places elements across (`predicted`); nil
    /// when the widths are one or the places do not say so.
    var across: AnchoredAxis?
    /// The places (older audit's centres) the fit was made from, each axis sorted: near one of them a
    /// place is known, further from all of them it is extrapolated (`uncertainty(of:)`).
    var anchors: (x: [Double], y: [Double]) = ([], [])
    /// How far the places the fit was made from are from where a scaled axis puts them (the largest but
    /// one of those distances, so one row that changed shape does not count): rows that grow unevenly
    /// (a row of fixed-size text keeps its height, one of a growing text does not) are not one line.
    var spread: (x: Double, y: Double) = (0, 0)

    /// The transform that moves nothing.
    static let identity = LayoutTransform(x: .identity, y: .identity)

    /// A transform of two axes, with no bottom bar or anchors of its own.
    init(x: Axis, y: Axis) {
        self.x = x
        self.y = y
    }

    static func == (a: LayoutTransform, b: LayoutTransform) -> Bool {
        a.x == b.x && a.y == b.y && a.bottomBar == b.bottomBar && a.topBar == b.topBar && a.top == b.top
            && a.across == b.across && a.anchors.x == b.anchors.x
            && a.anchors.y == b.anchors.y && a.spread == b.spread
    }

    /// A plain shift by (`dx`, `dy`).
    static func shift(dx: Double, dy: Double) -> LayoutTransform {
        LayoutTransform(x: Axis(scale: 1, offset: dx), y: Axis(scale: 1, offset: dy))
    }

    /// A scroll by `dy` points of a screen whose size went from `sizes.was` to `sizes.now` (each place
    /// keeping its share of both axes), a plain shift when the sizes are not known.
    static func scroll(
        by dy: Double, sizes: (was: (width: Double, height: Double), now: (width: Double, height: Double))?
    ) -> LayoutTransform {
        guard let sizes else { return .shift(dx: 0, dy: dy) }
        return LayoutTransform(
            x: Axis(scale: sizes.now.width / sizes.was.width, offset: 0),
            y: Axis(scale: sizes.now.height / sizes.was.height, offset: dy))
    }

    /// The transform that undoes this one (a scale of 0, which no fit gives, is taken for 1).
    var inverse: LayoutTransform {
        func undo(_ axis: Axis) -> Axis {
            let scale = axis.scale == 0 ? 1 : axis.scale
            return Axis(scale: 1 / scale, offset: -axis.offset / scale)
        }
        return LayoutTransform(x: undo(x), y: undo(y))
    }

    /// This transform after `earlier`: where a place of the audit `earlier` starts from ends up.
    func after(_ earlier: LayoutTransform) -> LayoutTransform {
        LayoutTransform(
            x: Axis(scale: x.scale * earlier.x.scale, offset: x.scale * earlier.x.offset + x.offset),
            y: Axis(scale: y.scale * earlier.y.scale, offset: y.scale * earlier.y.offset + y.offset))
    }

    /// Where an element at `rect` is: its centre moved, its width scaled with the places across, its
    /// height kept (a text that does not follow Dynamic Type keeps it; one that does is found by its
    /// centre).
    func apply(_ rect: Rect) -> Rect {
        let width = rect.width * x.scale
        let centreX = x.apply(rect.x + rect.width / 2)
        let centreY = y.apply(rect.y + rect.height / 2)
        return Rect(x: centreX - width / 2, y: centreY - rect.height / 2, width: width, height: rect.height)
    }

    /// Where the element at `rect` of an audit of a screen of size `was` is in one of size `now`: the
    /// transform's place, except for an element in a bar's band of the older screen, which keeps its
    /// distance from that bar's edge of the safe area (`SafeAreaInsets`: a toolbar or navigation bar does
    /// not follow the content's scroll or stretch, and sits below the status bar and above the home
    /// indicator of each device): as the bar's own elements told (`topBar`, `bottomBar`), else as `content` says. `content`
    /// says whether the element is content (its audits saw it move with the rows), a bar's (false), or nil
    /// when unknown: in the navigation bar's band an element is the bar's unless known to be content
    /// (content there is scrolled under the bar, hidden), in the bottom bar's band content unless known to
    /// be the bar's (lists run under a tab bar).
    func predicted(_ rect: Rect, was: ScreenSize?, now: ScreenSize?, content: Bool? = nil) -> Rect {
        var place = apply(rect)
        let insets = was.map(SafeAreaInsets.init).flatMap { was in now.map { (was, SafeAreaInsets(screenSize: $0)) } }
        switch ScreenBand(of: rect, top: top, height: was?.height) {
        case .navigationBar:
            if let topBar {
                place.y = topBar.apply(rect.y + rect.height / 2) - rect.height / 2
            } else if content != true {
                place.y = rect.y + (insets.map { $0.1.top - $0.0.top } ?? 0)
            }
        case .bottomBar where content != true:
            if let bottomBar {
                place.y = bottomBar.apply(rect.y + rect.height / 2) - rect.height / 2
            } else if content == false, let was, let now, let insets {
                place.y = rect.y + (now.height - insets.1.bottom) - (was.height - insets.0.bottom)
            }
        default: break
        }
        if let across {
            place.x = across.centre(of: rect) - rect.width / 2
            place.width = rect.width
        }
        return place
    }

    /// How far (points, on each axis) the place this transform gives the element at `rect` may be from
    /// where it is: nothing for a shift; for a scale, how far the places it was fitted from are off its
    /// line (`spread`), and how far the element is from the nearest of them times how much the scale
    /// differs from 1 (rows that grow unevenly, pushed down more the further they are from a row both
    /// audits show).
    func uncertainty(of rect: Rect) -> (x: Double, y: Double) {
        func along(_ axis: Axis, _ anchors: [Double], _ spread: Double, _ place: Double) -> Double {
            guard axis.scale != 1, let nearest = anchors.map({ abs($0 - place) }).min() else { return 0 }
            return spread + abs(axis.scale - 1) * nearest
        }
        return (
            across?.spread ?? along(x, anchors.x, spread.x, rect.x + rect.width / 2),
            along(y, anchors.y, spread.y, rect.y + rect.height / 2)
        )
    }

    /// How much the texts grew by the layout alone: the vertical scale (rows that hold a larger text are
    /// taller, so the places below them move further), 1 when the fit found none.
    var stretch: Double { y.scale }

    /// The transform that best moves each `was` rect onto its `now` rect, robustly; nil when there is no
    /// pair. Down, their centres; across, the edge each keeps (`AnchoredAxis.edge`), so a text that grew
    /// with the text size or its translation tells where it is, not how wide it became. `widthScale` (the
    /// newer screen's width over the older one's, when both are known) is the horizontal scale when the
    /// places across do not tell one. With `height`, the older screen's height, the elements in its bottom
    /// bar's band are fitted on their own (`bottomBar`). With `widths`, the older and newer screens' widths,
    /// places across keep their distance from their edge instead (`across`) when the widths differ and
    /// that places more of them, or as many while keeping the distance (it keeps each element's width, as
    /// fixed controls and texts do, which a scale does not).
    static func fitted(
        _ pairs: [(was: Rect, now: Rect)], widthScale: Double = 1, height: Double? = nil,
        widths: (was: Double, now: Double)? = nil
    ) -> LayoutTransform? {
        guard !pairs.isEmpty else { return nil }
        let top = height.flatMap { height in
            widths.map { ScreenLayouts.contentTop(ScreenConfiguration(width: $0.was, height: height))! }
        }
        let bands = pairs.map { ScreenBand(of: $0.was, top: top, height: height) }
        func inBand(_ band: ScreenBand) -> [(was: Rect, now: Rect)] {
            zip(pairs, bands).filter { $0.1 == band }.map(\.0)
        }
        let content = inBand(.content)
        let bar = inBand(.bottomBar)
        let topBar = inBand(.navigationBar)
        let fitted = content.isEmpty ? pairs : content
        func centres(_ pairs: [(was: Rect, now: Rect)]) -> [(Double, Double)] {
            pairs.map { ($0.was.y + $0.was.height / 2, $0.now.y + $0.now.height / 2) }
        }
        let across = fitted.map { AnchoredAxis.edges(of: $0, width: widths?.was) }
        var transform = LayoutTransform(x: fit(across, prior: widthScale), y: fit(centres(fitted), prior: 1))
        // A row of content can lie in the bottom bar's band (a small phone's last row): the bar's own are the
        // elements there the content's axis does not place.
        let barOwn = bar.filter {
            abs(transform.y.apply($0.was.y + $0.was.height / 2) - ($0.now.y + $0.now.height / 2))
                > JudgementTolerance.place
        }
        if !barOwn.isEmpty, !content.isEmpty { transform.bottomBar = fit(centres(barOwn), prior: 1) }
        transform.top = top
        if !topBar.isEmpty { transform.topBar = fit(centres(topBar), prior: 1) }
        transform.anchors = (
            fitted.map { $0.was.x + $0.was.width / 2 }.sorted(), fitted.map { $0.was.y + $0.was.height / 2 }.sorted()
        )
        func spread(_ axis: Axis, _ points: [(Double, Double)]) -> Double {
            let off = points.map { abs(axis.apply($0.0) - $0.1) }.sorted()
            return off.count >= 2 ? off[off.count - 2] : 0
        }
        transform.spread = (spread(transform.x, across), spread(transform.y, centres(fitted)))
        if widthScale != 1, let widths, let anchored = AnchoredAxis.fitted(pairs, was: widths.was, now: widths.now) {
            let placed = across.filter { abs(transform.x.apply($0.0) - $0.1) <= JudgementTolerance.place }
            // Both place the margins' edges alike (a scale between them is a line through both): the anchored
            // axis keeps each element's width, so it is taken on a tie when the edges kept their distance.
            if anchored.inliers > placed.count
                || (anchored.inliers == placed.count && abs(anchored.offset) <= JudgementTolerance.place)
            {
                transform.across = anchored
            }
        }
        return transform
    }

    /// One axis fitted to `points` (a place before, after). Two models are weighed: a shift (the scale
    /// `prior`, the median offset) and a scale (the median slope between points at least
    /// `JudgementTolerance.fitSpan` apart: Theil and Sen's estimator, robust to nearly a third of the
    /// points being elsewhere, then the median offset). The scale is taken only when it places more
    /// points within `JudgementTolerance.place` of where they are than the shift does: a row inserted
    /// above others moves them all by one step (a shift for most of them), text that grows moves each
    /// further the lower it is (a scale). A scale within `JudgementTolerance.unitScale` of the prior is the
    /// prior.
    static func fit(_ points: [(Double, Double)], prior: Double) -> Axis {
        let shift = Axis(scale: prior, offset: median(points.map { $0.1 - prior * $0.0 }) ?? 0)
        guard let scaled = scaledFit(points, prior: prior) else { return shift }
        func inliers(_ axis: Axis) -> Int {
            points.filter { abs(axis.apply($0.0) - $0.1) <= JudgementTolerance.place }.count
        }
        return inliers(scaled) > inliers(shift) ? scaled : shift
    }

    /// The scaled model of `fit(_:prior:)`; nil when fewer than two slopes tell a scale, or it is the prior.
    private static func scaledFit(_ points: [(Double, Double)], prior: Double) -> Axis? {
        // At most `fitSample` points, spread over the list, bound the slopes' count.
        let step = max(1, points.count / JudgementTolerance.fitSample)
        let sample = stride(from: 0, to: points.count, by: step).map { points[$0] }
        var slopes: [Double] = []
        for i in sample.indices {
            for j in sample.indices where j > i {
                let run = sample[j].0 - sample[i].0
                guard abs(run) >= JudgementTolerance.fitSpan else { continue }
                slopes.append((sample[j].1 - sample[i].1) / run)
            }
        }
        guard slopes.count >= 2, let scale = median(slopes), scale.isFinite,
            JudgementTolerance.scaleRange.contains(scale), abs(scale - prior) >= JudgementTolerance.unitScale,
            abs(scale - 1) >= JudgementTolerance.unitScale
        else { return nil }
        return Axis(scale: scale, offset: median(points.map { $0.1 - scale * $0.0 }) ?? 0)
    }
}

/// Places across a screen that keep their distance from the edge (or the centre) they are nearest to
/// when the screen is wider or narrower, as an app's layout margins keep leading titles, trailing values
/// and bar buttons, and centred titles, on any width: an element moves by none, half or all of the change
/// in width, then by `offset`.
struct AnchoredAxis: Sendable, Equatable {
    /// The older screen's width.
    var was: Double
    /// The newer screen's width.
    var now: Double
    /// The shift the places agree on beyond their edges' (the median).
    var offset: Double
    /// How far the places it was fitted from are from where it puts them (the largest but one).
    var spread: Double
    /// How many of those places it puts within `JudgementTolerance.place` of where they are.
    var inliers: Int

    /// The centre across, on the newer screen, of the element at `rect` on the older one.
    func centre(of rect: Rect) -> Double {
        Self.moved(rect, was: was, now: now) + offset
    }

    /// What an element at `rect` of a screen `width` wide keeps its distance from.
    enum Edge {
        case leading, centre, trailing

        /// The edge of the screen (or its centre) nearest to `rect`; the leading one when the width is not known.
        init(_ rect: Rect, width: Double?) {
            guard let width else {
                self = .leading
                return
            }
            let leading = rect.x, trailing = width - (rect.x + rect.width)
            let middle = abs(rect.x + rect.width / 2 - width / 2)
            self = middle <= min(leading, trailing) ? .centre : leading <= trailing ? .leading : .trailing
        }

        /// Where `rect` is along the edge: its leading edge, centre or trailing edge.
        func place(_ rect: Rect) -> Double {
            switch self {
            case .leading: rect.x
            case .centre: rect.x + rect.width / 2
            case .trailing: rect.x + rect.width
            }
        }
    }

    /// The places across (before, after) that stand for one element in a fit: the edge it keeps (as the
    /// older screen, `width` wide, places it), which a text that grows or is translated keeps while its
    /// width changes; for an element whose width is kept it moves as its centre does.
    static func edges(of pair: (was: Rect, now: Rect), width: Double?) -> (Double, Double) {
        let edge = Edge(pair.was, width: width)
        return (edge.place(pair.was), edge.place(pair.now))
    }

    /// The centre of `rect` moved by the part of the change in width its nearest edge takes: none for the
    /// leading edge, all of it for the trailing one, half for the centre.
    static func moved(_ rect: Rect, was: Double, now: Double) -> Double {
        let centre = rect.x + rect.width / 2
        switch Edge(rect, width: was) {
        case .centre: return centre + (now - was) / 2
        case .leading: return centre
        case .trailing: return centre + (now - was)
        }
    }

    /// The axis that best places `pairs` from a screen `was` wide onto one `now` wide (each by the edge it
    /// keeps); nil for no pair.
    static func fitted(_ pairs: [(was: Rect, now: Rect)], was: Double, now: Double) -> AnchoredAxis? {
        let off = pairs.map { pair -> Double in
            let edge = Edge(pair.was, width: was)
            let shifted = moved(pair.was, was: was, now: now) - (pair.was.x + pair.was.width / 2)
            return edge.place(pair.now) - (edge.place(pair.was) + shifted)
        }
        guard let offset = median(off) else { return nil }
        let errors = off.map { abs($0 - offset) }.sorted()
        return AnchoredAxis(
            was: was, now: now, offset: offset, spread: errors.count >= 2 ? errors[errors.count - 2] : 0,
            inliers: errors.filter { $0 <= JudgementTolerance.place }.count)
    }
}

/// The median of `values` (the mean of the middle two of an even count); nil for none. The one median
/// of the judgement: shifts, scales and text sizes all take it.
func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
