/// Codable to and from `JSONValue`, for Strut's files (results, baselines, findings indexes).
///
/// Two things Foundation's coders do not give: an object's keys come out in the order a type
/// encodes them (so a file reads in the order its documentation lists its keys, and the same data
/// always gives the same bytes), and a decoding error is one sentence at a JSON path
/// (`$.records[3].wall: expected an array, found a number`), the same form the case reader uses.
/// Integers are read exactly: a number that is not a whole number in the type's range is an
/// error, never a trap. Numbers are written only when JSON can hold them exactly (finite doubles,
/// integers below 2^53); anything else is an encoding error.

/// A value that could not be encoded or decoded: where, as a JSON path, and what.
public struct JSONCodingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: JSONPath
    public var message: String

    public init(_ path: JSONPath, _ message: String) {
        self.path = path
        self.message = message
    }

    /// The error at the path of `codingPath` (as an encoder or decoder reports it).
    public init(codingPath: [any CodingKey], _ message: String) {
        self.init(JSONPath(codingPath), message)
    }

    public var description: String { "\(path): \(message)" }
}

/// A JSON path in the `$.views[3].superview` notation; keys that are not plain identifiers are
/// quoted (`$.expect["iphone-x:landscape"]`). Value type, built by appending.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public private(set) var text: String

    /// The whole document, `$`.
    public static let root = JSONPath(text: "$")

    package init(text: String) { self.text = text }

    /// The path a coder's coding path stands for (array elements are the keys with an integer
    /// value and no name of their own).
    public init(_ codingPath: [any CodingKey]) {
        var path = JSONPath.root
        for key in codingPath {
            if let element = key as? JSONIndexKey, let k = element.intValue { path = path.index(k) } else { path = path.key(key.stringValue) }
        }
        self = path
    }

    /// The path of member `key` of the object at this path.
    public func key(_ key: String) -> JSONPath {
        if Self.isPlain(key) { return JSONPath(text: text + "." + key) }
        return JSONPath(text: text + "[" + JSONValue.string(key).jsonText() + "]")
    }

    /// The path of element `index` of the array at this path.
    public func index(_ index: Int) -> JSONPath { JSONPath(text: text + "[\(index)]") }

    public var description: String { text }

    static func isPlain(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic, first.isASCII else {
            return false
        }
        return key.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}

/// Any member name (an object's keys read or written as they are).
public struct JSONKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }
    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}

/// An array element's place in a coding path.
struct JSONIndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

// MARK: - Encoding

/// Encodes an `Encodable` value into a `JSONValue`, keeping the order in which the value encodes
/// its keys.
public struct JSONValueEncoder {
    public init() {}

    /// - Throws: `JSONCodingError` at the path of a value JSON cannot hold exactly (a NaN or
    ///   infinite double, an integer at or above 2^53) or of an error the value's `encode(to:)`
    ///   threw.
    public func encode<T: Encodable>(_ value: T) throws(JSONCodingError) -> JSONValue {
        do { return try EncodingNode.make(value, path: []).resolved } catch { throw Self.translate(error) }
    }

    static func translate(_ error: any Error) -> JSONCodingError {
        switch error {
        case let e as JSONCodingError: return e
        case EncodingError.invalidValue(_, let context): return JSONCodingError(codingPath: context.codingPath, context.debugDescription)
        default: return JSONCodingError(.root, "\(error)")
        }
    }
}

