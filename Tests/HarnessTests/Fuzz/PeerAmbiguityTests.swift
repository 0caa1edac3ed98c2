@testable import Judging
@testable import Peers
import Testing

/// Frame comparisons of an outside solver skip what Strut's analysis leaves undetermined per
/// view and axis: a view free only horizontally is still judged on its y and height.
@Suite struct PeerAmbiguityTests {
    static let peerName = "external:peer-adapter"
    static let check = FuzzCheck(strategies: [], profiles: [peerName: PeerProfile(name: "peer", priorities: .weighted)])

    static func failure(_ got: [Double], _ expected: [Double], view: String = "label") -> InvariantFailure {
        InvariantFailure(invariant: .translateRoot, caseName: "c", source: "c.json", device: "iphone-16-pro", strategy: peerName,
                         direction: "case", detail: "\(view): window frame translated", got: got, expected: expected, replay: "")
    }

    static let horizontallyFree = ["iphone-16-pro": PeerAmbiguity([(view: "label", attributes: ["minX"])])]

    @Test func aDifferenceOnTheFreeAxisIsNotJudged() {
        #expect(!Self.check.judgesPeer(Self.failure([10, 20, 30, 40], [12, 20, 28, 40]), Self.peerName, ambiguous: Self.horizontallyFree))
    }

    @Test func aDifferenceOnTheDeterminedAxisIsJudged() {
        #expect(Self.check.judgesPeer(Self.failure([10, 20, 30, 40], [10, 25, 30, 40]), Self.peerName, ambiguous: Self.horizontallyFree))
        #expect(Self.check.judgesPeer(Self.failure([10, 20, 30, 40], [12, 20, 30, 44]), Self.peerName, ambiguous: Self.horizontallyFree))
    }

    @Test func anotherViewsFreedomExcusesNothing() {
        #expect(Self.check.judgesPeer(Self.failure([10, 20, 30, 40], [12, 20, 30, 40], view: "button"), Self.peerName,
                                      ambiguous: Self.horizontallyFree))
    }

    @Test func roundingInTheLastDigitsIsNoDifference() {
        #expect(PeerAmbiguity.Axes.differing([10, 20, 30, 40], [12, 20 + 1e-12, 30, 40]) == .horizontal)
        #expect(PeerAmbiguity.Axes.differing([1, 2, 3, 4], [1, 2, 3, 4]).isEmpty)
    }

    @Test func widthAndMinXShareTheHorizontalAxis() {
        #expect(PeerAmbiguity.Axes(attributes: ["width"]) == .horizontal)
        #expect(PeerAmbiguity.Axes(attributes: ["minY", "height"]) == .vertical)
        #expect(PeerAmbiguity.Axes(attributes: ["minX", "height"]) == [.horizontal, .vertical])
    }

    /// Which constraint breaks in a conflict depends on the order, and a peer that names no
    /// conflict set cannot tell the metamorphic checks it broke one, even under a profile that
    /// promises sets: where Strut finds a conflict, frame comparisons are not judged.
    @Test func aConflictingLayoutIsNotJudgedOnFramesEvenWhenSetsArePromised() {
        let conflicting = ["iphone-16-pro": PeerAmbiguity(everyView: true)]
        #expect(Self.check.profile(Self.peerName)?.conflictSets == true)
        #expect(!Self.check.judgesPeer(Self.failure([10, 20, 30, 40], [10, 25, 30, 40]), Self.peerName, ambiguous: conflicting))
        var required = Self.failure([], [])
        required.invariant = .requiredSatisfied
        #expect(Self.check.judgesPeer(required, Self.peerName, ambiguous: conflicting))
    }

    @Test func strutsOwnStrategiesAreNeverFiltered() {
        var f = Self.failure([10, 20, 30, 40], [12, 20, 30, 40])
        f.strategy = "cassowary"
        #expect(Self.check.judgesPeer(f, "cassowary", ambiguous: Self.horizontallyFree))
    }
}
