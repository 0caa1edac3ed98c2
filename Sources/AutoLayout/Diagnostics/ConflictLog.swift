/// The rule Strut uses to choose which member of a conflicting set to break (UIKit's choice
/// depends on undocumented internal keys, `docs/uikit-rules.md`, "Conflicts").
public let conflictBreakingRule = """
    Strut breaks the case's own constraint added last (the highest id among the case's \
    constraints and its visual formats', in file order); only when the set has none, the \
    member added last in lowering order (built-in guides, autoresizing constraints, intrinsic \
    size, then stack views' generated constraints). The root's size and the guides' insets \
    (UIView-Encapsulated-Layout-*, margin and safe-area insets) are never broken. The broken \
    constraint is kept as a goal at priority \(LayoutPriorities.broken), above every real \
    priority.
    """

extension ConflictReport {
    /// The conflict as UIKit logs it ("Unable to simultaneously satisfy constraints."), with
    /// Strut's breaking rule in place of the debugger hints.
    public var log: String {
        var lines = [
            "Unable to simultaneously satisfy constraints.",
            "\tProbably at least one of the constraints in the following list is one you don't want.",
            "\tTry this:",
            "\t\t(1) look at each constraint and try to figure out which you don't expect;",
            "\t\t(2) find the code that added the unwanted constraint or constraints and fix it.",
        ]
        if descriptions.contains(where: { $0.hasPrefix("<NSAutoresizingMaskLayoutConstraint") }) {
            lines.append("\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints)")
        }
        lines.append("(")
        lines += descriptions.enumerated().map { k, d in "    \"\(d)\"" + (k + 1 < descriptions.count ? "," : "") }
        lines += [")", "", "Will attempt to recover by breaking constraint", brokenDescription, "", conflictBreakingRule]
        return lines.joined(separator: "\n") + "\n"
    }
}