/// What one encoder, container or element produced, resolved into a `JSONValue` at the end.
private indirect enum EncodingNode {
    case value(JSONValue)
    case object(ObjectBox)
    case array(ArrayBox)
    case encoder(ValueEncoder)

    var resolved: JSONValue {
        switch self {
        case .value(let v): v
        case .object(let box): .object(box.members.map { ($0.key, $0.node.resolved) })
        case .array(let box): .array(box.items.map(\.resolved))
        case .encoder(let e): e.node?.resolved ?? .object([])
        }
    }

    /// The node of `value` encoded at `path` (a `JSONValue` as it is).
    static func make<T: Encodable>(_ value: T, path: [any CodingKey]) throws -> EncodingNode {
        if let v = value as? JSONValue { return .value(v) }
        let encoder = ValueEncoder(codingPath: path)
        try value.encode(to: encoder)
        if let node = encoder.node, case .value = node { return node }
        return .encoder(encoder)
    }

    static func number<I: BinaryInteger>(_ value: I, _ path: [any CodingKey]) throws -> JSONValue {
        guard let d = Double(exactly: value), abs(d) < 9_007_199_254_740_992 else {
            throw JSONCodingError(codingPath: path, "\(value) cannot be written exactly as a JSON number")
        }
        return .number(d)
    }

    static func number(_ value: Double, _ path: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else { throw JSONCodingError(codingPath: path, "\(value) is not a JSON number") }
        return .number(value)
    }
}

private final class ObjectBox {
    var members: [(key: String, node: EncodingNode)] = []

    func set(_ key: String, _ node: EncodingNode) {
        if let i = members.firstIndex(where: { $0.key == key }) { members[i].node = node } else { members.append((key, node)) }
    }
}

private final class ArrayBox {
    var items: [EncodingNode] = []
}

private final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var node: EncodingNode?

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: ObjectBox
        if case .object(let existing)? = node { box = existing } else {
            box = ObjectBox()
            node = .object(box)
        }
        return KeyedEncodingContainer(KeyedEncoder<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: ArrayBox
        if case .array(let existing)? = node { box = existing } else {
            box = ArrayBox()
            node = .array(box)
        }
        return UnkeyedEncoder(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleEncoder(encoder: self) }
}

private struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ObjectBox
    let codingPath: [any CodingKey]

    private func set(_ key: Key, _ value: JSONValue) { box.set(key.stringValue, .value(value)) }

    mutating func encodeNil(forKey key: Key) throws { set(key, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(key, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(key, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(key, try EncodingNode.number(value, codingPath + [key])) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(key, try EncodingNode.number(Double(value), codingPath + [key])) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(key, try EncodingNode.number(value, codingPath + [key])) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(key, try EncodingNode.number(value, codingPath + [key])) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(key, try EncodingNode.number(value, codingPath + [key])) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(key, try EncodingNode.number(value, codingPath + [key])) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(key, try EncodingNode.number(value, codingPath + [key])) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(key, try EncodingNode.number(value, codingPath + [key])) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(key, try EncodingNode.number(value, codingPath + [key])) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(key, try EncodingNode.number(value, codingPath + [key])) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(key, try EncodingNode.number(value, codingPath + [key])) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(key, try EncodingNode.number(value, codingPath + [key])) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.set(key.stringValue, try EncodingNode.make(value, path: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectBox()
        box.set(key.stringValue, .object(nested))
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(box: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ArrayBox()
        box.set(key.stringValue, .array(nested))
        return UnkeyedEncoder(box: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: JSONKey("super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let encoder = ValueEncoder(codingPath: codingPath + [key])
        box.set(key.stringValue, .encoder(encoder))
        return encoder
    }
}

private struct UnkeyedEncoder: UnkeyedEncodingContainer {
    let box: ArrayBox
    let codingPath: [any CodingKey]
    var count: Int { box.items.count }

    private var next: [any CodingKey] { codingPath + [JSONIndexKey(box.items.count)] }
    private func append(_ value: JSONValue) { box.items.append(.value(value)) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try EncodingNode.number(value, next)) }
    mutating func encode(_ value: Float) throws { append(try EncodingNode.number(Double(value), next)) }
    mutating func encode(_ value: Int) throws { append(try EncodingNode.number(value, next)) }
    mutating func encode(_ value: Int8) throws { append(try EncodingNode.number(value, next)) }
    mutating func encode(_ value: Int16) throws { append(try EncodingNode.number(value, next)) }
    mutating func encode(_ value: Int32) throws { append(try EncodingNode.number(value, next)) }
    mutating func encode(_ value: Int64) throws { append(try EncodingNode.number(value, next)) }
    mutating func encode(_ value: UInt) throws { append(try EncodingNode.number(value, next)) }
    mutating func encode(_ value: UInt8) throws { append(try EncodingNode.number(value, next)) }
    mutating func encode(_ value: UInt16) throws { append(try EncodingNode.number(value, next)) }
    mutating func encode(_ value: UInt32) throws { append(try EncodingNode.number(value, next)) }
    mutating func encode(_ value: UInt64) throws { append(try EncodingNode.number(value, next)) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.items.append(try EncodingNode.make(value, path: next)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectBox()
        let path = next
        box.items.append(.object(nested))
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(box: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayBox()
        let path = next
        box.items.append(.array(nested))
        return UnkeyedEncoder(box: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = ValueEncoder(codingPath: next)
        box.items.append(.encoder(encoder))
        return encoder
    }
}

private struct SingleEncoder: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: JSONValue) { encoder.node = .value(value) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try EncodingNode.number(value, codingPath)) }
    mutating func encode(_ value: Float) throws { set(try EncodingNode.number(Double(value), codingPath)) }
    mutating func encode(_ value: Int) throws { set(try EncodingNode.number(value, codingPath)) }
    mutating func encode(_ value: Int8) throws { set(try EncodingNode.number(value, codingPath)) }
    mutating func encode(_ value: Int16) throws { set(try EncodingNode.number(value, codingPath)) }
    mutating func encode(_ value: Int32) throws { set(try EncodingNode.number(value, codingPath)) }
    mutating func encode(_ value: Int64) throws { set(try EncodingNode.number(value, codingPath)) }
    mutating func encode(_ value: UInt) throws { set(try EncodingNode.number(value, codingPath)) }
    mutating func encode(_ value: UInt8) throws { set(try EncodingNode.number(value, codingPath)) }
    mutating func encode(_ value: UInt16) throws { set(try EncodingNode.number(value, codingPath)) }
    mutating func encode(_ value: UInt32) throws { set(try EncodingNode.number(value, codingPath)) }
    mutating func encode(_ value: UInt64) throws { set(try EncodingNode.number(value, codingPath)) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.node = try EncodingNode.make(value, path: codingPath) }
}

extension Encodable {
    /// This value as JSON (`JSONValueEncoder`: keys in the order it encodes them).
    public func jsonValue() throws(JSONCodingError) -> JSONValue { try JSONValueEncoder().encode(self) }

    /// This value as the text of a file Strut writes (results, baselines, findings indexes):
    /// one-space indentation, a final newline.
    public func jsonFileText() throws(JSONCodingError) -> String { try jsonValue().jsonText(indent: 1) + "\n" }
}

// MARK: - Decoding

/// Decodes a `Decodable` value from a `JSONValue`; every error is a `JSONCodingError` at the
/// path of the value that is missing or has the wrong shape.
public struct JSONValueDecoder {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(JSONCodingError) -> T {
        do { return try ValueDecoder(value: value, codingPath: []).decode(type) } catch { throw Self.translate(error) }
    }

    /// Parses `text` and decodes it (a syntax error at `$`, with its line and column).
    public func decode<T: Decodable>(_ type: T.Type, fromText text: String) throws(JSONCodingError) -> T {
        let value: JSONValue
        do { value = try parseJSON(text) } catch { throw JSONCodingError(.root, "not JSON: \(error)") }
        return try decode(type, from: value)
    }

    /// A `DecodingError` a type's `init(from:)` threw, as a path and a sentence.
    static func translate(_ error: any Error) -> JSONCodingError {
        switch error {
        case let e as JSONCodingError: return e
        case DecodingError.keyNotFound(let key, let context): return JSONCodingError(codingPath: context.codingPath + [key], "missing")
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
            return JSONCodingError(codingPath: context.codingPath, context.debugDescription)
        default: return JSONCodingError(.root, "\(error)")
        }
    }
}

extension Decoder {
    /// An error at this decoder's path, for a type's own checks (`unknown phase "x"`).
    public func error(_ message: String) -> JSONCodingError { JSONCodingError(codingPath: codingPath, message) }
}

extension KeyedDecodingContainerProtocol {
    /// An error at the path of `key`, for a type's own checks.
    public func error(at key: Key, _ message: String) -> JSONCodingError { JSONCodingError(codingPath: codingPath + [key], message) }

    /// Checks a document's format tag and version (`"format": "strut-baseline", "version": 1`);
    /// `what` names the kind of file in the error (`a strut baseline file`).
    public func expectFormat(_ format: String, at formatKey: Key, version: Int, at versionKey: Key, what: String) throws {
        guard try decode(String.self, forKey: formatKey) == format else { throw error(at: formatKey, "not \(what) (expected \"\(format)\")") }
        guard try decode(Int.self, forKey: versionKey) == version else {
            throw error(at: versionKey, "unsupported version (this strut reads version \(version))")
        }
    }
}

private struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: String) -> JSONCodingError {
        JSONCodingError(codingPath: codingPath, "expected \(expected), found \(value.kindName)")
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedDecoder<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch("an array") }
        return UnkeyedDecoder(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch("a boolean") }
        return b
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let s) = value else { throw mismatch("a string") }
        return s
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let d) = value else { throw mismatch("a number") }
        return d
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let d) = value else { throw mismatch("a whole number") }
        guard d == d.rounded() else { throw JSONCodingError(codingPath: codingPath, "expected a whole number, found \(formatJSONNumber(d))") }
        guard let i = I(exactly: d) else { throw JSONCodingError(codingPath: codingPath, "\(formatJSONNumber(d)) is out of range (\(I.min)...\(I.max))") }
        return i
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == JSONValue.self { return value as! T }
        if T.self == Double.self { return try decode(Double.self) as! T }
        if T.self == UInt64.self { return try decode(UInt64.self) as! T }
        if T.self == Int.self { return try decode(Int.self) as! T }
        if T.self == String.self { return try decode(String.self) as! T }
        return try T(from: self)
    }
}

