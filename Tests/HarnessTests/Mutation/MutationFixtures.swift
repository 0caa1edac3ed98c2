import AutoLayout
import Foundation
import LinearConstraints
import Subjects

/// Subjects the mutation and shrink tests share: every case and system file of `corpora/` and
/// `examples/` (result files excluded), and small hand-built ones.
enum MutationFixtures {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every subject file under `corpora/` and `examples/`, by path relative to the repository,
    /// sorted; `.expected.json` result files are not subjects.
    static var corpusPaths: [String] {
        var out: [String] = []
        for top in ["corpora", "examples"] {
            let base = repository.appendingPathComponent(top).path
            let all = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
            out += all.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".expected.json") }.map { "\(top)/\($0)" }
        }
        return out.sorted()
    }

    static func load(_ relative: String) throws -> FuzzSubject {
        let text = try String(contentsOf: repository.appendingPathComponent(relative), encoding: .utf8)
        return try FuzzSubject(fileText: text)
    }

    /// A small case with a stack, a custom guide, a scroll view, a format and two devices.
    static let smallCase: FuzzSubject = .layout(LayoutCase(jsonTextOrFail: """
        { "strut": 1, "name": "small", "root": "main",
          "views": [
            { "id": "main", "guides": ["g"] },
            { "id": "stack", "superview": "main", "stack": { "axis": "vertical", "spacing": 8, "arranged": ["a", "b"] } },
            { "id": "a", "superview": "stack", "intrinsicSize": [40, 20] },
            { "id": "b", "superview": "stack", "hugging": [251, 250] },
            { "id": "sc", "superview": "main", "scroll": true },
            { "id": "c", "superview": "sc", "intrinsicSize": [null, 30] } ],
          "constraints": [
            "stack.top == main.safeArea.top + 20", "stack.leading == main.margins.leading",
            "sc.top == stack.bottom + 8 @750 #gap", "sc.leading == main.leading", "sc.width == 0.5 * main.width",
            "sc.height == 100", "c.top == sc.content.top", "g.height == 10", "g.top == sc.bottom" ],
          "formats": [ { "format": "H:|-[c]-|", "metrics": { "pad": 12 } } ],
          "devices": [ "iphone-8", "ipad:landscape" ],
          "expect": { "*": { "conflicts": [["gap"]] } } }
        """))

    static let smallSystem: FuzzSubject = .system(SystemFile(name: "small", steps: [
        .add(try! SymbolicConstraint.parse("x >= 10"), id: "floor"),
        .add(try! SymbolicConstraint.parse("x + 2*y == 20 @1"), id: "pref"),
        .edit(variable: "y", priority: .defaultHigh),
        .suggest([.init("y", 3)]),
        .remove(id: "pref"),
        .check(label: "end"),
    ]))
}

extension LayoutCase {
    /// A case from text the test itself wrote; a typo there is a test bug, so it traps.
    init(jsonTextOrFail text: String) {
        do { self = try LayoutCase(jsonText: text) } catch { fatalError("fixture does not read: \(error)") }
    }
}
