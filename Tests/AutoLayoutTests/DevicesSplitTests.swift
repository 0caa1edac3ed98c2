import AutoLayout
import Testing

@Suite struct DevicesSplitTests {
    /// The split facts of `docs/uikit-rules.md` ("Size classes"), as (spec, pane width, width class).
    static let documented: [(String, Double, String)] = [
        ("ipad-pro-12.9:landscape:half", 678, "wR hR"),
        ("ipad:landscape:two-thirds", 694, "wR hR"),
        ("ipad:landscape:third", 320, "wC hR"),
        ("ipad:landscape:half", 507, "wC hR"),
        ("ipad:landscape:slide-over", 320, "wC hR"),
        ("ipad:portrait:slide-over", 320, "wC hR"),
        ("ipad-pro-12.9:landscape:slide-over", 375, "wC hR"),
        ("ipad-pro-12.9:portrait:slide-over", 375, "wC hR"),
    ]

    @Test func documentedSplitWidthsAndClasses() throws {
        for (spec, width, classes) in Self.documented {
            let c = try DeviceSpec.configuration(spec)
            #expect(c.screenSize.width == width, "\(spec)")
            #expect(c.sizeClasses.description == classes, "\(spec)")
            #expect(c.systemMinimumLayoutMargins.leading == (classes.hasPrefix("wR") ? 20 : 16), "\(spec)")
        }
    }

    @Test func everyPortraitPaneIsCompactWidth() throws {
        for device in DeviceCatalog.pads {
            for split in SplitPane.allCases {
                let c = try DeviceConfiguration(device: device, orientation: .portrait, split: split)
                #expect(c.sizeClasses == SizeClasses(horizontal: .compact, vertical: .regular), "\(c.id)")
            }
        }
    }

    @Test func panesTileTheScreenAroundTheDivider() throws {
        for device in DeviceCatalog.pads {
            for orientation in DeviceOrientation.allCases {
                let full = try DeviceConfiguration(device: device, orientation: orientation).screenSize
                func width(_ s: SplitPane) throws -> Double {
                    try DeviceConfiguration(device: device, orientation: orientation, split: s).screenSize.width
                }
                #expect(try width(.third) + 10 + width(.twoThirds) == full.width, "\(device.id) \(orientation)")
                let halves = try 2 * width(.half) + 10
                #expect(halves <= full.width && halves > full.width - 2, "\(device.id) \(orientation)")
                #expect(try width(.slideOver) == width(.third))
            }
        }
    }

    @Test func panesAreFullHeightAndKeepTopAndBottomInsets() throws {
        for device in DeviceCatalog.pads {
            for orientation in DeviceOrientation.allCases {
                let full = try DeviceConfiguration(device: device, orientation: orientation)
                for split in SplitPane.allCases {
                    let pane = try DeviceConfiguration(device: device, orientation: orientation, split: split)
                    #expect(pane.screenSize.height == full.screenSize.height)
                    #expect(pane.safeArea == SafeAreaInsets(top: full.safeArea.top, bottom: full.safeArea.bottom))
                    #expect(pane.scale == 2)
                }
            }
        }
    }

    @Test func landscapeTwoThirdsIsRegularAndThirdsAreCompactOnEveryIPad() throws {
        for device in DeviceCatalog.pads {
            let two = try DeviceConfiguration(device: device, orientation: .landscape, split: .twoThirds)
            let third = try DeviceConfiguration(device: device, orientation: .landscape, split: .third)
            #expect(two.sizeClasses.horizontal == .regular, "\(device.id)")
            #expect(third.sizeClasses.horizontal == .compact, "\(device.id)")
        }
    }

    @Test func phonesHaveNoSplitViews() {
        #expect(throws: DeviceError.splitUnavailable(device: "iphone-x", split: "half")) {
            try DeviceSpec.configuration("iphone-x:landscape:half")
        }
        #expect(DeviceCatalog.phones.allSatisfy { $0.splits(in: .landscape).isEmpty })
    }

    @Test func splitIdsRoundTrip() throws {
        for device in DeviceCatalog.all {
            for c in device.configurations {
                #expect(try DeviceSpec.configuration(c.id) == c)
            }
        }
    }
}
