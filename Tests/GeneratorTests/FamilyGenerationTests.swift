import AutoLayout
import Generator
import LinearConstraints
import Testing

/// Every family at a small size: deterministic bytes, seeds that matter, strict read-back,
/// regeneration from the recorded command.
@Suite struct FamilyGenerationTests {
    static let names = GeneratorFamilies.names

    /// A small size in the family's range.
    static func smallRequest(_ name: String, seed: UInt64) throws -> GenerationRequest {
        let f = try GeneratorFamilies.family(named: name)
        let size = min(max(f.sizeRange.lowerBound, 24), f.sizeRange.upperBound)
        return try GenerationRequest(family: name, size: size, seed: seed)
    }

    @Test(arguments: names) func sameRequestGivesTheSameBytesTwice(_ name: String) throws {
        let r = try Self.smallRequest(name, seed: 11)
        #expect(GeneratorFamilies.generate(r).text == GeneratorFamilies.generate(r).text)
    }

    @Test(arguments: names) func differentSeedsGiveDifferentCases(_ name: String) throws {
        let a = GeneratorFamilies.generate(try Self.smallRequest(name, seed: 1)).text
        let b = GeneratorFamilies.generate(try Self.smallRequest(name, seed: 2)).text
        #expect(a != b)  // the name and description carry the seed even where the shape ignores it
        guard !name.hasPrefix("peer-"), !["long-chain", "equal-chain", "equal-grid", "priority-ladder", "soft-ambiguity", "size-class-flip"].contains(name) else { return }
        #expect(a.replacingSeed() != b.replacingSeed(), "the seed should change the shape of \(name)")
    }

    @Test(arguments: names) func everyCaseReadsBackStrictlyAsTheSameValue(_ name: String) throws {
        let r = try Self.smallRequest(name, seed: 5)
        switch GeneratorFamilies.generate(r) {
        case .layout(let c):
            let read = try LayoutCase(jsonText: c.jsonText())
            #expect(read == c)
            #expect(read.jsonText() == c.jsonText())
        case .system(let s):
            let read = try SystemFile(jsonText: s.jsonText())
            #expect(read.jsonText() == s.jsonText())
        }
    }

    @Test(arguments: names) func theRecordedCommandRegeneratesTheSameBytes(_ name: String) throws {
        let r = try GenerationRequest(family: name, size: try Self.smallRequest(name, seed: 0).size, seed: caseSeed(runSeed: 99, index: 3))
        let output = GeneratorFamilies.generate(r)
        let recorded: String
        switch output {
        case .layout(let c): recorded = try #require(c.description)
        case .system(let s):
            guard case .check(let label)? = s.steps.first else { Issue.record("no first check in \(name)"); return }
            recorded = label
        }
        let again = try GenerationRequest(command: recorded)
        #expect(again == r)
        #expect(GeneratorFamilies.generate(again).text == output.text)
    }

    @Test func everyFamilyIsListedWithItsKnobsAndAdversarialTargets() {
        let text = GeneratorFamilies.listingText()
        for f in GeneratorFamilies.all {
            #expect(text.contains(f.name + "  ["))
            for k in f.knobs { #expect(text.contains("--param \(k.name)=")) }
            if f.kind == .adversarial { #expect(f.targets != nil, "\(f.name) says what it targets") }
        }
        #expect(Set(GeneratorFamilies.names).count == GeneratorFamilies.names.count)
        guard case .array(let items) = GeneratorFamilies.listingJSON() else { Issue.record("listing JSON is not an array"); return }
        #expect(items.count == GeneratorFamilies.all.count)
    }
}

extension String {
    /// The text without its first line mentioning the seed (name, description), to compare shapes.
    func replacingSeed() -> String {
        split(separator: "\n").filter { !$0.contains("\"name\"") && !$0.contains("Regenerate") }.joined(separator: "\n")
    }
}
