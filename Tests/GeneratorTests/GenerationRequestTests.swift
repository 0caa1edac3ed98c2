import Generator
import Testing

@Suite struct GenerationRequestTests {
    @Test func defaultsFillEveryKnobInKnobOrder() throws {
        let r = try GenerationRequest(family: "random-tree", seed: 3)
        let family = try GeneratorFamilies.family(named: "random-tree")
        #expect(r.size == family.defaultSize)
        #expect(r.parameters.map(\.name) == family.knobs.map(\.name))
        #expect(r["depth"] == 6)
    }

    @Test func givenParametersOverrideDefaults() throws {
        let r = try GenerationRequest(family: "random-tree", size: 9, seed: 3, parameters: [("depth", "2"), ("soft", "0.5")])
        #expect(r["depth"] == 2 && r["soft"] == 0.5 && r.size == 9)
    }

    @Test func unknownFamilyListsTheKnownOnes() {
        #expect(throws: GeneratorError.unknownFamily("nope", known: GeneratorFamilies.names)) {
            try GenerationRequest(family: "nope", seed: 1)
        }
    }

    @Test func badKnobsAreRefusedWithTheReason() {
        #expect(throws: GeneratorError.self) { try GenerationRequest(family: "chat", seed: 1, parameters: [("foo", "1")]) }
        #expect(throws: GeneratorError.self) { try GenerationRequest(family: "chat", seed: 1, parameters: [("maxWidth", "2")]) }
        #expect(throws: GeneratorError.self) { try GenerationRequest(family: "random-tree", seed: 1, parameters: [("depth", "2.5")]) }
        #expect(throws: GeneratorError.self) { try GenerationRequest(family: "chat", seed: 1, parameters: [("maxWidth", "x")]) }
        #expect(throws: GeneratorError.self) {
            try GenerationRequest(family: "chat", seed: 1, parameters: [("maxWidth", "0.5"), ("maxWidth", "0.6")])
        }
        #expect(throws: GeneratorError.badSize(family: "chat", size: 0, range: 2...1_000_000)) {
            try GenerationRequest(family: "chat", size: 0, seed: 1)
        }
    }

    @Test func theCommandReadsBackAsTheSameRequest() throws {
        let r = try GenerationRequest(family: "operations", size: 77, seed: 18_446_744_073_709_551_615, parameters: [("rejects", "0.3")])
        #expect(try GenerationRequest(command: r.command) == r)
        #expect(try GenerationRequest(command: r.caseDescription("x")) == r)
    }

    @Test func malformedCommandsAreRefused() {
        #expect(throws: GeneratorError.self) { try GenerationRequest(command: "no command here") }
        #expect(throws: GeneratorError.self) { try GenerationRequest(command: "strut generate --family chat --seed 1") }
        #expect(throws: GeneratorError.self) { try GenerationRequest(command: "strut generate --family chat --size 3 --seed 1 --count 2") }
        #expect(throws: GeneratorError.self) { try GenerationRequest(command: "strut generate --family chat --size 3 --seed 1 --bogus 2") }
    }

    @Test func runsDeriveCaseSeedsFromTheRunSeed() throws {
        let rs = try GeneratorFamilies.requests(family: "chat", size: nil, runSeed: 10, count: 3, parameters: [])
        #expect(rs.map(\.seed) == (0..<3).map { caseSeed(runSeed: 10, index: $0) })
    }
}
