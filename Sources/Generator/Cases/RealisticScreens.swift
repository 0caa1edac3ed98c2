import AutoLayout
import LinearConstraints

/// Realistic screens built from plain constraints (no stack views, so they do not depend on
/// stack generation), each fully determined on every device: labels size themselves from their
/// intrinsic content; where two labels compete for one row their hugging or compression
/// resistance differ, as a careful Interface Builder user sets them; content longer than the
/// screen simply extends past it (no conflict). Text sizes come from the seed.
enum RealisticScreens {
    /// A form: `rows` label + text-field rows, labels in one column as wide as the widest label,
    /// fields aligned on the labels' first baselines, a submit button that prefers to stay above a
    /// keyboard guide pinned to the bottom of the screen.
    static func form(_ r: GenerationRequest) -> LayoutCase {
        var rng = SeededRandom(seed: r.seed)
        let rows = max((r.size - 2) / 2, 1)
        var b = CaseBuilder(capacity: r.size)
        b.views[0].guides = ["keyboard"]
        for i in 0..<rows {
            let label = b.label("label\(i)", in: "main", width: rng.stepped(40...120, step: 1))
            let field = b.view("field\(i)", in: "main") {
                $0.intrinsicSize = IntrinsicSize(width: nil, height: 34)
                $0.baseline = Baseline(first: 23, last: 11)
            }
            b.add(a(label, .leading), .equal, g("main", .margins, .leading))
            if i > 0 { b.add(a(label, .width), .equal, a("label0", .width)) }
            b.add(a(label, .firstBaseline), .equal, a(field, .firstBaseline))
            b.add(a(field, .leading), .equal, a(label, .trailing), 8)
            b.add(a(field, .trailing), .equal, g("main", .margins, .trailing))
            b.add(a(field, .top), .equal, i == 0 ? g("main", .safeArea, .top) : a("field\(i - 1)", .bottom), i == 0 ? 20 : 12)
        }
        b.label("submit", in: "main", width: 64, height: 44)
        b.add(a("submit", .centerX), .equal, a("main", .centerX))
        b.add(a("submit", .top), .equal, a("field\(rows - 1)", .bottom), 24)
        b.add(a("keyboard", .leading), .equal, a("main", .leading))
        b.add(a("keyboard", .trailing), .equal, a("main", .trailing))
        b.add(a("keyboard", .bottom), .equal, a("main", .bottom))
        b.size(a("keyboard", .height), .equal, 291)
        // Below the fields' compression resistance (750), so a long form pushes the button under
        // the keyboard rather than squeezing fields (equal priorities would trade and tie).
        b.add(a("submit", .bottom), .lessThanOrEqual, a("keyboard", .top), -8, priority: Priority(500))
        b.expectDetermined()
        return b.finish(r, "a form of \(rows) rows above a keyboard")
    }

    /// A table of self-sizing cells: image, title, subtitle and accessory per cell; each cell
    /// fits its content (height at fitting-size priority against required inequalities).
    static func tableCells(_ r: GenerationRequest) -> LayoutCase {
        var rng = SeededRandom(seed: r.seed)
        let cells = max(r.size / 5, 1)
        var b = CaseBuilder(capacity: r.size)
        for i in 0..<cells {
            let cell = b.view("cell\(i)", in: "main")
            let image = b.view("image\(i)", in: cell)
            let title = b.label("title\(i)", in: cell, width: rng.stepped(60...400, step: 1), height: 21)
            let subtitle = b.label("subtitle\(i)", in: cell, width: rng.stepped(40...500, step: 1), height: rng.pick([16, 32, 48]))
            b.views[b.views.count - 1].compressionResistance = AxisPriorities(horizontal: Priority(749), vertical: .defaultHigh)
            let accessory = b.view("accessory\(i)", in: cell)
            b.add(a(cell, .leading), .equal, a("main", .leading))
            b.add(a(cell, .trailing), .equal, a("main", .trailing))
            b.add(a(cell, .top), .equal, i == 0 ? g("main", .safeArea, .top) : a("cell\(i - 1)", .bottom))
            b.size(a(cell, .height), .equal, 0, priority: .fittingSizeLevel)
            b.add(a(image, .leading), .equal, g(cell, .margins, .leading))
            b.add(a(image, .top), .equal, g(cell, .margins, .top))
            b.size(a(image, .width), .equal, 44)
            b.size(a(image, .height), .equal, 44)
            b.add(a(cell, .bottomMargin), .greaterThanOrEqual, a(image, .bottom))
            b.add(a(title, .leading), .equal, a(image, .trailing), 12)
            b.add(a(title, .top), .equal, g(cell, .margins, .top))
            b.add(a(title, .trailing), .lessThanOrEqual, a(accessory, .leading), -8)
            b.add(a(subtitle, .leading), .equal, a(title, .leading))
            b.add(a(subtitle, .top), .equal, a(title, .bottom), 4)
            b.add(a(subtitle, .trailing), .lessThanOrEqual, a(accessory, .leading), -8)
            b.add(a(cell, .bottomMargin), .greaterThanOrEqual, a(subtitle, .bottom))
            b.add(a(accessory, .trailing), .equal, g(cell, .margins, .trailing))
            b.add(a(accessory, .centerY), .equal, a(cell, .centerY))
            b.size(a(accessory, .width), .equal, 24)
            b.size(a(accessory, .height), .equal, 24)
        }
        b.expectDetermined()
        return b.finish(r, "a table of \(cells) self-sizing cells")
    }

