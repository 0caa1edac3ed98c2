import AutoLayout
import Testing

/// One row of `docs/uikit-rules.md`'s "Devices" table, typed from the document (not from the
/// catalog): id, portrait points, scale, portrait safe area top/bottom, landscape safe area
/// top/left/bottom/right, landscape width class ("C"/"R").
struct DocumentedDevice: Sendable, CustomStringConvertible {
    let id: String
    let width: Double, height: Double, scale: Double
    let top: Double, bottom: Double
    let landscape: [Double]
    let landscapeWidth: String
    var description: String { id }
}

let documentedDevices: [DocumentedDevice] = [
    .init(id: "iphone-se", width: 320, height: 568, scale: 2, top: 20, bottom: 0, landscape: [0, 0, 0, 0], landscapeWidth: "C"),
    .init(id: "iphone-8", width: 375, height: 667, scale: 2, top: 20, bottom: 0, landscape: [0, 0, 0, 0], landscapeWidth: "C"),
    .init(id: "iphone-8-plus", width: 414, height: 736, scale: 3, top: 20, bottom: 0, landscape: [0, 0, 0, 0], landscapeWidth: "R"),
    .init(id: "iphone-x", width: 375, height: 812, scale: 3, top: 44, bottom: 34, landscape: [0, 44, 21, 44], landscapeWidth: "C"),
    .init(id: "iphone-xs-max", width: 414, height: 896, scale: 3, top: 44, bottom: 34, landscape: [0, 44, 21, 44], landscapeWidth: "R"),
    .init(id: "iphone-xr", width: 414, height: 896, scale: 2, top: 48, bottom: 34, landscape: [0, 48, 21, 48], landscapeWidth: "R"),
    .init(id: "iphone-12-mini", width: 375, height: 812, scale: 3, top: 50, bottom: 34, landscape: [0, 50, 21, 50], landscapeWidth: "C"),
    .init(id: "iphone-12", width: 390, height: 844, scale: 3, top: 47, bottom: 34, landscape: [0, 47, 21, 47], landscapeWidth: "C"),
    .init(id: "iphone-12-pro-max", width: 428, height: 926, scale: 3, top: 47, bottom: 34, landscape: [0, 47, 21, 47], landscapeWidth: "R"),
    .init(id: "iphone-14-pro", width: 393, height: 852, scale: 3, top: 59, bottom: 34, landscape: [0, 59, 21, 59], landscapeWidth: "C"),
    .init(id: "iphone-14-pro-max", width: 430, height: 932, scale: 3, top: 59, bottom: 34, landscape: [0, 59, 21, 59], landscapeWidth: "R"),
    .init(id: "iphone-16-pro", width: 402, height: 874, scale: 3, top: 62, bottom: 34, landscape: [0, 62, 21, 62], landscapeWidth: "C"),
    .init(id: "iphone-16-pro-max", width: 440, height: 956, scale: 3, top: 62, bottom: 34, landscape: [0, 62, 21, 62], landscapeWidth: "R"),
    .init(id: "iphone-x-zoomed", width: 320, height: 693, scale: 3, top: 44, bottom: 34, landscape: [0, 44, 21, 44], landscapeWidth: "C"),
    .init(id: "ipad", width: 768, height: 1024, scale: 2, top: 20, bottom: 0, landscape: [20, 0, 0, 0], landscapeWidth: "R"),
    .init(id: "ipad-10.2", width: 810, height: 1080, scale: 2, top: 20, bottom: 0, landscape: [20, 0, 0, 0], landscapeWidth: "R"),
    .init(id: "ipad-pro-10.5", width: 834, height: 1112, scale: 2, top: 20, bottom: 0, landscape: [20, 0, 0, 0], landscapeWidth: "R"),
    .init(id: "ipad-mini-6", width: 744, height: 1133, scale: 2, top: 24, bottom: 20, landscape: [24, 0, 20, 0], landscapeWidth: "R"),
    .init(id: "ipad-air", width: 820, height: 1180, scale: 2, top: 24, bottom: 20, landscape: [24, 0, 20, 0], landscapeWidth: "R"),
    .init(id: "ipad-pro-11", width: 834, height: 1194, scale: 2, top: 24, bottom: 20, landscape: [24, 0, 20, 0], landscapeWidth: "R"),
    .init(id: "ipad-pro-12.9", width: 1024, height: 1366, scale: 2, top: 24, bottom: 20, landscape: [24, 0, 20, 0], landscapeWidth: "R"),
]

