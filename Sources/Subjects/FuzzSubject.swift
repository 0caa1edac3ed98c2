import AutoLayout
import LinearConstraints

/// What one fuzz case is: a layout case (a view tree laid out on its devices) or a solver-level
/// operation sequence (a system file). Mutation, checking, shrinking, saving and replaying all
/// work on this one type, so a finding of either kind travels the same way.
public enum FuzzSubject: Hashable, Sendable {
    case layout(LayoutCase)
    case system(SystemFile)

    /// The subject's name (the case's or the system's).
    public var name: String {
        switch self {
        case .layout(let c): c.name
        case .system(let s): s.name
        }
    }

    /// How big it reads: views plus constraints plus formats for a layout case, steps for a
    /// system. Shrinking drives this down; the finding summary prints it.
    public var size: Int {
        switch self {
        case .layout(let c): c.views.count + c.constraints.count + c.formats.count
        case .system(let s): s.steps.count
        }
    }

    /// The file text (case format or system format), readable by `init(fileText:)`.
    public var fileText: String {
        switch self {
        case .layout(let c): c.jsonText()
        case .system(let s): s.jsonText()
        }
    }

    /// The usual file name suffix: `.json` for cases, `.system.json` for systems.
    public var fileSuffix: String {
        switch self {
        case .layout: ".json"
        case .system: ".system.json"
        }
    }

    /// Reads either format: a JSON object with `"strut-system"` is a system file, anything else
    /// is read as a case file.
    /// - Throws: `FuzzSubjectError` with the reader's message (which names the JSON path or step).
    public init(fileText: String) throws(FuzzSubjectError) {
        let json: JSONValue
        do { json = try parseJSON(fileText) } catch { throw FuzzSubjectError(message: "not valid JSON: \(error)") }
        if json["strut-system"] != nil {
            do { self = .system(try SystemFile(json: json)) } catch { throw FuzzSubjectError(message: "\(error)") }
        } else {
            do { self = .layout(try LayoutCase(json: json)) } catch { throw FuzzSubjectError(message: "\(error)") }
        }
    }
}

/// A file that is neither a valid case file nor a valid system file.
public struct FuzzSubjectError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