    /// A chat: bubbles alternating (at random) between the leading and the trailing margin, each
    /// at most `maxWidth` of the screen, sized by its text.
    static func chat(_ r: GenerationRequest) -> LayoutCase {
        var rng = SeededRandom(seed: r.seed)
        let ratio = r["maxWidth"]
        var b = CaseBuilder(capacity: r.size)
        for i in 0..<max(r.size - 1, 1) {
            let v = b.label("bubble\(i)", in: "main", width: rng.stepped(40...700, step: 1), height: rng.pick([36, 56, 76, 96]))
            let outgoing = rng.chance(0.5)
            b.add(a(v, outgoing ? .trailing : .leading), .equal, g("main", .margins, outgoing ? .trailing : .leading))
            b.add(a(v, .width), .lessThanOrEqual, a("main", .width), times: ratio)
            b.add(a(v, .top), .equal, i == 0 ? g("main", .safeArea, .top) : a("bubble\(i - 1)", .bottom), 8)
        }
        b.expectDetermined()
        return b.finish(r, "a chat of alternating bubbles at most \(formatJSONNumber(ratio)) of the width")
    }

    /// A settings page: grouped sections with a header and rows of title, value and optional
    /// switch; sections use their margins; values give way (compression resistance 749).
    static func settings(_ r: GenerationRequest) -> LayoutCase {
        var rng = SeededRandom(seed: r.seed)
        var b = CaseBuilder(capacity: r.size)
        var previous: String?
        var views = 1, s = 0
        while views < r.size {
            let section = b.view("section\(s)", in: "main") { $0.layoutMargins = DirectionalEdgeInsets(top: 8, leading: 20, bottom: 8, trailing: 20) }
            let header = b.label("header\(s)", in: section, width: rng.stepped(60...200, step: 1), height: 18)
            b.add(a(section, .leading), .equal, g("main", .safeArea, .leading))
            b.add(a(section, .trailing), .equal, g("main", .safeArea, .trailing))
            b.add(a(section, .top), .equal, previous.map { a($0, .bottom) } ?? g("main", .safeArea, .top), 24)
            b.add(a(header, .leading), .equal, g(section, .margins, .leading))
            b.add(a(header, .top), .equal, g(section, .margins, .top))
            var above = header
            views += 2
            for k in 0..<rng.int(in: 1...6) {
                let row = "row\(s)_\(k)"
                b.view(row, in: section)
                b.add(a(row, .leading), .equal, g(section, .margins, .leading))
                b.add(a(row, .trailing), .equal, g(section, .margins, .trailing))
                b.add(a(row, .top), .equal, a(above, .bottom), k == 0 ? 8 : 0)
                b.size(a(row, .height), .equal, 44)
                views += settingsRow(row, "\(s)_\(k)", &rng, &b)
                above = row
            }
            b.add(a(section, .bottomMargin), .equal, a(above, .bottom))
            previous = section
            s += 1
        }
        b.expectDetermined()
        return b.finish(r, "a settings page of \(s) grouped sections")
    }

    /// The title, optional switch and value of one settings row (`suffix` names them); returns
    /// the number of views added, the row included.
    static func settingsRow(_ row: String, _ suffix: String, _ rng: inout SeededRandom, _ b: inout CaseBuilder) -> Int {
        let title = b.label("title\(suffix)", in: row, width: rng.stepped(60...260, step: 1))
        b.add(a(title, .leading), .equal, a(row, .leading))
        b.add(a(title, .centerY), .equal, a(row, .centerY))
        var trailing = a(row, .trailing), added = 3
        if rng.chance(0.4) {
            let sw = b.view("switch\(suffix)", in: row) {
                $0.intrinsicSize = IntrinsicSize(width: 51, height: 31)
                $0.hugging = AxisPriorities(horizontal: .defaultHigh, vertical: .defaultHigh)
            }
            b.add(a(sw, .trailing), .equal, a(row, .trailing))
            b.add(a(sw, .centerY), .equal, a(row, .centerY))
            trailing = a(sw, .leading)
            added += 1
        }
        let value = b.label("value\(suffix)", in: row, width: rng.stepped(20...200, step: 1))
        b.views[b.views.count - 1].compressionResistance = AxisPriorities(horizontal: Priority(749), vertical: .defaultHigh)
        b.add(a(value, .trailing), .equal, trailing, -8)
        b.add(a(value, .leading), .greaterThanOrEqual, a(title, .trailing), 8)
        b.add(a(value, .centerY), .equal, a(row, .centerY))
        return added
    }
}