@Suite struct DevicesCatalogTests {
    @Test func catalogHoldsExactlyTheDocumentedIdsInOrder() {
        #expect(DeviceCatalog.ids == documentedDevices.map(\.id))
        #expect(DeviceCatalog.phones.count == 14 && DeviceCatalog.pads.count == 7)
    }

    @Test(arguments: documentedDevices)
    func portraitMatchesTheDocumentedRow(_ row: DocumentedDevice) throws {
        let c = try DeviceSpec.configuration(row.id)
        #expect(c.screenSize == PointSize(width: row.width, height: row.height))
        #expect(c.scale == row.scale)
        #expect(c.safeArea == SafeAreaInsets(top: row.top, left: 0, bottom: row.bottom, right: 0))
        let isPad = row.id.hasPrefix("ipad")
        #expect(c.sizeClasses.description == (isPad ? "wR hR" : "wC hR"))
        #expect(c.systemMinimumLayoutMargins.leading == (isPad || row.width >= 414 ? 20 : 16))
        #expect(c.systemMinimumLayoutMargins.trailing == c.systemMinimumLayoutMargins.leading)
        #expect(c.systemMinimumLayoutMargins.top == 0 && c.systemMinimumLayoutMargins.bottom == 0)
    }

    @Test(arguments: documentedDevices)
    func landscapeMatchesTheDocumentedRow(_ row: DocumentedDevice) throws {
        let c = try DeviceSpec.configuration(row.id + ":landscape")
        #expect(c.screenSize == PointSize(width: row.height, height: row.width))
        #expect(c.scale == row.scale)
        let l = row.landscape
        #expect(c.safeArea == SafeAreaInsets(top: l[0], left: l[1], bottom: l[2], right: l[3]))
        let isPad = row.id.hasPrefix("ipad")
        #expect(c.sizeClasses.description == "w\(row.landscapeWidth) h\(isPad ? "R" : "C")")
        #expect(c.systemMinimumLayoutMargins.leading == (row.landscapeWidth == "R" ? 20 : 16))
    }

    /// `docs/uikit-rules.md`: landscape iPhones are wR exactly when the portrait width is at least 414 pt.
    @Test func largePhonesAreRegularWidthInLandscape() throws {
        for device in DeviceCatalog.phones {
            let c = try DeviceConfiguration(device: device, orientation: .landscape)
            #expect((c.sizeClasses.horizontal == .regular) == (device.portraitSize.width >= 414), "\(device.id)")
        }
    }

    /// The iOS 14 resolutions listed in `seeds/000_e5ddbd18fe8f4420.txt` ("Devices & Resolutions")
    /// are all portrait sizes of catalog phones.
    @Test func seedResolutionsAreInTheCatalog() {
        let seed: [(Double, Double)] = [(320, 568), (375, 667), (414, 736), (375, 812), (390, 844), (414, 896), (428, 926), (320, 693)]
        let sizes = DeviceCatalog.phones.map(\.portraitSize)
        for (w, h) in seed {
            #expect(sizes.contains(PointSize(width: w, height: h)), "\(w)×\(h)")
        }
    }

    @Test func uncertainRowsAreMarked() {
        let uncertain = DeviceCatalog.all.filter(\.uncertain).map(\.id)
        #expect(uncertain == ["iphone-xr", "iphone-12-mini", "iphone-16-pro", "iphone-16-pro-max", "iphone-x-zoomed"])
    }

    @Test func everyDeviceListsPortraitLandscapeAndForIPadsTheSplits() {
        for device in DeviceCatalog.all {
            let ids = device.configurations.map(\.id)
            #expect(ids.prefix(2) == [device.id, device.id + ":landscape"])
            #expect(ids.count == (device.isPad ? 10 : 2), "\(device.id)")
            #expect(Set(ids).count == ids.count)
        }
    }
}
