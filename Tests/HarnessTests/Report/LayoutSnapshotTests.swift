import AutoLayout
import Cassowary
import Foundation
@testable import Judging
import LinearConstraints
@testable import Reports
@testable import Subjects
import Testing

/// Layout snapshots on invariant failures (Invariants/LayoutSnapshot.swift) and the pieces of
/// the reports that draw and escape them.
@Suite struct LayoutSnapshotTests {
    typealias F = InvariantFixtures

    /// The golden case laid out on its first device by Cassowary.
    static func layout() throws -> (LoadedCase, LayoutResult, DeviceConfiguration) {
        let loaded = try F.golden(ReportFixtures.caseName)
        let unit = F.unit(loaded, F.cassowary)
        var engine = LayoutEngine(tree: loaded.tree, solver: CassowarySolver(), direction: nil)
        return (loaded, try engine.layout(on: unit.devices[0]), unit.devices[0])
    }

    @Test func aSnapshotKeepsEveryViewWithItsSuperviewAndFrame() throws {
        let (loaded, result, device) = try Self.layout()
        let s = LayoutSnapshot(result, tree: loaded.tree, screen: device.screenSize, views: ["v3"], constraints: ["v3.width == 20"])
        #expect(s.views.map(\.id) == ["main", "v1", "v2", "v3"])
        #expect(s.views.map(\.superview) == [nil, "main", "v1", "v1"])
        #expect(s.views[3].frame == LayoutRect(x: 112, y: 174, width: 20, height: 20))
        #expect(s.screenWidth == device.screenSize.width && s.omittedViews == 0)
        #expect(s.offendingViews == ["v3"] && s.offendingConstraints == ["v3.width == 20"])
    }

    @Test func theCapKeepsTheBlamedViewsAndTheirAncestorsFirst() throws {
        let (loaded, result, device) = try Self.layout()
        let s = LayoutSnapshot(result, tree: loaded.tree, screen: device.screenSize, views: ["v3"], constraints: [], limit: 3)
        #expect(s.views.map(\.id) == ["main", "v1", "v3"])
        #expect(s.omittedViews == 1)
    }

    @Test func aFailureWithASnapshotRoundTripsThroughJSON() throws {
        let (loaded, result, device) = try Self.layout()
        var s = LayoutSnapshot(result, tree: loaded.tree, screen: device.screenSize, views: ["v2"], constraints: ["<NSLayoutConstraint v2.top == v1.top>"])
        s.views[2].frame.width = .infinity
        let f = InvariantFailure(invariant: .finiteFrames, caseName: "c", source: "c.json", device: "iphone-8", strategy: "cassowary",
                                 direction: "case", detail: "v2 is not finite", replay: "strut bench c.json", unit: 0, layout: s)
        let back = try JSONValueDecoder().decode(InvariantFailure.self, from: try parseJSON(f.jsonValue().jsonText()))
        #expect(back == f)
        #expect(back.layout?.views[2].frame.width == .infinity)
    }

    @Test func aFailureWithoutASnapshotHasNoLayoutKeyAndReadsBack() throws {
        let f = InvariantFailure(invariant: .optimal, caseName: "c", source: "c.json", device: "ipad", strategy: "cassowary",
                                 direction: "ltr", detail: "level 250 differs", replay: "strut bench c.json")
        #expect(try f.jsonValue()["layout"] == nil)
        #expect(try JSONValueDecoder().decode(InvariantFailure.self, from: try parseJSON(f.jsonValue().jsonText())) == f)
        var withNull = try parseJSON(f.jsonValue().jsonText())
        if case .object(let members) = withNull { withNull = .object(members + [("layout", .null)]) }
        #expect(try JSONValueDecoder().decode(InvariantFailure.self, from: withNull).layout == nil)
    }

    @Test func aMalformedSnapshotNamesTheKey() throws {
        let (loaded, result, device) = try Self.layout()
        let s = LayoutSnapshot(result, tree: loaded.tree, screen: device.screenSize, views: [], constraints: [])
        let text = try s.jsonValue().jsonText().replacingOccurrences(of: "\"frame\":[0,0,", with: "\"frame\":[\"x\",0,")
        #expect(try text != s.jsonValue().jsonText())
        #expect { try JSONValueDecoder().decode(LayoutSnapshot.self, from: try parseJSON(text)) } throws: { ($0 as? JSONCodingError)?.description == #"$.views[0].frame[0]: expected a number (or "nan", "inf", "-inf"), found "x""# }
    }

