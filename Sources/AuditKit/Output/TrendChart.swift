import Foundation

/// Draws a `Trend` as a hand-written SVG line chart: one line per row plus a dashed total, y axis
/// with gridlines and counts, x axis with the reports' audit dates, axis titles and a legend. White
/// background and plain `sans-serif` text, so it reads the same in a browser and on GitHub (light
/// or dark theme).
public enum TrendChart {
    /// Colours for rows by view, in order (Tableau 10, distinguishable for most colour vision); reused
    /// after ten. Rows by test type use `TestType.color`, the colour the type has in every picture.
    public static let palette = [
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
        "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
    ]

    /// The SVG document for `trend`, UTF-8 text starting with the XML declaration.
    /// - Parameters:
    ///   - trend: the open warnings per report and row.
    ///   - title: the chart's title; by default `Open accessibility warnings by view` (or type).
    public static func svg(_ trend: Trend, title: String? = nil) -> String {
        let plotLeft = 100.0, plotTop = 52.0, plotWidth = 600.0, plotHeight = 300.0
        let legendX = plotLeft + plotWidth + 28
        let legendRows = trend.rows.count + 1
        let width = legendX + 210
        let height = max(plotTop + plotHeight + 110, plotTop + Double(legendRows) * 20 + 20)
        let title = title ?? "Open accessibility warnings by \(trend.grouping == .view ? "view" : "test type")"
        let totals = trend.columns.map(\.openCount)
        let maxValue = max(totals.max() ?? 0, trend.rows.flatMap(\.counts).max() ?? 0)
        let (yMax, yStep) = niceScale(maxValue)
        let count = trend.columns.count

        let offsets = columnOffsets(trend.columns.map(\.auditDate), width: plotWidth, minimumGap: labelGap)
        func x(_ column: Int) -> Double { count <= 1 ? plotLeft + plotWidth / 2 : plotLeft + offsets[column] }
        func y(_ value: Int) -> Double { plotTop + plotHeight - plotHeight * Double(value) / Double(yMax) }

        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
            viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="12" \
            role="img" aria-labelledby="chart-title">

            """
        svg += "<title id=\"chart-title\">\(escape(title))</title>\n"
        svg += "<rect x=\"0\" y=\"0\" width=\"\(f(width))\" height=\"\(f(height))\" fill=\"#ffffff\"/>\n"
        svg +=
            "<text x=\"\(f(plotLeft))\" y=\"28\" font-size=\"16\" font-weight=\"bold\" fill=\"#222222\">"
            + "\(escape(title))</text>\n"

        // Gridlines and y axis labels.
        svg += "<g stroke=\"#dddddd\" stroke-width=\"1\">\n"
        for value in stride(from: 0, through: yMax, by: yStep) {
            svg +=
                "<line x1=\"\(f(plotLeft))\" y1=\"\(f(y(value)))\" x2=\"\(f(plotLeft + plotWidth))\" y2=\"\(f(y(value)))\"/>\n"
        }
        svg += "</g>\n<g fill=\"#444444\" text-anchor=\"end\">\n"
        for value in stride(from: 0, through: yMax, by: yStep) {
            svg += "<text x=\"\(f(plotLeft - 8))\" y=\"\(f(y(value) + 4))\">\(value)</text>\n"
        }
        svg += "</g>\n"

        // Axes.
        svg += "<g stroke=\"#444444\" stroke-width=\"1.5\">\n"
        svg +=
            "<line x1=\"\(f(plotLeft))\" y1=\"\(f(plotTop))\" x2=\"\(f(plotLeft))\" y2=\"\(f(plotTop + plotHeight))\"/>\n"
        svg +=
            "<line x1=\"\(f(plotLeft))\" y1=\"\(f(plotTop + plotHeight))\" x2=\"\(f(plotLeft + plotWidth))\" "
            + "y2=\"\(f(plotTop + plotHeight))\"/>\n"
        svg += "</g>\n"

        // X axis ticks and date labels: the last column's, and each other one at least `labelGap` from
        // the next label to its right, so slanted labels never overlap.
        var labelled: [Int] = []
        for column in (0..<count).reversed() where labelled.last.map({ x($0) - x(column) >= labelGap }) ?? true {
            labelled.append(column)
        }
        svg += "<g fill=\"#444444\" font-size=\"11\" text-anchor=\"end\">\n"
        for column in labelled.reversed() {
            let info = trend.columns[column]
            let cx = x(column), base = plotTop + plotHeight
            svg +=
                "<line x1=\"\(f(cx))\" y1=\"\(f(base))\" x2=\"\(f(cx))\" y2=\"\(f(base + 5))\" stroke=\"#444444\"/>\n"
            svg +=
                "<text x=\"\(f(cx))\" y=\"\(f(base + 18))\" transform=\"rotate(-35 \(f(cx)) \(f(base + 18)))\">"
                + "\(escape(dateLabel(info.auditDate)))</text>\n"
        }
        svg += "</g>\n"

        // Axis titles.
        svg +=
            "<text x=\"\(f(plotLeft + plotWidth / 2))\" y=\"\(f(height - 12))\" text-anchor=\"middle\" fill=\"#222222\">"
            + "Report (audit date, UTC)</text>\n"
        let yTitleY = plotTop + plotHeight / 2
        svg +=
            "<text x=\"30\" y=\"\(f(yTitleY))\" text-anchor=\"middle\" fill=\"#222222\" "
            + "transform=\"rotate(-90 30 \(f(yTitleY)))\">Open warnings</text>\n"

        // Lines: rows, then the dashed total on top.
        let markers = count <= 60
        func series(_ values: [Int], color: String, dashed: Bool, name: String) -> String {
            var text = "<g>\n<title>\(escape(name))</title>\n"
            if count > 1 {
                let points = values.enumerated().map { "\(f(x($0.offset))),\(f(y($0.element)))" }.joined(separator: " ")
                text +=
                    "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(dashed ? 2 : 2.5)\" "
                    + (dashed ? "stroke-dasharray=\"6 4\" " : "") + "stroke-linejoin=\"round\" points=\"\(points)\"/>\n"
            }
            if markers || count == 1 {
                for (column, value) in values.enumerated() {
                    text += "<circle cx=\"\(f(x(column)))\" cy=\"\(f(y(value)))\" r=\"3.5\" fill=\"\(color)\"/>\n"
                }
            }
            return text + "</g>\n"
        }
        let colors = rowColors(trend)
        for (index, row) in trend.rows.enumerated() {
            svg += series(row.counts, color: colors[index], dashed: false, name: row.name)
        }
        svg += series(totals, color: "#222222", dashed: true, name: "Total")

        // Legend.
        svg += "<g font-size=\"12\" fill=\"#222222\">\n"
        var legendY = plotTop
        let entries =
            trend.rows.enumerated().map { ($0.element.name, colors[$0.offset], false) }
            + [("Total", "#222222", true)]
        for (name, color, dashed) in entries {
            svg +=
                "<line x1=\"\(f(legendX))\" y1=\"\(f(legendY))\" x2=\"\(f(legendX + 22))\" y2=\"\(f(legendY))\" "
                + "stroke=\"\(color)\" stroke-width=\"3\"" + (dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>\n"
            let shown = name.count > 26 ? String(name.prefix(25)) + "\u{2026}" : name
            svg += "<text x=\"\(f(legendX + 30))\" y=\"\(f(legendY + 4))\">\(escape(shown))</text>\n"
            legendY += 20
        }
        svg += "</g>\n"
        if count == 0 {
            svg +=
                "<text x=\"\(f(plotLeft + plotWidth / 2))\" y=\"\(f(plotTop + plotHeight / 2))\" "
                + "text-anchor=\"middle\" fill=\"#666666\">No reports in the history yet</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    /// The least horizontal distance between two date labels (and between two columns, when the plot
    /// has room): 11-point labels slanted at 35 degrees need about 23 points not to overlap.
    static let labelGap = 24.0

    /// Where each column sits, from 0 to `width`, for audits at `dates` (oldest first): the distance
    /// between two neighbours is their time apart times one scale shared by the whole chart, except
    /// that no two are closer than `minimumGap` (or `width` shared evenly, when there are too many
    /// columns for that gap). Audits at one time are spaced evenly.
    static func columnOffsets(_ dates: [Date], width: Double, minimumGap: Double) -> [Double] {
        guard dates.count > 1 else { return dates.map { _ in 0 } }
        let times = dates.map(\.timeIntervalSinceReferenceDate)
        let steps = zip(times, times.dropFirst()).map { max(0, $1 - $0) }
        let gap = min(minimumGap, width / Double(steps.count))
        let total = steps.reduce(0, +)
        var scale = 0.0
        if total > 0 {
            // Steps too short for the gap get the gap; the rest share what is left, in proportion to
            // time. Try the shortest steps at the gap one by one until the scale keeps the next one wide.
            let sorted = steps.sorted()
            var left = total
            for (clamped, step) in sorted.enumerated() {
                let candidate = (width - Double(clamped) * gap) / left
                if candidate * step >= gap {
                    scale = candidate
                    break
                }
                left -= step
            }
        }
        var offsets = [0.0]
        for step in steps {
            let distance = total > 0 ? max(gap, scale * step) : width / Double(steps.count)
            offsets.append(offsets[offsets.count - 1] + distance)
        }
        return offsets
    }

    /// The colour of each row of `trend`: its test type's `TestType.color` when rows are test types
    /// (named by `displayName`), else the palette in order.
    static func rowColors(_ trend: Trend) -> [String] {
        trend.rows.enumerated().map { index, row in
            guard trend.grouping == .type else { return palette[index % palette.count] }
            let type = TestType.known.first { $0.displayName == row.name } ?? .other(row.name)
            return hex(type.color)
        }
    }

    /// `#rrggbb` of an opaque colour, as SVG attributes take it.
    static func hex(_ color: RGBAColor) -> String {
        String(format: "#%02x%02x%02x", color.red, color.green, color.blue)
    }

    /// A y axis maximum and step giving about five gridlines at round values (1, 2, 5 times a power of ten).
    static func niceScale(_ maxValue: Int) -> (max: Int, step: Int) {
        guard maxValue > 0 else { return (5, 1) }
        let rough = Double(maxValue) / 5
        let power = pow(10, floor(log10(rough)))
        let step = max(1, Int([1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power))
        return ((maxValue + step - 1) / step * step, step)
    }

    /// `2026-01-03 16:28`: how history output shows an audit date (UTC).
    public static func dateLabel(_ date: Date) -> String {
        DateFields.utc(date).minuteText
    }

    /// Escapes text for XML content and attributes.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // Control characters other than tab and newline are not allowed in XML 1.0.
                if (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || scalar.value == 0xFFFE
                    || scalar.value == 0xFFFF
                {
                    out += " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    private static func f(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
