import AuditKitTestSupport
import Foundation
import Testing

@testable import AuditKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `TrendChart`: the SVG of the trend, its axes, labels, legend and colours.
@Suite struct TrendChartTests {
    typealias D = HistoryTestData

    final class Collector: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        var texts: [String] = []
        var current = ""
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements[name, default: 0] += 1
            current = ""
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" || name == "title" { texts.append(current) }
            current = ""
        }
    }

    func parse(_ svg: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Collector? {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        let ok = parser.parse()
        #expect(ok, "SVG is not well-formed: \(String(describing: parser.parserError))", sourceLocation: sourceLocation)
        return ok ? collector : nil
    }

    @Test func svgIsWellFormedWithAxesLabelsAndLegend() throws {
        let entries = [
            D.entry([D.spec(.dynamicType, "A", group: "Home <&> \"Main\""), D.spec(.contrast, "B")], day: 0),
            D.entry([D.spec(.dynamicType, "A", group: "Home <&> \"Main\"")], day: 1),
            D.entry([], day: 2),
        ]
        let svg = TrendChart.svg(Trend(entries: entries, by: .view))
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let collector = try #require(parse(svg))
        #expect(collector.elements["svg"] == 1)
        #expect(collector.elements["polyline"] == 3)  // two rows and the total
        #expect(collector.texts.contains("Open warnings"))
        #expect(collector.texts.contains("Report (audit date, UTC)"))
        #expect(collector.texts.contains("Home <&> \"Main\""))
        #expect(collector.texts.contains("Total"))
        #expect(collector.texts.contains("2026-01-02 12:00"))
        #expect(collector.texts.contains("0"))
    }

    @Test func svgOfEmptyAndSingleReportHistoriesIsWellFormed() throws {
        let empty = try #require(parse(TrendChart.svg(Trend(entries: [], by: .type))))
        #expect(empty.texts.contains("No reports in the history yet"))
        let single = try #require(
            parse(TrendChart.svg(Trend(entries: [D.entry([D.spec(.contrast, "x")], day: 0)], by: .type))))
        #expect(single.elements["circle"] == 2)
    }

    /// The x of each point of the series titled `name`, from its markers.
    func seriesXs(_ svg: String, _ name: String) -> [Double] {
        guard let start = svg.range(of: "<g>\n<title>\(name)</title>\n"),
            let end = svg.range(of: "</g>", range: start.upperBound..<svg.endIndex)
        else { return [] }
        return svg[start.upperBound..<end.lowerBound].components(separatedBy: "<circle cx=\"").dropFirst().compactMap {
            Double($0.prefix { $0 != "\"" })
        }
    }

    /// Audits 41 minutes apart are a minimum gap apart, not a tenth of the chart; the other columns are
    /// spaced in proportion to their time apart, and every date is labelled without overlapping.
    @Test func svgSpacesColumnsByTimeWithAMinimumGap() throws {
        let start = D.date(0)
        let dates = [
            start, start.addingTimeInterval(41 * 60), start.addingTimeInterval(10 * 86_400),
            start.addingTimeInterval(20 * 86_400),
        ]
        let entries = dates.map { HistoryEntry(report: D.report([D.spec(.contrast, "x")], date: $0)) }
        let svg = TrendChart.svg(Trend(entries: entries, by: .type))
        let xs = seriesXs(svg, "Total")
        try #require(xs.count == 4)
        let steps = zip(xs, xs.dropFirst()).map { $1 - $0 }
        #expect(abs(steps[0] - TrendChart.labelGap) <= 0.1)
        // Ten days less 41 minutes against ten days.
        #expect(abs(steps[1] / steps[2] - (10 * 86_400 - 41 * 60) / (10 * 86_400)) < 0.001)
        #expect(abs(xs[3] - xs[0] - 600) <= 0.1)
        let collector = try #require(parse(svg))
        for date in dates { #expect(collector.texts.contains(TrendChart.dateLabel(date))) }

        // Many audits in one afternoon: each is at least the gap from the next, and labels skip
        // columns instead of overlapping.
        let crowded = (0..<40).map { start.addingTimeInterval(Double($0) * 60) } + [start.addingTimeInterval(86_400)]
        let offsets = TrendChart.columnOffsets(crowded, width: 600, minimumGap: TrendChart.labelGap)
        let gap = 600.0 / 40
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $1 - $0 >= gap - 1e-9 })
        #expect(abs(offsets[40] - 600) < 1e-9)
        let labels = TrendChart.svg(
            Trend(entries: crowded.map { HistoryEntry(report: D.report([], date: $0)) }, by: .type)
        ).components(separatedBy: "transform=\"rotate(-35 ").dropFirst().compactMap {
            Double($0.prefix { $0 != " " })
        }
        #expect(labels.count > 1 && labels.count < 41)
        #expect(zip(labels, labels.dropFirst()).allSatisfy { $1 - $0 >= TrendChart.labelGap - 0.1 })
    }

    /// The stroke colour of the series titled `name`.
    func seriesColor(_ svg: String, _ name: String) -> String? {
        guard let title = svg.range(of: "<g>\n<title>\(name)</title>\n<polyline fill=\"none\" stroke=\"") else {
            return nil
        }
        return String(svg[title.upperBound...].prefix(7))
    }

    @Test func rowsByTypeUseEachTestTypesColourAndRowsByViewThePalette() throws {
        let entries = [
            D.entry([D.spec(.dynamicType, "A"), D.spec(.contrast, "B"), D.spec(.other("Custom"), "C")], day: 0),
            D.entry([D.spec(.dynamicType, "A")], day: 1),
        ]
        func hex(_ color: RGBAColor) -> String {
            "#" + [color.red, color.green, color.blue].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        }
        let byType = TrendChart.svg(Trend(entries: entries, by: .type))
        #expect(seriesColor(byType, "Dynamic Type") == hex(TestType.dynamicType.color))
        #expect(seriesColor(byType, "Contrast") == hex(TestType.contrast.color))
        #expect(seriesColor(byType, "Custom") == hex(TestType.other("Custom").color))
        #expect(byType.contains("stroke=\"\(hex(TestType.dynamicType.color))\" stroke-width=\"3\""))  // legend
        let byView = TrendChart.svg(Trend(entries: entries, by: .view))
        #expect(seriesColor(byView, "screen 1 of " + entries[0].fileName) == TrendChart.palette[0])
    }

    @Test func niceScaleRoundsUp() {
        #expect(TrendChart.niceScale(0) == (5, 1))
        #expect(TrendChart.niceScale(7) == (8, 2))
        #expect(TrendChart.niceScale(200) == (200, 50))
    }
}

private extension String {
    func leftPadded(to count: Int) -> String { String(repeating: "0", count: max(0, count - self.count)) + self }
}
