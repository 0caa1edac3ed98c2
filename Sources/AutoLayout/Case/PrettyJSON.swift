import LinearConstraints

/// The case writer's layout of JSON text: objects and arrays one member per line, indented two
/// spaces per level, except that a container holding only scalars (or nothing) whose one-line
/// form fits in `inlineLimit` characters stays on one line (`[100, 111, 132, 194]`). Deterministic:
/// the output depends on the value only. Linear in the output size.
func writePretty(_ value: JSONValue, to out: inout String, level: Int) {
    if let inline = inlineText(value) {
        out += inline
        return
    }
    let pad = String(repeating: "  ", count: level + 1)
    let close = String(repeating: "  ", count: level)
    switch value {
    case .array(let items):
        out += "["
        for (i, item) in items.enumerated() {
            out += (i == 0 ? "\n" : ",\n") + pad
            writePretty(item, to: &out, level: level + 1)
        }
        out += "\n" + close + "]"
    case .object(let members):
        out += "{"
        for (i, m) in members.enumerated() {
            out += (i == 0 ? "\n" : ",\n") + pad + JSONValue.string(m.key).jsonText() + ": "
            writePretty(m.value, to: &out, level: level + 1)
        }
        out += "\n" + close + "}"
    default:
        out += value.jsonText()
    }
}

let inlineLimit = 100

/// The one-line text of a scalar, or of a container of scalars that fits in `inlineLimit`; nil
/// when the value must be broken over lines.
func inlineText(_ value: JSONValue) -> String? {
    switch value {
    case .array(let items):
        guard items.allSatisfy(isScalar) else { return nil }
        let text = "[" + items.map { $0.jsonText() }.joined(separator: ", ") + "]"
        return text.count <= inlineLimit ? text : nil
    case .object(let members):
        guard members.allSatisfy({ isScalar($0.value) }) else { return nil }
        let text = "{" + members.map { JSONValue.string($0.key).jsonText() + ": " + $0.value.jsonText() }.joined(separator: ", ") + "}"
        return text.count <= inlineLimit ? text : nil
    default:
        return value.jsonText()
    }
}

func isScalar(_ value: JSONValue) -> Bool {
    switch value {
    case .array, .object: false
    default: true
    }
}
