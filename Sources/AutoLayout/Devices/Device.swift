import LinearConstraints

/// A width and a height in points.
public struct PointSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size turned a quarter: width and height swapped.
    public var transposed: PointSize { PointSize(width: height, height: width) }

    /// `375×667` (numbers as JSON prints them).
    public var description: String { "\(formatJSONNumber(width))×\(formatJSONNumber(height))" }
}

/// A safe area's insets by physical side (not mirrored under right-to-left: the sensor housing
/// stays where it is). The same type as the model's `EdgeInsets`.
public typealias SafeAreaInsets = EdgeInsets

extension EdgeInsets: CustomStringConvertible {
    /// `top/left/bottom/right`, as `docs/uikit-rules.md` writes them: `0/44/21/44`.
    public var description: String {
        [top, left, bottom, right].map(formatJSONNumber).joined(separator: "/")
    }
}

/// What kind of hardware a device is: it decides the size classes and whether iPad split views exist.
public enum DeviceKind: Hashable, Sendable {
    /// An iPhone: wC hR in portrait; hC in landscape with the given width class.
    case phone(landscapeWidthClass: SizeClass)
    /// An iPad: wR hR full screen in both orientations; offers split views and slide over.
    case pad(narrowPaneWidth: Double)
    /// A device defined in a case file: one orientation, the size classes it declares.
    case custom(SizeClasses)
}

/// One device model of the catalog (or a custom device from a case file).
///
/// Sizes and insets are in points for the portrait orientation, plus the landscape safe area; a
/// `DeviceConfiguration` turns a device, an orientation and an optional split into the numbers a
/// layout uses. Facts: `docs/uikit-rules.md`, "Devices" and "Size classes".
public struct Device: Hashable, Sendable {
    /// Catalog id (`iphone-x`) or the custom device's id.
    public var id: String
    /// The marketing models sharing these numbers (`X, XS, 11 Pro`); empty for a custom device.
    public var models: String
    /// Screen size in points, portrait (for a custom device: as declared).
    public var portraitSize: PointSize
    /// Points to pixels: 1, 2 or 3 for real hardware.
    public var scale: Double
    /// Safe-area insets in portrait (for a custom device: as declared).
    public var portraitSafeArea: SafeAreaInsets
    /// Safe-area insets in landscape; equal to `portraitSafeArea` for a custom device (unused).
    public var landscapeSafeArea: SafeAreaInsets
    public var kind: DeviceKind
    /// Whether a catalog fact about this device is marked (uncertain) in `docs/uikit-rules.md`.
    public var uncertain: Bool

    public init(
        id: String, models: String, portraitSize: PointSize, scale: Double,
        portraitSafeArea: SafeAreaInsets, landscapeSafeArea: SafeAreaInsets,
        kind: DeviceKind, uncertain: Bool = false
    ) {
        self.id = id
        self.models = models
        self.portraitSize = portraitSize
        self.scale = scale
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
        self.kind = kind
        self.uncertain = uncertain
    }

    public var isPhone: Bool { if case .phone = kind { true } else { false } }
    public var isPad: Bool { if case .pad = kind { true } else { false } }
    public var isCustom: Bool { if case .custom = kind { true } else { false } }

    /// The orientations a layout may use: both for catalog devices, the declared one for custom.
    public var orientations: [DeviceOrientation] { isCustom ? [.portrait] : [.portrait, .landscape] }

    /// The split panes this device offers in `orientation` (none for phones and custom devices).
    public func splits(in orientation: DeviceOrientation) -> [SplitPane] {
        isPad ? SplitPane.allCases : []
    }

    /// Every configuration of the device: portrait, landscape, then each orientation's split panes.
    public var configurations: [DeviceConfiguration] {
        var result = orientations.map { DeviceConfiguration(uncheckedDevice: self, orientation: $0, split: nil) }
        for orientation in orientations {
            for split in splits(in: orientation) {
                result.append(DeviceConfiguration(uncheckedDevice: self, orientation: orientation, split: split))
            }
        }
        return result
    }
}
