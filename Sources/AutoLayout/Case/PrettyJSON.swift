import LinearConstraints

/// The case writer's layout of JSON text. A value goes on one line when it is "flat" (a scalar,
/// or a container of scalars and of containers of scalars) and its line, indentation and key
/// included, fits in `lineLimit` characters (`{"id": "v1", "frame": [100, 111, 132, 194]}`);
/// otherwise its members go one per line, indented two spaces per level. Deterministic: the
/// text depends on the value only. Linear in the output size times the nesting depth.
func writePretty(_ value: JSONValue, to out: inout String, level: Int, used: Int = 0) {
    if let inline = inlineText(value, maxNesting: 2, budget: lineLimit - used) {
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
            writePretty(item, to: &out, level: level + 1, used: pad.count + 1)
        }
        out += "\n" + close + "]"
    case .object(let members):
        out += "{"
        for (i, m) in members.enumerated() {
            let key = JSONValue.string(m.key).jsonText() + ": "
            out += (i == 0 ? "\n" : ",\n") + pad + key
            writePretty(m.value, to: &out, level: level + 1, used: pad.count + key.count + 1)
        }
        out += "\n" + close + "}"
    default:
        out += value.jsonText()
    }
}

/// Longest line the writer joins a container onto (a longer scalar still stays on its line).
let lineLimit = 110

/// The one-line text of `value` when it nests at most `maxNesting` containers deep (a scalar is
/// 0 deep) and takes at most `budget` characters, else nil. Stops as soon as the budget is spent,
/// so a long list costs no more than the line it cannot fill.
func inlineText(_ value: JSONValue, maxNesting: Int, budget: Int) -> String? {
    switch value {
    case .array(let items):
        guard maxNesting > 0 else { return nil }
        return joined(items.lazy.map { (nil, $0) }, open: "[", close: "]", maxNesting: maxNesting, budget: budget)
    case .object(let members):
        guard maxNesting > 0 else { return nil }
        return joined(members.lazy.map { ($0.key, $0.value) }, open: "{", close: "}", maxNesting: maxNesting, budget: budget)
    default:
        let text = value.jsonText()
        return text.count <= budget ? text : nil
    }
}

/// `open` + the members' inline texts (with `"key": ` for object members) joined by `, ` + `close`,
/// or nil when a member cannot be inline or the text outgrows `budget`.
func joined<S: Sequence>(_ parts: S, open: String, close: String, maxNesting: Int, budget: Int) -> String?
where S.Element == (String?, JSONValue) {
    var text = open
    for (key, value) in parts {
        if text.count > open.count { text += ", " }
        if let key { text += JSONValue.string(key).jsonText() + ": " }
        guard let inner = inlineText(value, maxNesting: maxNesting - 1, budget: budget - text.count - close.count) else { return nil }
        text += inner
    }
    text += close
    return text.count <= budget ? text : nil
}
