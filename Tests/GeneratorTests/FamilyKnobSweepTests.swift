import AutoLayout
import Cassowary
import Generator
import LinearConstraints
import Testing

/// Every family over many seeds, sizes and random knob values (extremes included): generation
/// never traps and every case validates with the strict reader.
@Suite struct FamilyKnobSweepTests {
    /// Random knob values in range: the bounds a third of the time each way, else uniform
    /// (whole for integer knobs, capped so cases stay small).
    static func randomParameters(_ family: Family, _ rng: inout SeededRandom) -> [(name: String, value: String)] {
        family.knobs.map { k in
            let hi = k.isInteger ? min(k.range.upperBound, 50) : k.range.upperBound
            var v: Double
            switch rng.int(in: 0...2) {
            case 0: v = k.range.lowerBound
            case 1: v = hi
            default: v = k.range.lowerBound + rng.unit() * (hi - k.range.lowerBound)
            }
            if k.isInteger { v = v.rounded(.down) }
            return (k.name, formatJSONNumber(v))
        }
    }

    @Test(arguments: GeneratorFamilies.names)
    func randomKnobsSizesAndSeedsAlwaysGiveValidCases(_ name: String) throws {
        let family = try GeneratorFamilies.family(named: name)
        var rng = SeededRandom(seed: 2026)
        for trial in 0..<12 {
            let size = min(max(family.sizeRange.lowerBound, rng.int(in: 1...80)), family.sizeRange.upperBound)
            let r = try GenerationRequest(family: name, size: size, seed: rng.next(), parameters: Self.randomParameters(family, &rng))
            switch GeneratorFamilies.generate(r) {
            case .layout(let c):
                #expect(throws: Never.self, "trial \(trial): \(r.command)") { _ = try LayoutCase(jsonText: c.jsonText()) }
            case .system(let s):
                #expect(throws: Never.self, "trial \(trial): \(r.command)") { _ = try SystemFile(jsonText: s.jsonText()) }
            }
        }
    }

    /// Layout promises hold whatever the knobs: cases with random knob values lay out as their
    /// expect says on three devices.
    @Test(arguments: GeneratorFamilies.all.filter { $0.kind != .system }.map(\.name))
    func randomKnobsKeepTheLayoutPromises(_ name: String) throws {
        let family = try GeneratorFamilies.family(named: name)
        var rng = SeededRandom(seed: 77)
        let devices = try DeviceSpec.parse("iphone-se,iphone-x:landscape,ipad-pro-12.9:landscape:half")
        for _ in 0..<4 {
            let size = min(max(family.sizeRange.lowerBound, rng.int(in: 1...40)), family.sizeRange.upperBound)
            let r = try GenerationRequest(family: name, size: size, seed: rng.next(), parameters: Self.randomParameters(family, &rng))
            guard case .layout(let c) = GeneratorFamilies.generate(r) else { continue }
            var engine = LayoutEngine(tree: try c.validate(), solver: CassowarySolver())
            for configuration in try c.deviceConfigurations() ?? devices {
                let problems = c.mismatches(try engine.layout(on: configuration), on: configuration)
                #expect(problems.isEmpty, "\(r.command) on \(configuration.id): \(problems.prefix(3))")
            }
        }
    }
}
