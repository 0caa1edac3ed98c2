import AutoLayout
import LinearConstraints
import Testing

@Suite struct DevicesCustomTests {
    static let tvText = #"{ "id": "tv", "size": [1920, 1080], "scale": 1, "safeArea": [0, 0, 0, 0], "sizeClass": "wR hC" }"#

    static func read(_ text: String) throws -> Device {
        try Device(customJSON: parseJSON(text), path: "$.devices[1]")
    }

    @Test func theSpecExampleReads() throws {
        let tv = try Self.read(Self.tvText)
        let c = try DeviceConfiguration(device: tv)
        #expect(c.id == "tv")
        #expect(c.screenSize == PointSize(width: 1920, height: 1080))
        #expect(c.scale == 1)
        #expect(c.safeArea == .zero)
        #expect(c.sizeClasses == SizeClasses(horizontal: .regular, vertical: .compact))
        #expect(c.systemMinimumLayoutMargins.leading == 20)
        #expect(tv.configurations.map(\.id) == ["tv"])
    }

    @Test func safeAreaIsOptionalAndKeptInOrderTopLeftBottomRight() throws {
        let d = try Self.read(#"{"id":"kiosk","size":[800,600],"scale":2,"safeArea":[1,2,3,4],"sizeClass":"wC hC"}"#)
        #expect(d.portraitSafeArea == SafeAreaInsets(top: 1, left: 2, bottom: 3, right: 4))
        let e = try Self.read(#"{"id":"kiosk","size":[800,600],"scale":2,"sizeClass":"wC hC"}"#)
        #expect(e.portraitSafeArea == .zero)
    }

    @Test func writingThenReadingGivesTheSameDevice() throws {
        let d = try Self.read(#"{"id":"odd","size":[333.5,700],"scale":3,"safeArea":[10,0,5,0.5],"sizeClass":"hR wC"}"#)
        #expect(try Device(customJSON: parseJSON(d.customJSON.jsonText()), path: "$") == d)
        #expect(d.customJSON["sizeClass"] == .string("wC hR"))
    }

    /// (JSON text, JSON path of the error, a phrase of its reason).
    static let bad: [(String, String, String)] = [
        (#"{"id":"a","size":[-1,10],"scale":1,"sizeClass":"wC hC"}"#, "$.devices[1].size[0]", "negative"),
        (#"{"id":"a","size":[10,0],"scale":1,"sizeClass":"wC hC"}"#, "$.devices[1].size[1]", "greater than 0"),
        (#"{"id":"a","size":[10],"scale":1,"sizeClass":"wC hC"}"#, "$.devices[1].size", "2 numbers"),
        (#"{"id":"a","size":[10,"x"],"scale":1,"sizeClass":"wC hC"}"#, "$.devices[1].size[1]", "found a string"),
        (#"{"id":"a","size":[10,10],"scale":0,"sizeClass":"wC hC"}"#, "$.devices[1].scale", "greater than 0"),
        (#"{"id":"a","size":[10,10],"sizeClass":"wC hC"}"#, "$.devices[1].scale", "required"),
        (#"{"id":"a","size":[10,10],"scale":1,"sizeClass":"wide"}"#, "$.devices[1].sizeClass", "unknown token"),
        (#"{"id":"a","size":[10,10],"scale":1,"sizeClass":"wC"}"#, "$.devices[1].sizeClass", "missing a height"),
        (#"{"id":"a","size":[10,10],"scale":1}"#, "$.devices[1].sizeClass", "required"),
        (#"{"id":"a","size":[10,10],"scale":1,"safeArea":[0,-1,0,0],"sizeClass":"wC hC"}"#, "$.devices[1].safeArea[1]", "negative"),
        (#"{"id":"a","size":[10,10],"scale":1,"safeArea":[6,0,6,0],"sizeClass":"wC hC"}"#, "$.devices[1].safeArea", "larger than the screen"),
        (#"{"id":"iphone-8","size":[10,10],"scale":1,"sizeClass":"wC hC"}"#, "$.devices[1].id", "catalog"),
        (#"{"id":"all","size":[10,10],"scale":1,"sizeClass":"wC hC"}"#, "$.devices[1].id", "catalog"),
        (#"{"id":"a:b","size":[10,10],"scale":1,"sizeClass":"wC hC"}"#, "$.devices[1].id", "usable"),
        (#"{"size":[10,10],"scale":1,"sizeClass":"wC hC"}"#, "$.devices[1].id", "required"),
        (#"{"id":"a","size":[10,10],"scale":1,"sizeClass":"wC hC","dpi":326}"#, "$.devices[1].dpi", "unknown field"),
        (#""tv""#, "$.devices[1]", "must be an object"),
    ]

    @Test func badCustomDevicesNameThePathAndTheRule() {
        for (text, path, phrase) in Self.bad {
            let error = #expect(throws: DeviceError.self, "\(text)") { try Self.read(text) }
            let message = error.map { "\($0)" } ?? ""
            #expect(message.hasPrefix(path + ":") && message.contains(phrase), "\(message)")
        }
    }

    /// JSON text cannot carry NaN, but a device built in code can reach the reader.
    @Test func nanScaleIsAnError() {
        let json = JSONValue.object([
            ("id", .string("a")), ("size", .array([.number(10), .number(10)])),
            ("scale", .number(.nan)), ("sizeClass", .string("wC hC")),
        ])
        #expect(throws: DeviceError.badCustomDevice(path: "$.scale", reason: "nan is not a finite number")) {
            try Device(customJSON: json, path: "$")
        }
    }
}
