/// The devices Strut lays out on: `docs/uikit-rules.md`, "Devices", one entry per row, in its order.
///
/// Each row: id, models, portrait points, scale, portrait safe area (top/bottom), landscape safe
/// area (top/left/bottom/right) and, for phones, the landscape width class; iPads carry their
/// narrow split-pane width (`SplitPane`). Rows with a value marked (uncertain) in `docs/uikit-rules.md` say so.
public enum DeviceCatalog {
    /// Every catalog device, phones first, in `docs/uikit-rules.md`'s order.
    public static let all: [Device] = phones + pads

    /// The iPhones.
    public static let phones: [Device] = [
        phone("iphone-se", "SE 1st gen, 5/5s", 320, 568, 2, 20, 0, [0, 0, 0, 0], .compact),
        phone("iphone-8", "6/6s/7/8, SE 2nd/3rd gen", 375, 667, 2, 20, 0, [0, 0, 0, 0], .compact),
        phone("iphone-8-plus", "6+/7+/8+", 414, 736, 3, 20, 0, [0, 0, 0, 0], .regular),
        phone("iphone-x", "X, XS, 11 Pro", 375, 812, 3, 44, 34, [0, 44, 21, 44], .compact),
        phone("iphone-xs-max", "XS Max, 11 Pro Max", 414, 896, 3, 44, 34, [0, 44, 21, 44], .regular),
        phone("iphone-xr", "XR, 11", 414, 896, 2, 48, 34, [0, 48, 21, 48], .regular, uncertain: true),
        phone("iphone-12-mini", "12 mini, 13 mini", 375, 812, 3, 50, 34, [0, 50, 21, 50], .compact, uncertain: true),
        phone("iphone-12", "12, 12 Pro, 13, 13 Pro, 14", 390, 844, 3, 47, 34, [0, 47, 21, 47], .compact),
        phone("iphone-12-pro-max", "12/13 Pro Max, 14 Plus", 428, 926, 3, 47, 34, [0, 47, 21, 47], .regular),
        phone("iphone-14-pro", "14 Pro, 15, 15 Pro, 16", 393, 852, 3, 59, 34, [0, 59, 21, 59], .compact),
        phone("iphone-14-pro-max", "14 Pro Max, 15 Plus/Pro Max, 16 Plus", 430, 932, 3, 59, 34, [0, 59, 21, 59], .regular),
        phone("iphone-16-pro", "16 Pro", 402, 874, 3, 62, 34, [0, 62, 21, 62], .compact, uncertain: true),
        phone("iphone-16-pro-max", "16 Pro Max", 440, 956, 3, 62, 34, [0, 62, 21, 62], .regular, uncertain: true),
        phone("iphone-x-zoomed", "display zoom on 5.4\"/5.8\"", 320, 693, 3, 44, 34, [0, 44, 21, 44], .compact, uncertain: true),
    ]

    /// The iPads.
    public static let pads: [Device] = [
        pad("ipad", "iPad 2-6, mini 1-5, Air 1/2, Pro 9.7", 768, 1024, 20, 0, [20, 0, 0, 0]),
        pad("ipad-10.2", "iPad 7th-9th", 810, 1080, 20, 0, [20, 0, 0, 0]),
        pad("ipad-pro-10.5", "Pro 10.5, Air 3", 834, 1112, 20, 0, [20, 0, 0, 0]),
        pad("ipad-mini-6", "mini 6/7", 744, 1133, 24, 20, [24, 0, 20, 0]),
        pad("ipad-air", "iPad 10th, Air 4/5", 820, 1180, 24, 20, [24, 0, 20, 0]),
        pad("ipad-pro-11", "Pro 11\" gen 1-4", 834, 1194, 24, 20, [24, 0, 20, 0]),
        pad("ipad-pro-12.9", "Pro 12.9\"", 1024, 1366, 24, 20, [24, 0, 20, 0], narrowPane: 375),
    ]

    /// The catalog device with this id, or nil. O(n) in the catalog size (21).
    public static func device(id: String) -> Device? {
        all.first { $0.id == id }
    }

    /// Catalog ids in catalog order.
    public static var ids: [String] { all.map(\.id) }

    private static func phone(
        _ id: String, _ models: String, _ width: Double, _ height: Double, _ scale: Double,
        _ top: Double, _ bottom: Double, _ landscape: [Double], _ landscapeWidthClass: SizeClass,
        uncertain: Bool = false
    ) -> Device {
        Device(
            id: id, models: models, portraitSize: PointSize(width: width, height: height), scale: scale,
            portraitSafeArea: SafeAreaInsets(top: top, bottom: bottom),
            landscapeSafeArea: SafeAreaInsets(top: landscape[0], left: landscape[1], bottom: landscape[2], right: landscape[3]),
            kind: .phone(landscapeWidthClass: landscapeWidthClass), uncertain: uncertain)
    }

    private static func pad(
        _ id: String, _ models: String, _ width: Double, _ height: Double,
        _ top: Double, _ bottom: Double, _ landscape: [Double], narrowPane: Double = 320
    ) -> Device {
        Device(
            id: id, models: models, portraitSize: PointSize(width: width, height: height), scale: 2,
            portraitSafeArea: SafeAreaInsets(top: top, bottom: bottom),
            landscapeSafeArea: SafeAreaInsets(top: landscape[0], left: landscape[1], bottom: landscape[2], right: landscape[3]),
            kind: .pad(narrowPaneWidth: narrowPane))
    }
}
