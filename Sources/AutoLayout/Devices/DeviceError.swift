/// A device id, device spec or custom device that Strut cannot use. Each case names the text or
/// JSON path at fault and reads as a sentence a person can act on.
public enum DeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A device id or group not in the catalog; `suggestion` is the nearest valid name, if close.
    case unknownDevice(text: String, suggestion: String?, valid: [String])
    /// An orientation other than `portrait` or `landscape` in `spec`.
    case unknownOrientation(spec: String, text: String)
    /// A split pane name other than those of `SplitPane` in `spec`.
    case unknownSplit(spec: String, text: String, suggestion: String?)
    /// The device has no such orientation (a custom device has only the one it declares).
    case orientationUnavailable(device: String, orientation: String)
    /// The device offers no split views (only iPads do).
    case splitUnavailable(device: String, split: String)
    /// A spec with the wrong shape: empty, an empty list item, too many `:` parts.
    case malformedSpec(spec: String, reason: String)
    /// A custom device object that breaks a rule, at a JSON path.
    case badCustomDevice(path: String, reason: String)
    /// A size-class text that is not `wC|wR hC|hR`, at a JSON path.
    case badSizeClass(path: String, text: String, reason: String)

    public var description: String {
        switch self {
        case let .unknownDevice(text, suggestion, valid):
            let hint = suggestion.map { " Did you mean \"\($0)\"?" } ?? ""
            return "unknown device \"\(text)\".\(hint) Valid: \(valid.joined(separator: ", "))."
        case let .unknownOrientation(spec, text):
            return "device \"\(spec)\": unknown orientation \"\(text)\"; expected portrait or landscape."
        case let .unknownSplit(spec, text, suggestion):
            let hint = suggestion.map { " Did you mean \"\($0)\"?" } ?? ""
            let valid = SplitPane.allCases.map(\.rawValue).joined(separator: ", ")
            return "device \"\(spec)\": unknown split \"\(text)\".\(hint) Valid: \(valid)."
        case let .orientationUnavailable(device, orientation):
            return "device \"\(device)\" has no \(orientation) orientation (a custom device has only the size it declares)."
        case let .splitUnavailable(device, split):
            return "device \"\(device)\" has no \(split) split view (only iPads have split views)."
        case let .malformedSpec(spec, reason):
            return "device spec \"\(spec)\": \(reason)."
        case let .badCustomDevice(path, reason):
            return "\(path): \(reason)."
        case let .badSizeClass(path, text, reason):
            return "\(path): bad size class \"\(text)\": \(reason)."
        }
    }
}
