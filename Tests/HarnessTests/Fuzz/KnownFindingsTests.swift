import Testing

@testable import Fuzzing
@testable import Judging
@testable import StrutSystem

/// Known findings: signatures listed for every input or for one file, as `strut replay --known`
/// and `strut fuzz --known` read them.
@Suite struct KnownFindingsTests {
    static let text = """
        # comment

        optimal|cassowary|check
        permute-constraints|cassowary|layout corpora/generated/extreme-numbers/x.json
        adapter-died|external:kiwi|suggest what(): Dual optimize failed.
        """

    @Test func aPathRestrictsASignatureToThatFile() throws {
        let known = try KnownFindings(text: Self.text, name: "k.txt")
        let permute = FuzzSignature(kind: "permute-constraints", strategy: "cassowary", place: "layout")
        #expect(known.isKnown(permute, path: "corpora/generated/extreme-numbers/x.json"))
        #expect(known.isKnown(permute, path: "./corpora/generated/extreme-numbers/x.json"))
        #expect(!known.isKnown(permute, path: "corpora/generated/extreme-numbers/y.json"))
        #expect(!known.isKnown(permute, path: nil))
    }

    @Test func aSignatureWithoutAPathAppliesEverywhereAndIsWhatFuzzCountsAsKnown() throws {
        let known = try KnownFindings(text: Self.text, name: "k.txt")
        let optimal = FuzzSignature(kind: "optimal", strategy: "cassowary", place: "check")
        let died = FuzzSignature(kind: "adapter-died", strategy: "external:kiwi", place: "suggest what(): Dual optimize failed.")
        #expect(known.isKnown(optimal, path: "any.json") && known.isKnown(optimal, path: nil))
        #expect(known.isKnown(died, path: nil))
        #expect(known.unrestricted == [optimal, died])
    }

    @Test func aMalformedLineIsNamedByFileAndLine() {
        #expect(throws: FuzzUsageError.self) { try KnownFindings(text: "optimal|cassowary|check\nnot-a-signature\n", name: "k.txt") }
        do {
            _ = try KnownFindings(text: "optimal|cassowary|check\nnot-a-signature\n", name: "k.txt")
        } catch {
            #expect(error.message.hasPrefix("k.txt:2:"))
        }
    }
}
