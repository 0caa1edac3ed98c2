import Foundation
import Judging
import Peers
import Reports
import Subjects
import Testing

/// Peer profiles: a well-formed file reads, a malformed one names its file and field, an
/// adapter without one is named after its file, and the fuzz check judges a peer by what its
/// profile promises (lexicographic priorities bring optimality in).
@Suite struct PeerProfileTests {
    static let kiwi = """
        {"strut-peer": 1, "name": "kiwi", "priorities": "weighted", "conflictSets": false, "deterministic": true,
         "tolerance": 1e-8, "timeoutScale": 2, "limits": ["no conflict sets"]}
        """

    @Test func aProfileReadsEveryField() throws {
        let p = try PeerProfile(text: Self.kiwi, path: "k.profile.json")
        #expect(p.name == "kiwi" && p.priorities == .weighted && !p.conflictSets && p.deterministic)
        #expect(p.tolerance == 1e-8 && p.timeoutScale == 2 && p.limits == ["no conflict sets"])
        #expect(p.signatureName == "external:kiwi")
        #expect(p.unjudged.count == 2, "\(p.unjudged)")
    }

    /// An adapter started through an interpreter is known by its script: its profile is found
    /// beside the script, and without one it is named after the script.
    @Test func anInterpretedAdapterIsKnownByItsScript() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strut-profile-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let script = dir.appendingPathComponent("my_adapter.py").path
        try Data("print()\n".utf8).write(to: URL(fileURLWithPath: script))
        #expect(PeerProfile.unprofiled("python3 \(script) --fast").signatureName == "external:my")
        #expect(PeerProfile.besideAdapter("python3 \(script)") == nil)
        try Data(#"{"strut-peer": 1, "name": "mine", "priorities": "weighted"}"#.utf8).write(to: dir.appendingPathComponent("my_adapter.profile.json"))
        #expect(PeerProfile.besideAdapter("python3 \(script)") == dir.appendingPathComponent("my_adapter.profile.json").path)
        let labels = StrategyLabels.shortNames(["cassowary", "external:python3 \(script)", "external:python3 \(script) --fast"])
        #expect(labels.isEmpty, "two strategies that would share a name keep their whole names: \(labels)")
        #expect(StrategyLabels.shortNames(["cassowary", "external:python3 \(script)"]) == ["external:python3 \(script)": "external:mine"])
    }

    @Test func aProfilesKnownFindingsAreRelativeToItsDirectory() throws {
        let text = #"{"strut-peer": 1, "name": "k", "priorities": "weighted", "knownFindings": "../known-findings/k/signatures.txt"}"#
        #expect(try PeerProfile(text: text, path: "scripts/k.profile.json").knownFindings == "known-findings/k/signatures.txt")
        #expect(try PeerProfile(text: text, path: "/opt/peers/k.profile.json").knownFindings == "/opt/known-findings/k/signatures.txt")
        #expect(try PeerProfile(text: text, path: "k.profile.json").knownFindings == "../known-findings/k/signatures.txt")
        #expect(try PeerProfile(text: Self.kiwi, path: "k.profile.json").knownFindings == nil)
    }

    @Test(arguments: [
        (#"{"strut-peer": 1, "name": "k", "priorities": "weighted", "knownFindings": 3}"#, "\"knownFindings\""),
        (#"{"strut-peer": 1, "name": "k"}"#, "\"priorities\""),
        (#"{"strut-peer": 1, "name": "k", "priorities": "levels"}"#, "\"priorities\""),
        (#"{"strut-peer": 2, "name": "k", "priorities": "weighted"}"#, "\"strut-peer\""),
        (#"{"strut-peer": 1, "name": "a b", "priorities": "weighted"}"#, "\"name\""),
        (#"{"strut-peer": 1, "name": "k", "priorities": "weighted", "tolerance": -1}"#, "\"tolerance\""),
        (#"{"strut-peer": 1, "name": "k", "priorities": "weighted", "timeoutScale": 0.5}"#, "\"timeoutScale\""),
        (#"{"strut-peer": 1, "name": "k", "priorities": "weighted", "conflictSets": "no"}"#, "\"conflictSets\""),
        (#"{"strut-peer": 1, "name": "k", "priorities": "weighted", "limits": [1]}"#, "\"limits\""),
        (#"{"strut-peer": 1, "name": "k", "priorities": "weighted", "deterministc": true}"#, "\"deterministc\""),
    ])
    func aMalformedProfileNamesItsFileAndField(text: String, field: String) {
        #expect {
            try PeerProfile(text: text, path: "bad.profile.json")
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("bad.profile.json: ") && message.contains(field)
        }
    }

    @Test func anAdapterWithoutAProfileIsNamedAfterItsFileAndJudgedAsWeighted() {
        let p = PeerProfile.unprofiled("/some/where/kiwi-adapter --version 1.5.1")
        #expect(p.signatureName == "external:kiwi")
        #expect(p.priorities == .weighted && p.conflictSets && p.deterministic && p.tolerance == 0)
        #expect(PeerProfile.unprofiled("python3 x.py").name == "python3")
    }

    @Test func theProfileBesideAnAdapterIsFound() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strut-profile-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let adapter = dir.appendingPathComponent("peer-adapter").path
        try Data(Self.kiwi.utf8).write(to: URL(fileURLWithPath: adapter + ".profile.json"))
        let p = try #require(try PeerProfile.of(strategy: "external:\(adapter) --x"))
        #expect(p.name == "kiwi" && p.path == adapter + ".profile.json")
        #expect(try PeerProfile.of(strategy: "cassowary") == nil)
    }

    /// Strut's own weighted strategy behind the adapter protocol inverts two priorities:
    /// unjudged under a weighted profile, an `optimal` finding under a lexicographic one.
    @Test func aPeerClaimingLexicographicPrioritiesIsJudgedOnOptimality() throws {
        let strut = try #require(PlantedAdapter.strutBinary, "the strut executable is built with the tests")
        let name = "external:\(strut) adapter --strategy cassowary-weighted"
        let peer = try #require(Strategy.named(name)).benchStrategy
        // Two errors at 499 outweigh one at 500 (weights 986 and 1000): weighted, x = 10; levels, x = 0.
        let ladder = try FuzzSubject(fileText: """
            {"strut-system": 1, "name": "inversion", "steps": [
              {"add": "x == 0 @500", "id": "strong"}, {"add": "x == 10 @499", "id": "weak1"}, {"add": "x == 10 @499", "id": "weak2"}]}
            """)
        let weighted = FuzzCheck(strategies: [peer]).check(ladder)
        #expect(!weighted.contains { $0.signature.kind == "optimal" }, "\(weighted)")
        let lexicographic = PeerProfile(name: "ladder", priorities: .lexicographic)
        let judged = FuzzCheck(strategies: [peer], profiles: [name: lexicographic]).check(ladder)
        #expect(judged.map(\.signature.description).contains("optimal|external:ladder|check"), "\(judged)")
    }
}

