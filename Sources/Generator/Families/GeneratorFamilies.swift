import AutoLayout
import LinearConstraints

/// The family registry: every family `strut generate` knows, in `--list` order (peer and
/// system families first, then valid random, adversarial and realistic ones).
public enum GeneratorFamilies {
    /// Every family, in listing order. Names are unique.
    public static let all: [Family] =
        PeerWorkload.Kind.allCases.map(peer) + PeerWorkload.Kind.allCases.map(peerSystem)
        + [operations, randomTree] + adversarial + realistic

    /// Every family name, in listing order.
    public static var names: [String] { all.map(\.name) }

    /// The family named `name`, or `unknownFamily` listing the valid names.
    public static func family(named name: String) throws(GeneratorError) -> Family {
        guard let f = all.first(where: { $0.name == name }) else { throw .unknownFamily(name, known: names) }
        return f
    }

    /// Generates one case. The request was resolved against this registry, so its family exists.
    /// Pure: equal requests give equal outputs.
    public static func generate(_ request: GenerationRequest) -> GeneratedOutput {
        guard let family = all.first(where: { $0.name == request.family }) else {
            preconditionFailure("request for unknown family \(request.family); requests are resolved against the registry")
        }
        return family.make(request)
    }

    /// The requests of a run: `count` cases of one family and size, case k seeded with
    /// `caseSeed(runSeed:index: k)`, all with the same knob values.
    public static func requests(
        family: String, size: Int?, runSeed: UInt64, count: Int, parameters: [(name: String, value: String)]
    ) throws(GeneratorError) -> [GenerationRequest] {
        var out: [GenerationRequest] = []
        for k in 0..<max(count, 0) {
            out.append(try GenerationRequest(family: family, size: size, seed: caseSeed(runSeed: runSeed, index: k), parameters: parameters))
        }
        return out
    }
}
