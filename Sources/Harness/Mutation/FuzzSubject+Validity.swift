import AutoLayout

extension FuzzSubject {
    /// Whether the subject is one a file can hold exactly: its text reads back (`init(fileText:)`)
    /// as an equal subject, and a layout case also passes `LayoutCase.validate()` (ids, hierarchy,
    /// stacks, constraint pairs, devices, expectations). Mutation returns and shrinking tests only
    /// subjects for which this holds; infeasible or conflicting subjects are still valid.
    ///
    /// `init(fileText:)` reads a case's shape without validating its meaning, which is why the
    /// layout check is separate. Complexity: linear in the file text, plus the case validation.
    public var isValidFile: Bool { isValidFile(text: fileText) }

    /// `isValidFile` for a subject whose `fileText` is already at hand.
    func isValidFile(text: String) -> Bool {
        guard let back = try? FuzzSubject(fileText: text), back == self else { return false }
        if case .layout(let c) = self {
            do { _ = try c.validate() } catch { return false }
        }
        return true
    }
}
