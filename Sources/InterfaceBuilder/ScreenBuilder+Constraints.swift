import AutoLayout
import LinearConstraints

extension ScreenBuilder {
    /// Interface Builder's attribute names (`baseline` is the last baseline).
    static let attributes: [String: LayoutAttribute] = {
        var m: [String: LayoutAttribute] = ["baseline": .lastBaseline]
        for a in LayoutAttribute.allCases { m[a.rawValue] = a }
        return m
    }()

    /// Converts every constraint element met by `visit`. A constraint is left out, and counted
    /// with its reason, when it is a placeholder (Xcode removes those at build time), when the
    /// screen's size classes do not install it, or when it names an item outside the screen.
    mutating func convertConstraints() {
        var variationsByOwner: [String: Variations] = [:]
        for (node, owner) in constraintNodes {
            if node["placeholder"] == "YES" {
                report.drop("placeholder constraint (removed at build time, as Xcode does)")
                continue
            }
            let variations = variationsByOwner[owner] ?? ownerVariations(owner)
            variationsByOwner[owner] = variations
            var when: SizeClassCondition?
            if let cid = node["id"] {
                if let only = variations?.onlyWhen(cid) {
                    when = only
                } else if let variations, !variations.installs(cid, mask: "constraints") {
                    report.drop("constraint not installed for the design device's size classes")
                    continue
                }
            }
            do throws(ConversionProblem) {
                var c = try constraint(node, owner: owner)
                c.when = when
                constraints.append(c)
            } catch {
                report.drop(error.reason)
            }
        }
    }

    /// The variations of the view whose IB id is `owner`, found through the document's index.
    func ownerVariations(_ owner: String) -> Variations? {
        guard let element = document.elementsByID[owner], element.children.contains(where: { $0.name == "variation" }) else { return nil }
        return Variations(element, classes: classes, mask: "constraints")
    }

    struct ConversionProblem: Error { var reason: String }

    func constraint(_ node: XMLNode, owner: String) throws(ConversionProblem) -> ConstraintSpec {
        guard let firstName = node["firstAttribute"], let firstAttribute = Self.attributes[firstName] else {
            throw ConversionProblem(reason: "constraint with an unknown attribute \"\(node["firstAttribute"] ?? "")\"")
        }
        let first = try anchor(node["firstItem"] ?? owner, firstAttribute)
        let relation: Relation
        switch node["relation"] {
        case nil, "equal": relation = .equal
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        case "lessThanOrEqual": relation = .lessThanOrEqual
        case let r?: throw ConversionProblem(reason: "constraint with an unknown relation \"\(r)\"")
        }
        let constant = try number(node["constant"], default: 0, what: "constant")
        var priority = Priority.required
        if let p = node["priority"] {
            guard let v = Double(p), let pr = Priority.validated(v) else { throw ConversionProblem(reason: "constraint with a priority out of (0, 1000]") }
            priority = pr
        }
        var second: AnchorReference?
        var multiplier = 1.0
        if let secondName = node["secondAttribute"] ?? (node["secondItem"] != nil ? firstName : nil) {
            guard let a = Self.attributes[secondName] else { throw ConversionProblem(reason: "constraint with an unknown attribute \"\(secondName)\"") }
            second = try anchor(node["secondItem"] ?? owner, a)
            multiplier = try Self.multiplier(node["multiplier"])
        }
        return ConstraintSpec(first, relation, multiplier: multiplier, second, constant: constant, priority: priority,
                              identifier: node["identifier"].flatMap { $0.isEmpty || $0.contains(where: \.isWhitespace) ? nil : $0 })
    }

    func number(_ text: String?, default d: Double, what: String) throws(ConversionProblem) -> Double {
        guard let text else { return d }
        guard let v = Double(text), v.isFinite else { throw ConversionProblem(reason: "constraint with an unreadable \(what)") }
        return v
    }

    /// `0.5`, `16:9` (a ratio, as IB writes aspect ratios) or nil for 1.
    static func multiplier(_ text: String?) throws(ConversionProblem) -> Double {
        guard let text else { return 1 }
        let parts = text.split(separator: ":")
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0, (a / b).isFinite { return a / b }
        if parts.count == 1, let v = Double(text), v.isFinite { return v }
        throw ConversionProblem(reason: "constraint with an unreadable multiplier")
    }

    /// The anchor for the item with IB id `item`: a view of the screen, a guide, or one of the
    /// pre-iOS 11 layout guides (their anchors are the root's and its safe area's, as UIKit
    /// defines them since iOS 11).
    func anchor(_ item: String, _ attribute: LayoutAttribute) throws(ConversionProblem) -> AnchorReference {
        if let id = caseID[item] { return AnchorReference(ItemReference(id), attribute) }
        switch guides[item] {
        case .item(let ref)?:
            return AnchorReference(ref, attribute)
        case .layoutGuide(let top)?:
            let root = ItemReference("root"), safe = ItemReference("root", guide: .safeArea)
            switch (top, attribute) {
            case (true, .top): return AnchorReference(root, .top)
            case (true, .bottom): return AnchorReference(safe, .top)
            case (false, .top): return AnchorReference(safe, .bottom)
            case (false, .bottom): return AnchorReference(root, .bottom)
            default: throw ConversionProblem(reason: "constraint on a layout guide's \(attribute.rawValue)")
            }
        case nil:
            if document.elementsByID[item] != nil {
                throw ConversionProblem(reason: "constraint to an item outside the screen or not installed")
            }
            throw ConversionProblem(reason: "constraint to an unknown item")
        }
    }
}
