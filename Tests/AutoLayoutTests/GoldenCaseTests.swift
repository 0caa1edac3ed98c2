import Foundation
import Testing

@testable import AutoLayout

/// The hand-computed golden cases of `corpora/golden/`. Their layouts are checked once the
/// lowering exists; here they must read, validate, and be in the writer's canonical form (so a
/// rewrite by a tool never changes a byte of them).
@Suite struct GoldenCaseTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("corpora/golden")

    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    static func text(_ file: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    }

    @Test func theFiveBookExamplesArePresent() {
        let book = [
            "autoresizing-label-top-right.json", "conflicting-heights.json", "equal-distribution-layout-guides.json",
            "magenta-bar-and-square.json", "square-without-height.json",
        ]
        #expect(book.allSatisfy(Self.files.contains), "found \(Self.files)")
    }

    @Test(arguments: files) func readsValidatesAndIsCanonical(_ file: String) throws {
        let text = try Self.text(file)
        let c = try LayoutCase(jsonText: text)
        #expect(c.jsonText() == text, "\(file) is not in canonical form; rewrite it with LayoutCase.jsonText()")
        #expect(try LayoutCase(jsonText: c.jsonText()) == c)
        #expect(c.description?.isEmpty == false, "\(file) must show its arithmetic in the description")
        #expect(!c.expect.isEmpty && c.devices?.isEmpty == false)
    }

    @Test(arguments: files) func expectationsNameOnlyViewsOfTheCaseAndListedDevices(_ file: String) throws {
        let c = try LayoutCase(jsonText: try Self.text(file))
        let tree = try c.validate()
        let deviceIDs = try #require(c.devices).compactMap { d -> String? in if case .id(let id) = d { id } else { nil } }
        for e in c.expect {
            #expect(e.device == "*" || deviceIDs.contains(e.device), "\(file): \(e.device)")
            for f in e.frames ?? [] { #expect(tree.view(id: f.view) != nil) }
        }
    }

    @Test func conflictAndAmbiguityGoldensNameExactlyTheBookCulprits() throws {
        let conflict = try LayoutCase(jsonText: try Self.text("conflicting-heights.json"))
        #expect(conflict.expect.first { $0.device == "*" }?.conflicts == [["v3-height-10", "v3-height-20"]])
        let identifiers = conflict.constraints.compactMap(\.identifier)
        #expect(identifiers.sorted() == ["v3-height-10", "v3-height-20"])
        let ambiguous = try LayoutCase(jsonText: try Self.text("square-without-height.json"))
        #expect(ambiguous.expect.first { $0.device == "*" }?.ambiguous == ["v3"])
    }
}