private struct KeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(key: String, value: JSONValue)]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

    private func decoder(_ key: Key) throws -> ValueDecoder {
        guard let member = members.first(where: { $0.key == key.stringValue }) else {
            throw JSONCodingError(codingPath: codingPath + [key], "missing")
        }
        return ValueDecoder(value: member.value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try decoder(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { try decoder(Key(stringValue: "super")!) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(key) }
}

private struct UnkeyedDecoder: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> ValueDecoder {
        let path = codingPath + [JSONIndexKey(currentIndex)]
        guard currentIndex < items.count else {
            throw JSONCodingError(codingPath: path, "missing (the array has \(items.count) elements)")
        }
        defer { currentIndex += 1 }
        return ValueDecoder(value: items[currentIndex], codingPath: path)
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < items.count, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

/// A string enum written by its raw value and read with an error that names the value and the
/// choices (`$.records[0].phase: unknown value "frist"; expected first, switch or diagnostics`).
public protocol JSONNamedValue: RawRepresentable<String>, CaseIterable, Codable {}

extension JSONNamedValue {
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(rawValue: name) else {
            let names = Self.allCases.map(\.rawValue)
            let choices = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
            throw decoder.error("unknown value \"\(name)\"; expected \(choices)")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

// MARK: - JSONValue itself

/// A `JSONValue` field (a run's configuration) is written and read as the JSON it holds, key
/// order kept.
extension JSONValue: Codable {
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .bool(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .number(let d):
            var c = encoder.singleValueContainer()
            try c.encode(d)
        case .string(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case .object(let members):
            var c = encoder.container(keyedBy: JSONKey.self)
            for m in members { try c.encode(m.value, forKey: JSONKey(m.key)) }
        }
    }

    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONKey.self) {
            self = .object(try object.allKeys.map { ($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) })
        } else if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
        } else {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null } else if let b = try? c.decode(Bool.self) { self = .bool(b) } else if let d = try? c.decode(Double.self) {
                self = .number(d)
            } else {
                self = .string(try c.decode(String.self))
            }
        }
    }
}
