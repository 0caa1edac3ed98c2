import AutoLayout
import Cassowary
import Fuzzing
import Generator
import LinearConstraints
import StrutSystem
import Subjects
import Testing

/// The byte decoder behind the libFuzzer entry point: total, bounded, deterministic and local.
@Suite struct FuzzBytesTests {
    /// `count` byte strings of lengths 0 ... 600 from a fixed seed; every fourth forced to a
    /// system, every fourth to a layout case, the rest as drawn.
    static func inputs(seed: UInt64, count: Int) -> [[UInt8]] {
        var rng = SeededRandom(seed: seed)
        return (0..<count).map { k in
            var bytes = (0..<rng.int(in: 0...600)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if !bytes.isEmpty, k % 4 == 1 { bytes[0] |= 1 }
            if !bytes.isEmpty, k % 4 == 2 { bytes[0] &= 0xFE }
            return bytes
        }
    }

    @Test func emptyInputDecodesToTheBareRootOnOneDevice() throws {
        guard case .layout(let c) = FuzzBytes.decode([]) else { Issue.record("the empty input is a layout case"); return }
        #expect(c.views.count == 1)
        #expect(c.constraints.isEmpty)
        #expect(c.devices?.count == 1)
        _ = try c.validate()
    }

    @Test func theFirstByteChoosesTheKind() {
        if case .system = FuzzBytes.decode([1]) {} else { Issue.record("an odd first byte gives a system") }
        if case .layout = FuzzBytes.decode([2, 200, 3]) {} else { Issue.record("an even first byte gives a layout case") }
        if case .system(let s) = FuzzBytes.decode([1]) { #expect(s.steps.isEmpty) }
    }

    @Test func randomBytesDecodeToValidSubjectsThatRoundTripThroughTheirFileText() throws {
        var kinds = (layout: 0, system: 0)
        for bytes in Self.inputs(seed: 11, count: 400) {
            let subject = FuzzBytes.decode(bytes)
            switch subject {
            case .layout(let c):
                kinds.layout += 1
                _ = try c.validate()
                #expect(try LayoutCase(jsonText: c.jsonText()) == c)
            case .system(let s):
                kinds.system += 1
                #expect(try SystemFile(jsonText: s.jsonText()) == s)
            }
            #expect(try FuzzSubject(fileText: subject.fileText) == subject, "input \(bytes)")
        }
        #expect(kinds.layout > 100 && kinds.system > 100)
    }

    @Test func decodedCasesLayOutOnTheirDevicesWithoutLoweringErrors() throws {
        for bytes in Self.inputs(seed: 12, count: 120) {
            guard case .layout(let c) = FuzzBytes.decode(bytes) else { continue }
            var engine = LayoutEngine(tree: try c.validate(), solver: CassowarySolver())
            for device in try c.deviceConfigurations() ?? [] {
                let result = try engine.layout(on: device)
                #expect(result.frames.count == c.views.count)
            }
        }
    }

    @Test func longInputsStayWithinTheBounds() {
        var rng = SeededRandom(seed: 13)
        for k in 0..<40 {
            var bytes = (0..<20_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            bytes[0] = UInt8(k % 2)
            switch FuzzBytes.decode(bytes) {
            case .layout(let c):
                #expect(c.views.count <= FuzzBytes.maxViews)
                #expect(c.constraints.count == FuzzBytes.maxConstraints)
                #expect(c.formats.isEmpty)
            case .system(let s):
                #expect(s.steps.count == FuzzBytes.maxSteps)
                let names = Set(s.steps.flatMap(Self.variables))
                #expect(names.count <= FuzzBytes.maxVariables)
            }
        }
    }

    @Test func decodingIsDeterministic() {
        for bytes in Self.inputs(seed: 14, count: 50) {
            #expect(FuzzBytes.decode(bytes) == FuzzBytes.decode(bytes))
            #expect(FuzzBytes.decode(bytes).fileText == FuzzBytes.decode(Array(bytes)).fileText)
        }
    }

    @Test func changingOneByteOfAConstraintRecordChangesOnlyThatConstraint() {
        var rng = SeededRandom(seed: 15)
        for _ in 0..<50 {
            var bytes = (0..<400).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            bytes[0] = 0
            guard case .layout(let before) = FuzzBytes.decode(bytes) else { continue }
            let views = before.views.count
            let start = 1 + 5 + (views - 1) * 7  // kind, header, view records
            let k = rng.int(in: 0...(before.constraints.count - 1))
            bytes[start + k * 8 + rng.int(in: 0...7)] &+= UInt8(rng.int(in: 1...255))
            guard case .layout(let after) = FuzzBytes.decode(bytes) else { Issue.record("the kind changed"); continue }
            #expect(after.views == before.views)
            for i in before.constraints.indices where i != k { #expect(after.constraints[i] == before.constraints[i]) }
        }
    }

    @Test func systemsNameRemovalsAndSuggestionsThatExistMostOfTheTime() {
        var known = 0, unknown = 0
        for bytes in Self.inputs(seed: 16, count: 200) {
            guard case .system(let s) = FuzzBytes.decode(bytes) else { continue }
            var added: Set<String> = []
            for step in s.steps {
                switch step {
                case .add(_, let id): added.insert(id)
                case .remove(let id): if added.contains(id) { known += 1 } else { unknown += 1 }
                default: break
                }
            }
        }
        #expect(known > 3 * unknown)
        #expect(unknown > 0)
    }

    static func variables(_ step: SystemStep) -> [String] {
        switch step {
        case .add(let c, _): c.terms.map(\.name)
        case .edit(let v, _), .removeEdit(let v): [v]
        case .suggest(let list): list.map(\.variable)
        case .remove, .check: []
        }
    }
}
