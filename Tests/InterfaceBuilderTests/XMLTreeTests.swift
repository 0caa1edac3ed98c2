import Foundation
import Testing
@testable import InterfaceBuilder

/// Files from the outside world are hostile until read: these are the ways an XML file can be
/// malformed or crafted, each refused with the line and what is wrong, never expanded or fetched.
@Suite struct XMLTreeTests {
    func read(_ text: String) -> Result<XMLNode, XMLReadError> {
        Result { () throws(XMLReadError) in try XMLTree.read(Data(text.utf8)) }
    }

    func error(_ text: String) -> XMLReadError? {
        if case .failure(let e) = read(text) { return e }
        return nil
    }

    @Test func aWellFormedFileReadsAsATreeWithLines() throws {
        let root = try read("<?xml version=\"1.0\"?>\n<document a=\"1\">\n  <child key=\"k\" x=\"&lt;&amp;\"/>\n</document>\n").get()
        #expect(root.name == "document")
        #expect(root["a"] == "1")
        #expect(root.keyed("k")?["x"] == "<&")
        #expect(root.children.first?.line == 3)
    }

    @Test func aTruncatedFileIsAnErrorNamingTheLine() throws {
        let e = try #require(error("<document>\n  <scenes>\n    <scene id=\"a\">\n"))
        #expect(e.description.contains("not well-formed XML"), "\(e)")
        #expect(e.line != nil)
    }

    @Test func aMalformedTagIsAnError() throws {
        let e = try #require(error("<document>\n<view id=\"a\" id=\"b\"/>\n</document>"))
        #expect(e.description.contains("line"), "\(e)")
    }

    @Test func entityExpansionIsRefusedBeforeParsing() throws {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
             <!ENTITY lol "lol">
             <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
             <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <document>&lol3;</document>
            """
        let e = try #require(error(laughs))
        #expect(e.line == 2)
        #expect(e.description.contains("document type declaration"), "\(e)")
    }

    @Test func anExternalEntityIsRefusedAndNothingIsFetched() throws {
        let e = try #require(error("<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<d>&x;</d>"))
        #expect(e.description.contains("refused"), "\(e)")
        let e2 = try #require(error("<d>\n<!ENTITY x SYSTEM \"http://example.invalid/x\">\n</d>"))
        #expect(e2.line == 2, "\(e2)")
    }

    @Test func anUndeclaredEntityIsAnErrorNotAnExpansion() throws {
        #expect(error("<d a=\"&x;\"/>") != nil)
    }

    @Test func deepNestingIsRefusedWithTheLine() throws {
        let depth = XMLTree.maxDepth + 10
        let text = (0..<depth).map { "<v\($0)>\n" }.joined() + (0..<depth).reversed().map { "</v\($0)>\n" }.joined()
        let e = try #require(error(text))
        #expect(e.description.contains("nested deeper"), "\(e)")
        #expect(e.line == XMLTree.maxDepth + 1)
    }

    @Test func aHugeAttributeIsRefused() throws {
        let e = try #require(error("<d>\n<v a=\"" + String(repeating: "x", count: XMLTree.maxAttributeBytes + 1) + "\"/>\n</d>"))
        #expect(e.description.contains("attribute a"), "\(e)")
        #expect(e.element == "v")
    }

    @Test func aFileOverTheSizeLimitIsRefusedUnread() throws {
        let big = Data(count: XMLTree.maxBytes + 1)
        #expect(throws: XMLReadError.self) { try XMLTree.read(big) }
    }

    @Test func anEmptyOrBinaryFileIsAnError() throws {
        #expect(error("") != nil)
        #expect(error("\u{0}\u{1}\u{2}garbage") != nil)
    }
}
