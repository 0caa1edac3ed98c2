import LinearConstraints
import PropertyBased
import Testing

@testable import AutoLayout

/// Property tests over random formats: printed constraints read back as the same constraints,
/// canonical text gives the same constraints, and damaged formats give positioned errors, never
/// a trap.
@Suite struct VFLPropertyTests {
    static let names = ["a", "b", "c", "d_2"]
    static let metrics = [FormatSpec.Metric("pad", 20), FormatSpec.Metric("half", 0.5), FormatSpec.Metric("low", 250)]

    @Test func printedConstraintsReadBackAsTheSameConstraints() async throws {
        let tree = try VFLTestTrees.tree(Self.names)
        await propertyCheck(count: 400, input: Gen.int(in: 0...Int.max)) { seed in
            var random = CaseRandom(seed: UInt64(seed))
            let entry = random.visualFormat(names: Self.names, metrics: Self.metrics)
            do {
                let specs = try entry.constraints(in: tree)
                for spec in specs {
                    let text = try #require(spec.stringForm, "seed \(seed)")
                    #expect(try ConstraintSpec.parse(text) == spec, "seed \(seed): \(entry.format) -> \(text)")
                }
            } catch {
                Issue.record("seed \(seed): \(entry.format) options \(entry.options): \(error)")
            }
        }
    }

    @Test func canonicalTextAndTreeTextGiveTheSameConstraints() async throws {
        var c = LayoutCase(name: "p", root: "main", views: [ViewSpec(id: "main")] + Self.names.map { ViewSpec(id: $0, superview: "main") })
        let base = try c.validate()
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var random = CaseRandom(seed: UInt64(seed))
            let entry = random.visualFormat(names: Self.names, metrics: Self.metrics)
            do {
                let specs = try entry.constraints(in: base)
                var canonical = entry
                canonical.format = try VisualFormat.parse(entry.format).canonicalText
                #expect(try canonical.constraints(in: base) == specs, "seed \(seed): \(entry.format) vs \(canonical.format)")
                c.formats = [entry]
                let tree = try c.validate()
                let texts = try tree.visualFormatConstraints().map { tree.text(of: $0) }
                #expect(try texts.map { try ConstraintSpec.parse($0) } == specs, "seed \(seed): \(entry.format)")
            } catch {
                Issue.record("seed \(seed): \(entry.format): \(error)")
            }
        }
    }

    @Test func damagedFormatsGivePositionedErrorsNeverATrap() async throws {
        let tree = try VFLTestTrees.tree(Self.names)
        let pieces = ["[", "]", "(", ")", "-", "|", "@", ",", "==", ">", "=", "H:", "V:", "e", "1001", "x", " ", "1e", ".", "-5"]
        await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max)) { seed in
            var random = CaseRandom(seed: UInt64(seed))
            var entry = random.visualFormat(names: Self.names, metrics: Self.metrics)
            var chars = Array(entry.format.unicodeScalars)
            for _ in 0..<random.int(1...3) {
                let at = random.int(0...chars.count)
                if random.chance(40), at < chars.count {
                    chars.remove(at: at)
                } else {
                    chars.insert(contentsOf: random.pick(pieces).unicodeScalars, at: at)
                }
            }
            entry.format = String(String.UnicodeScalarView(chars))
            do {
                _ = try entry.constraints(in: tree)
            } catch let error as VisualFormatError {
                if let offset = error.offset {
                    #expect(offset >= 0 && offset <= chars.count, "seed \(seed): \(error.summary)")
                    let caretLine = error.description.split(separator: "\n", omittingEmptySubsequences: false)[1]
                    #expect(caretLine.prefix(offset).allSatisfy { $0 == " " } && caretLine.dropFirst(offset).hasPrefix("^ "))
                }
                #expect(!error.message.isEmpty)
            } catch {
                Issue.record("seed \(seed): not a VisualFormatError: \(error)")
            }
        }
    }
}

extension CaseRandom {
    /// A random valid format entry over `names` (all subviews of the root) using `metrics`, written
    /// with random spacing, optional parentheses and optional `==`, and random options across its
    /// axis with at most one direction.
    mutating func visualFormat(names: [String], metrics: [FormatSpec.Metric]) -> FormatSpec {
        let vertical = chance(40)
        var text = pick(vertical ? ["V:", " V: "] : ["", "H:", "H: "])
        let count = int(1...4)
        if chance(50) { text += "|" + connection(metrics: metrics, view: false) }
        for i in 0..<count {
            if i > 0 { text += connection(metrics: metrics, view: false) }
            text += "[" + pick(names)
            if chance(50) { text += "(" + (0..<int(1...3)).map { _ in predicate(metrics: metrics, names: names) }.joined(separator: pick([",", ", "])) + ")" }
            text += "]"
        }
        if chance(50) { text += connection(metrics: metrics, view: false) + "|" }
        let across: [FormatOption] = vertical
            ? [.alignAllLeft, .alignAllRight, .alignAllLeading, .alignAllTrailing, .alignAllCenterX]
            : [.alignAllTop, .alignAllBottom, .alignAllCenterY, .alignAllFirstBaseline, .alignAllLastBaseline]
        var options: [FormatOption] = []
        for option in across where chance(20) { options.append(option) }
        if chance(40) { options.append(pick([.directionLeadingToTrailing, .directionLeftToRight, .directionRightToLeft])) }
        return FormatSpec(format: text, metrics: metrics, options: options)
    }

    mutating func connection(metrics: [FormatSpec.Metric], view: Bool) -> String {
        switch int(0...3) {
        case 0: return ""
        case 1: return "-"
        case 2: return "-" + pick([formatJSONNumber(abs(number(0...100))), pick(metrics).name]) + "-"
        default:
            return "-(" + (0..<int(1...2)).map { _ in predicate(metrics: metrics, names: []) }.joined(separator: ",") + ")-"
        }
    }

    mutating func predicate(metrics: [FormatSpec.Metric], names: [String]) -> String {
        let relation = pick(["", "==", "<=", ">=", " >= "])
        let object = !names.isEmpty && chance(25) ? pick(names) : chance(30) ? pick(metrics).name : formatJSONNumber(number(-200...400))
        var text = relation + object
        if chance(40) { text += "@" + pick([priority().description, "low", "1000"]) }
        return text
    }
}
