import LinearConstraints

/// A malformed or inconsistent layout case: where (a JSON path such as `$.views[3].superview`)
/// and what, as a plain sentence.
///
/// Case files are written by hand (docs/case-format.md), so every reading and validation error
/// names the offending value; `description` reads `$.views[3].superview: unknown view "foo"`.
/// JSON syntax errors carry the path `$` and the line and column of the text.
public struct CaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// JSON path of the offending value (`$` for the whole file).
    public var path: String
    /// What is wrong, as a sentence a person can act on.
    public var message: String

    public init(_ path: JSONPath, _ message: String) {
        self.path = path.text
        self.message = message
    }

    /// An error at a path already in text form (as other layers' errors carry it).
    init(rawPath: String, _ message: String) {
        self.path = rawPath
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// The characters allowed in view and guide ids: a C identifier (`[A-Za-z_][A-Za-z0-9_]*`), so that
/// an id reads unambiguously in constraint strings (`v1.top`) and in visual formats (`[v1]`).
func isIdentifier(_ s: String) -> Bool {
    guard let first = s.utf8.first, isIdentifierStart(first) else { return false }
    return s.utf8.allSatisfy(isIdentifierByte)
}

func isIdentifierStart(_ b: UInt8) -> Bool { (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 }

func isIdentifierByte(_ b: UInt8) -> Bool { isIdentifierStart(b) || (b >= 48 && b <= 57) }
