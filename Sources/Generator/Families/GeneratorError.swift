/// A generation request that cannot be served; the message names what is wrong and what is valid.
public enum GeneratorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No family has this name; `known` lists every family name.
    case unknownFamily(String, known: [String])
    /// The family has no such knob; `known` lists its knobs.
    case unknownKnob(family: String, knob: String, known: [String])
    /// A knob value that is not a number, outside the range, or not whole for an integer knob.
    case badKnobValue(family: String, knob: String, value: String, reason: String)
    /// `--size` outside the family's range.
    case badSize(family: String, size: Int, range: ClosedRange<Int>)
    /// A knob given twice, or a `--param` that is not `name=value`.
    case malformedParameter(String, reason: String)
    /// A description or command that does not hold a `strut generate` command.
    case malformedCommand(String, reason: String)

    public var description: String {
        switch self {
        case .unknownFamily(let name, let known):
            "unknown family \"\(name)\"; the families are: \(known.joined(separator: ", "))"
        case .unknownKnob(let family, let knob, let known):
            known.isEmpty
                ? "family \(family) has no knob \"\(knob)\" (it has no knobs)"
                : "family \(family) has no knob \"\(knob)\"; its knobs are: \(known.joined(separator: ", "))"
        case .badKnobValue(let family, let knob, let value, let reason):
            "family \(family), knob \(knob): \"\(value)\" \(reason)"
        case .badSize(let family, let size, let range):
            "family \(family): size \(size) is outside \(range.lowerBound)...\(range.upperBound)"
        case .malformedParameter(let text, let reason):
            "bad parameter \"\(text)\": \(reason)"
        case .malformedCommand(let text, let reason):
            "cannot read a strut generate command from \"\(text)\": \(reason)"
        }
    }
}
