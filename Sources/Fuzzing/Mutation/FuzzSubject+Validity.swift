import AutoLayout
import Subjects

extension FuzzSubject {
    /// Whether the subject is one a file can hold exactly: a layout case passes
    /// `LayoutCase.validate()` (ids, hierarchy, stacks, constraint pairs, devices, expectations),
    /// and the subject's text reads back (`init(fileText:)`) as an equal subject. Mutation returns
    /// and shrinking tests only subjects for which this holds; infeasible or conflicting subjects
    /// are still valid.
    ///
    /// `init(fileText:)` reads a case's shape without validating its meaning, which is why the
    /// layout check is separate. It runs first because it is the cheaper one (about a tenth of
    /// writing and reading the text back) and rejects most invalid proposals.
    /// Complexity: linear in the file size.
    public var isValidFile: Bool { hasValidMeaning && readsBack(fileText) }

    /// `isValidFile` for a subject whose `fileText` is already at hand.
    func isValidFile(text: String) -> Bool { hasValidMeaning && readsBack(text) }

    /// A layout case validates; a system file has no meaning beyond its syntax.
    var hasValidMeaning: Bool {
        guard case .layout(let c) = self else { return true }
        do { _ = try c.validate() } catch { return false }
        return true
    }

    func readsBack(_ text: String) -> Bool {
        guard let back = try? FuzzSubject(fileText: text) else { return false }
        return back == self
    }
}
