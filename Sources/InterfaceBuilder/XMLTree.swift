import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One element of an XML file read by `XMLTree.read`: its name, attributes, child elements and the
/// line it starts on (for error messages). Text content is not kept: Interface Builder stores
/// everything Auto Layout uses in attributes.
public final class XMLNode: @unchecked Sendable {
    public let name: String
    public let attributes: [String: String]
    public private(set) var children: [XMLNode] = []
    public let line: Int

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    fileprivate func append(_ child: XMLNode) { children.append(child) }

    public subscript(attribute: String) -> String? { attributes[attribute] }

    /// The first child named `name` whose `key` attribute is `key` (any key when nil).
    public func child(_ name: String, key: String? = nil) -> XMLNode? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// The first child (any name) whose `key` attribute is `key`.
    public func keyed(_ key: String) -> XMLNode? { children.first { $0["key"] == key } }

    /// Every element below this one, depth first, in document order.
    public func descendants(where predicate: (XMLNode) -> Bool) -> [XMLNode] {
        var out: [XMLNode] = []
        var stack: [XMLNode] = children.reversed()
        while let n = stack.popLast() {
            if predicate(n) { out.append(n) }
            stack.append(contentsOf: n.children.reversed())
        }
        return out
    }

    /// `<name line N>`, the place an error names.
    public var place: String { "line \(line), <\(name)>" }
}

/// Why a file could not be read as XML: the file, the line and what is wrong.
public struct XMLReadError: Error, CustomStringConvertible, Sendable {
    public var line: Int?
    public var element: String?
    public var message: String

    public var description: String {
        var where_ = ""
        if let line { where_ += "line \(line)" }
        if let element { where_ += (where_.isEmpty ? "" : ", ") + "<\(element)>" }
        return where_.isEmpty ? message : "\(where_): \(message)"
    }
}

/// Reads an XML file from the outside world as an element tree, treating it as hostile:
///
/// - a document type declaration (`<!DOCTYPE`) or entity declaration (`<!ENTITY`) is refused
///   before parsing, so no entity is ever defined, expanded or fetched (Interface Builder never
///   writes either); only XML's five predefined entities and character references remain;
/// - external entities are not resolved (`shouldResolveExternalEntities` is false) and nothing
///   is fetched;
/// - files over `maxBytes`, elements nested deeper than `maxDepth`, and attribute values longer
///   than `maxAttributeBytes` are refused with the line they were met on;
/// - a malformed or truncated file is an error with the parser's line, never a partial tree.
public enum XMLTree {
    public static let maxBytes = 64 << 20
    public static let maxDepth = 256
    public static let maxAttributeBytes = 1 << 20

    /// The root element of `data`, or an error naming the line and what is wrong.
    public static func read(_ data: Data) throws(XMLReadError) -> XMLNode {
        guard data.count <= maxBytes else {
            throw XMLReadError(message: "file of \(data.count) bytes is larger than the \(maxBytes >> 20) MiB an Interface Builder file may have")
        }
        try refuseDeclarations(data)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let builder = TreeBuilder()
        parser.delegate = builder
        let ok = parser.parse()
        if let problem = builder.problem { throw problem }
        guard ok, let root = builder.root, builder.stack.isEmpty else {
            let detail = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "the document ends before its root element is closed"
            throw XMLReadError(line: parser.lineNumber, element: builder.stack.last?.name, message: "not well-formed XML: \(Self.plain(detail))")
        }
        return root
    }

    /// Refuses `<!DOCTYPE` and `<!ENTITY` anywhere in the file (outside comments too: a
    /// declaration has no business in an Interface Builder file).
    static func refuseDeclarations(_ data: Data) throws(XMLReadError) {
        let patterns: [(bytes: [UInt8], what: String)] = [
            (Array("<!DOCTYPE".utf8), "a document type declaration (<!DOCTYPE); Interface Builder files have none, and Strut never expands or fetches entities"),
            (Array("<!ENTITY".utf8), "an entity declaration (<!ENTITY); Interface Builder files have none, and Strut never expands or fetches entities"),
        ]
        var line = 1
        let bytes = [UInt8](data)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A { line += 1 }
            if b == 0x3C, i + 2 < bytes.count, bytes[i + 1] == 0x21 {
                for p in patterns where i + p.bytes.count <= bytes.count {
                    if zip(p.bytes, bytes[i..<(i + p.bytes.count)]).allSatisfy({ $0 == ($1 & 0xDF) || $0 == $1 }) {
                        throw XMLReadError(line: line, message: "refused \(p.what)")
                    }
                }
            }
            i += 1
        }
    }

    /// The parser's message without Foundation's domain prefix.
    static func plain(_ text: String) -> String {
        if let r = text.range(of: "error ") , text.hasPrefix("The operation could not be completed") { return String(text[r.lowerBound...]) }
        return text
    }

    final class TreeBuilder: NSObject, XMLParserDelegate {
        var root: XMLNode?
        var stack: [XMLNode] = []
        var problem: XMLReadError?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard problem == nil else { return }
            if stack.count >= XMLTree.maxDepth {
                fail(parser, name, "elements nested deeper than \(XMLTree.maxDepth) levels")
                return
            }
            if let long = attributes.first(where: { $0.value.utf8.count > XMLTree.maxAttributeBytes }) {
                fail(parser, name, "attribute \(long.key) is \(long.value.utf8.count) bytes long, over the \(XMLTree.maxAttributeBytes >> 10) KiB limit")
                return
            }
            let node = XMLNode(name: name, attributes: attributes, line: parser.lineNumber)
            if let parent = stack.last { parent.append(node) } else if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard problem == nil else { return }
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundInternalSubset: String) {
            fail(parser, nil, "refused an internal document type subset")
        }

        func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
            fail(parser, nil, "refused the external entity \(name)")
            return nil
        }

        func parser(_ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?, systemID: String?, notationName: String?) {
            fail(parser, nil, "refused the entity declaration \(name)")
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            fail(parser, nil, "refused the entity declaration \(name)")
        }

        func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
            fail(parser, nil, "refused the external entity declaration \(name)")
        }

        private func fail(_ parser: XMLParser, _ element: String?, _ message: String) {
            guard problem == nil else { return }
            problem = XMLReadError(line: parser.lineNumber, element: element ?? stack.last?.name, message: message)
            parser.abortParsing()
        }
    }
}