    @Test func escapingMakesAnyTextSafeForXMLAndHTML() {
        #expect(Markup.escape("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;")
        #expect(Markup.escape("bell\u{7}tab\tnl\n") == "bell\u{FFFD}tab\tnl\n")
        #expect(Markup.markdownCell("a|b\nc") == "a\\|b c")
    }

    @Test func boxPlotsLabelLatenciesInTheirUnits() {
        let svg = SVGCharts.boxPlot([.init(label: "8", boxes: [(0, [1000, 2000, 3000])])], series: ["cassowary"], label: "t")
        #expect(svg.contains("3 samples, min 1 µs, median 2 µs, max 3 µs"), "\(svg)")
    }

    @Test func theWireframeDrawsTheWindowAndHighlightsTheBlamedView() throws {
        let (loaded, result, device) = try Self.layout()
        let s = LayoutSnapshot(result, tree: loaded.tree, screen: device.screenSize, views: ["v3"], constraints: ["v2.top == v1.top"])
        let p = Wireframe.render(s, label: "t", expected: ("v3", LayoutRect(x: 100, y: 174, width: 20, height: 20)))
        #expect(p.drawn == 4 && p.undrawn.isEmpty && p.note == nil)
        #expect(p.svg.contains("<g class=\"offending\" data-view=\"v3\">"))
        #expect(p.svg.components(separatedBy: "stroke=\"\(Wireframe.named)\"").count == 3)   // v1 and v2, named by the constraint
        #expect(p.svg.contains("<g class=\"expected\">"))
    }

    /// A finite-frames failure: the blamed view's width is infinite (its subviews' origins stay
    /// finite). The finite views are drawn as usual; the blamed one gets a dashed red stand-in
    /// inside its superview, labelled with what is not finite (before: left out of the picture).
    @Test func viewsWithNonFiniteFramesAreMarkedInsideTheirSuperview() throws {
        let (loaded, result, device) = try Self.layout()
        var s = LayoutSnapshot(result, tree: loaded.tree, screen: device.screenSize, views: ["v1"], constraints: [])
        s.views[1].frame.width = .infinity
        let p = Wireframe.render(s, label: "t")
        #expect(p.drawn == 3 && p.marked == 1 && p.undrawn.count == 1, "\(p.undrawn)")
        #expect(p.svg.contains("<g class=\"offending non-finite\" data-view=\"v1\">"), "\(p.svg)")
        #expect(p.svg.contains(">v1: width inf</text>"))
        #expect(p.undrawn[0].hasPrefix("v1: frame [100, 111, inf, 194] is not finite (width inf)"), "\(p.undrawn)")
    }

    @Test func subviewsOfANonFiniteViewAndNaNsAreMarkedToo() throws {
        let (loaded, result, device) = try Self.layout()
        var s = LayoutSnapshot(result, tree: loaded.tree, screen: device.screenSize, views: ["v3"], constraints: [])
        s.views[1].frame.x = .infinity
        s.views[3].frame.y = .nan
        let p = Wireframe.render(s, label: "t")
        #expect(p.drawn == 1 && p.marked == 3)
        #expect(p.svg.contains("<g class=\"non-finite\" data-view=\"v2\">") && p.svg.contains(">v2: its superview&#39;s frame</text>"), "\(p.svg)")
        #expect(p.svg.contains("<g class=\"offending non-finite\" data-view=\"v3\">") && p.svg.contains(">v3: y nan</text>"), "\(p.svg)")
        #expect(p.svg.contains("marked inside main"))
    }

    @Test func aBlamedViewFarOutsideTheWindowZoomsThePicture() throws {
        let (loaded, result, device) = try Self.layout()
        var s = LayoutSnapshot(result, tree: loaded.tree, screen: device.screenSize, views: ["v3"], constraints: [])
        s.views[3].frame.x = 1e12
        let p = Wireframe.render(s, label: "t")
        #expect(p.note?.hasPrefix("zoomed onto the offending views") == true)
        #expect(p.svg.contains("data-view=\"v3\""))
    }
}
