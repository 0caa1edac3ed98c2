import AutoLayout

/// What importing one screen carried over and what it could not, counted by reason: nothing is
/// dropped without a line here.
public struct ScreenReport: Hashable, Sendable {
    public var name: String
    /// Reasons something was left out, with how often.
    public var dropped: [String: Int] = [:]
    /// Views whose intrinsic size was taken from their stored frame.
    public var intrinsicFromFrames = 0
    /// Views given Xcode's build-time constraints for a fixed frame.
    public var prototyped = 0
    public var views = 0
    public var constraints = 0
    /// Views Interface Builder marks misplaced (stored frame disagrees with the constraints).
    public var misplaced = 0

    public init(name: String) { self.name = name }

    mutating func drop(_ reason: String, _ count: Int = 1) { dropped[reason, default: 0] += count }
}

/// The outcome of importing one file: its screens as cases, what was left out, and the problems
/// that kept a screen (or the whole file) from being imported.
public struct FileImport: Sendable {
    public var path: String
    public var screens: [ImportedScreen] = []
    /// Screens that could not become a case, each with why.
    public var failedScreens: [(name: String, reason: String)] = []
    /// Notes about the whole file (an unknown design device matched by size, ...).
    public var notes: [String] = []

    public init(path: String) { self.path = path }

    /// Every reason something was left out, summed over the file's screens.
    public var dropped: [String: Int] {
        screens.reduce(into: [:]) { acc, s in for (k, v) in s.report.dropped { acc[k, default: 0] += v } }
    }
}

/// One imported screen: the case and the report of what went into it.
public struct ImportedScreen: Sendable {
    /// The file name the case is written under (without directory), `FILE-SCENE.json`.
    public var fileName: String
    public var layoutCase: LayoutCase
    public var report: ScreenReport
}
