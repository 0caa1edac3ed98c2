import Generator
import LinearConstraints
import StrutSystem
import Subjects

/// The generated part of a bench run: families with sizes and a case count, and the solver
/// workloads, resolved against the generator's registry.
public struct FamilyInput: Hashable, Sendable {
    public var family: String
    /// Sizes to generate; nil means the family's default size.
    public var sizes: [Int]?

    public init(family: String, sizes: [Int]? = nil) {
        self.family = family
        self.sizes = sizes
    }

    /// Parses `name` or `name:size,size,...`.
    public init(parsing text: String) throws(BenchUsageError) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let name = parts.first, !name.isEmpty else { throw BenchUsageError("--family \(text): expected name or name:size,size") }
        family = name
        guard parts.count == 2 else { return }
        sizes = try Self.sizes(parts[1], of: "--family \(text)")
    }

    /// The sizes after the colon of `--family NAME:SIZE,SIZE` or `--workload KIND:VIEWS,VIEWS`,
    /// each a positive whole number; `input` names the option and its text in the error.
    public static func sizes(_ list: String, of input: String) throws(BenchUsageError) -> [Int] {
        var sizes: [Int] = []
        for s in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Int(s), n > 0 else { throw BenchUsageError("\(input): size \"\(s)\" is not a positive whole number") }
            sizes.append(n)
        }
        return sizes
    }

    public var text: String { sizes.map { "\(family):\($0.map(String.init).joined(separator: ","))" } ?? family }

    /// The generator requests: for each size, `count` cases seeded from (seed, case index
    /// within the family and size), so adding a family or a size leaves the others' cases alone.
    public func requests(seed: UInt64, count: Int) throws(BenchUsageError) -> [CaseSource] {
        // A family of system files has no layout to time: refused before any work, not as a
        // failed case per size.
        if let f = try? GeneratorFamilies.family(named: family), f.kind == .system {
            let layouts = GeneratorFamilies.all.filter { $0.kind == .peer }.map(\.name).joined(separator: ", ")
            throw BenchUsageError("--family \(text): \(family) makes system files, not layout cases; strut bench times layouts (\(layouts) are the peer workloads as layouts), strut solve-system runs a system file (strut generate --family \(family) writes one)")
        }
        var out: [CaseSource] = []
        let list: [Int?] = sizes?.map(Optional.some) ?? [nil]
        for size in list {
            do throws(GeneratorError) {
                let rs = try GeneratorFamilies.requests(family: family, size: size, runSeed: seed, count: count, parameters: [])
                out += rs.map(CaseSource.generated)
            } catch { throw BenchUsageError("--family \(text): \(error)") }
        }
        return out
    }
}

/// The built-in default suite: what `strut bench` runs with no inputs. Realistic screens and
/// adversarial shapes at two sizes each (so growth exponents exist), laid out on the standard
/// device set, plus the four peer workloads at the solver level for steady-state switch bytes.
/// Sized to take a few minutes on an idle 2-core machine with the built-in strategies.
public enum DefaultSuite {
    public static let families: [FamilyInput] = [
        FamilyInput(family: "form", sizes: [10, 22, 44]),
        FamilyInput(family: "table-cells", sizes: [10, 20, 40]),
        FamilyInput(family: "chat", sizes: [15, 30]),
        FamilyInput(family: "settings", sizes: [20, 40]),
        FamilyInput(family: "bars", sizes: [11, 22, 44]),
        FamilyInput(family: "scroll-content", sizes: [10, 20, 30]),
        FamilyInput(family: "master-detail", sizes: [10, 20]),
        FamilyInput(family: "long-chain", sizes: [25, 50, 100, 200]),
        FamilyInput(family: "equal-grid", sizes: [16, 36, 64]),
        FamilyInput(family: "deep-nesting", sizes: [20, 40, 80]),
        FamilyInput(family: "size-class-flip", sizes: [10, 20, 40]),
        FamilyInput(family: "right-to-left", sizes: [15, 30, 60]),
        FamilyInput(family: "planted-conflict", sizes: [15, 30, 60]),
        FamilyInput(family: "priority-ladder", sizes: [20, 40, 80, 160]),
        FamilyInput(family: "soft-ambiguity", sizes: [10, 20]),
        FamilyInput(family: "redundant", sizes: [25, 50]),
        FamilyInput(family: "equality-cycles", sizes: [16, 32]),
    ]

    /// Peer workloads (docs/peers.md) measured at the solver level.
    public static let solverWorkloadSizes: [(PeerWorkload.Kind, Int)] = [(.flat, 200), (.hug, 200), (.grid, 100), (.chain, 100)]

    public static func solverWorkloads() -> [PeerWorkload] {
        solverWorkloadSizes.compactMap { try? PeerWorkload(kind: $0.0, views: $0.1) }
    }
}
