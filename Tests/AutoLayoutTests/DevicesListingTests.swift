import AutoLayout
import LinearConstraints
import Testing

@Suite struct DevicesListingTests {
    @Test func jsonListsEveryDeviceAndConfiguration() throws {
        guard case .array(let devices) = DeviceCatalog.listingJSON() else {
            Issue.record("not an array")
            return
        }
        #expect(devices.map { $0["id"] } == DeviceCatalog.ids.map { .string($0) })
        let pro = try #require(devices.last)
        guard case .array(let configurations)? = pro["configurations"] else {
            Issue.record("no configurations")
            return
        }
        #expect(configurations.count == 10)
        let half = try #require(configurations.first { $0["id"] == .string("ipad-pro-12.9:landscape:half") })
        #expect(half["size"] == .array([.number(678), .number(1024)]))
        #expect(half["sizeClass"] == .string("wR hR"))
        #expect(half["safeArea"] == .array([24, 0, 20, 0].map { .number($0) }))
        #expect(half["minimumMargins"] == .array([0, 20, 0, 20].map { .number($0) }))
    }

    @Test func jsonTextParsesBack() throws {
        let text = DeviceCatalog.listingJSON().jsonText(indent: 2)
        #expect(try parseJSON(text) == DeviceCatalog.listingJSON())
    }

    @Test func textHasAHeadingPerDeviceAndARowPerConfiguration() {
        let lines = DeviceCatalog.listingText().split(separator: "\n").map(String.init)
        let configurationCount = DeviceCatalog.all.map(\.configurations.count).reduce(0, +)
        #expect(lines.count == 1 + DeviceCatalog.all.count + configurationCount)
        #expect(lines.contains { $0.hasPrefix("iphone-x: X, XS, 11 Pro, @3x") })
        let row = lines.first { $0.hasPrefix("  iphone-x:landscape ") }
        #expect(row?.split(separator: " ").map(String.init) == ["iphone-x:landscape", "812×375", "0/44/21/44", "wC", "hC", "16"])
    }
}
