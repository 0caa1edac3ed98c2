import AutoLayout
import Foundation
import LinearConstraints
import StrutSystem

extension BenchPlan {
    /// The settings that define the work, as recorded in results: equal for every shard of a run
    /// (the shard and the job count are per-run facts, recorded in `runs`).
    public var configurationJSON: JSONValue {
        .object([
            ("inputs", .array(inputArguments.map(JSONValue.string))),
            ("sources", int(sources.count)),
            ("solverWorkloads", .array(solverWorkloads.map { .string("\($0.kind)-\($0.views)") })),
            ("strategies", .array(strategies.map { .string($0.name) })),
            ("devices", .string(deviceSpec ?? "case devices, else standard: \(Self.standardDeviceSpec)")),
            ("directions", .array(directions.map { .string(Self.directionName($0)) })),
            ("repeat", int(repeats)), ("warmup", int(warmup)), ("seed", .string(String(seed))),
            ("shards", int(shard.count)), ("invariants", .string(invariants.description)),
            ("diagnostics", .bool(diagnostics)), ("unitTimeLimit", unitTimeLimit.map(JSONValue.number) ?? .null),
        ] + (meterInstructions ? [("meter", .string("instructions"))] : []))
    }

    /// `case` for the case's own direction, else `ltr` or `rtl`.
    public static func directionName(_ d: LayoutDirection?) -> String {
        switch d {
        case nil: "case"
        case .leftToRight?: "ltr"
        case .rightToLeft?: "rtl"
        }
    }

    /// Parses `case`, `ltr` or `rtl`.
    public static func direction(named text: String) throws(BenchUsageError) -> LayoutDirection? {
        switch text {
        case "case": return nil
        case "ltr": return .leftToRight
        case "rtl": return .rightToLeft
        default: throw BenchUsageError("--directions: unknown direction \"\(text)\"; use case, ltr or rtl")
        }
    }

    /// The `strut bench` command that runs exactly this work again (every setting explicit; add
    /// `--shard i/n` to run one shard of it).
    public var command: String { commandWords.map(ShellWords.quoted).joined(separator: " ") }

    /// `command`'s words, unquoted (the metered parent gives them to its children).
    public var commandWords: [String] {
        var words = ["strut", "bench"] + inputArguments
        if let deviceSpec { words += ["--devices", deviceSpec] }
        words += ["--strategies", strategies.map(\.name).joined(separator: ",")]
        words += ["--directions", directions.map(Self.directionName).joined(separator: ",")]
        words += ["--repeat", String(repeats), "--warmup", String(warmup), "--seed", String(seed)]
        words += ["--invariants", invariants.description]
        if !diagnostics { words.append("--no-diagnostics") }
        if let unitTimeLimit { words += ["--unit-time-limit", UnitDeadline.format(unitTimeLimit)] }
        return words
    }
}
