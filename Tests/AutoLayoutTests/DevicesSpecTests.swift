import AutoLayout
import LinearConstraints
import Testing

@Suite struct DevicesSpecTests {
    @Test func configurationIdsParse() throws {
        let x = try DeviceSpec.configuration("iphone-x")
        #expect(x.device.id == "iphone-x" && x.orientation == .portrait && x.split == nil)
        let xl = try DeviceSpec.configuration("iphone-x:landscape")
        #expect(xl.orientation == .landscape && xl.id == "iphone-x:landscape")
        let half = try DeviceSpec.configuration("ipad-pro-12.9:landscape:half")
        #expect(half.split == .half && half.orientation == .landscape)
        #expect(try DeviceSpec.configuration("ipad:landscape:two-thirds").split == .twoThirds)
        #expect(try DeviceSpec.configuration("ipad:portrait:third").id == "ipad:portrait:third")
        #expect(try DeviceSpec.configuration("ipad:portrait").id == "ipad")
    }

    @Test func listsKeepOrderTrimSpacesAndDropRepeats() throws {
        let list = try DeviceSpec.parse(" iphone-8 , ipad:landscape:half,iphone-8:portrait, iphone-x:landscape")
        #expect(list.map(\.id) == ["iphone-8", "ipad:landscape:half", "iphone-x:landscape"])
    }

    @Test func groupsExpandInCatalogOrder() throws {
        let phones = try DeviceSpec.parse("phones")
        #expect(phones.count == 28)
        #expect(phones.prefix(2).map(\.id) == ["iphone-se", "iphone-8"])
        #expect(phones[14].id == "iphone-se:landscape")
        #expect(try DeviceSpec.parse("ipads").count == 14)
        #expect(try DeviceSpec.parse("all").count == 42)
        #expect(try DeviceSpec.parse("all:landscape").allSatisfy { $0.orientation == .landscape && $0.split == nil })
        #expect(try DeviceSpec.parse("all:portrait").map(\.id) == DeviceCatalog.ids)
        let splits = try DeviceSpec.parse("splits")
        #expect(splits.count == 56 && splits.allSatisfy { $0.split != nil && $0.device.isPad })
        #expect(try DeviceSpec.parse("iphone-8,phones").count == 28)
    }

    @Test func typosSuggestTheNearestId() {
        let cases: [(String, String?)] = [
            ("iphone-xx", "iphone-x"), ("ipda", "ipad"), ("iPhone-8", "iphone-8"),
            ("iphone-12-promax", "iphone-12-pro-max"), ("phone", "phones"), ("zzzzzzzzzz", nil),
        ]
        for (text, suggestion) in cases {
            let error = #expect(throws: DeviceError.self, "\(text)") { try DeviceSpec.parse(text) }
            guard case let .unknownDevice(t, s, valid)? = error else {
                Issue.record("\(text): \(String(describing: error))")
                continue
            }
            #expect(t == text && s == suggestion, "\(text) -> \(String(describing: s))")
            #expect(valid.contains("ipad-pro-12.9") && valid.contains("all"))
        }
    }

    @Test func unknownDeviceMessageListsValidIds() {
        let message = "\(DeviceError.unknownDevice(text: "iphone-xx", suggestion: "iphone-x", valid: DeviceCatalog.ids))"
        #expect(message.hasPrefix("unknown device \"iphone-xx\". Did you mean \"iphone-x\"? Valid: iphone-se, iphone-8,"))
        #expect(message.contains("ipad-pro-12.9"))
    }

    @Test func badOrientationsSplitsAndShapesAreErrors() {
        #expect(throws: DeviceError.unknownOrientation(spec: "iphone-8:landscpe", text: "landscpe")) {
            try DeviceSpec.parse("iphone-8:landscpe")
        }
        #expect(throws: DeviceError.unknownSplit(spec: "ipad:landscape:halff", text: "halff", suggestion: "half")) {
            try DeviceSpec.parse("ipad:landscape:halff")
        }
        #expect(throws: DeviceError.unknownOrientation(spec: "phones:sideways", text: "sideways")) {
            try DeviceSpec.parse("phones:sideways")
        }
        for bad in ["", "  ", "iphone-8,,ipad", "iphone-8,", "ipad:landscape:half:x", "splits:landscape", "all:portrait:half"] {
            #expect(throws: DeviceError.self, "\(bad)") { try DeviceSpec.parse(bad) }
        }
    }

    @Test func customDevicesCanBeNamed() throws {
        let tv = try Device(customJSON: parseJSON(#"{"id":"tv","size":[1920,1080],"scale":1,"sizeClass":"wR hC"}"#), path: "$.devices[0]")
        let list = try DeviceSpec.parse("tv,iphone-8", customDevices: [tv])
        #expect(list.map(\.id) == ["tv", "iphone-8"])
        #expect(throws: DeviceError.orientationUnavailable(device: "tv", orientation: "landscape")) {
            try DeviceSpec.parse("tv:landscape", customDevices: [tv])
        }
        #expect(throws: DeviceError.splitUnavailable(device: "tv", split: "half")) {
            try DeviceSpec.parse("tv:portrait:half", customDevices: [tv])
        }
    }
}
