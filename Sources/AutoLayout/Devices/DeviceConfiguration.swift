/// The system minimum layout margins of a view controller's root view, by direction (leading and
/// trailing follow the layout direction).
public typealias SystemMinimumMargins = DirectionalEdgeInsets

extension DirectionalEdgeInsets {
    /// UIKit's minimum for a root view: 16 leading/trailing, 20 at regular width and on phones
    /// 414 points wide or wider in portrait (whose width class is compact), 0 top and bottom
    /// (`docs/uikit-rules.md`, "Layout margins, safe area and guides").
    public static func systemMinimum(wide: Bool) -> SystemMinimumMargins {
        let side: Double = wide ? 20 : 16
        return SystemMinimumMargins(top: 0, leading: side, bottom: 0, trailing: side)
    }
}

/// A device held one way up, optionally showing the app in an iPad split pane: everything a
/// layout needs to know about the screen (`iphone-x`, `iphone-x:landscape`,
/// `ipad-pro-12.9:landscape:half`).
public struct DeviceConfiguration: Hashable, Sendable, CustomStringConvertible {
    public let device: Device
    public let orientation: DeviceOrientation
    public let split: SplitPane?

    /// A configuration of `device`.
    /// - Throws: `DeviceError.orientationUnavailable` for landscape on a custom device,
    ///   `DeviceError.splitUnavailable` for a split on anything but an iPad.
    public init(device: Device, orientation: DeviceOrientation = .portrait, split: SplitPane? = nil)
        throws(DeviceError)
    {
        guard device.orientations.contains(orientation) else {
            throw .orientationUnavailable(device: device.id, orientation: orientation.rawValue)
        }
        if let split, !device.splits(in: orientation).contains(split) {
            throw .splitUnavailable(device: device.id, split: split.rawValue)
        }
        self.init(uncheckedDevice: device, orientation: orientation, split: split)
    }

    init(uncheckedDevice device: Device, orientation: DeviceOrientation, split: SplitPane?) {
        self.device = device
        self.orientation = orientation
        self.split = split
    }

    /// Canonical id: the device id, then `:landscape` when landscape, then `:portrait` or
    /// `:landscape` and the pane for a split (`ipad:portrait:third`). Parsing it gives this back.
    public var id: String {
        var text = device.id
        if orientation == .landscape || split != nil { text += ":" + orientation.rawValue }
        if let split { text += ":" + split.rawValue }
        return text
    }

    public var description: String { id }

    /// The full screen's size in points in this orientation.
    public var fullScreenSize: PointSize {
        orientation == .portrait ? device.portraitSize : device.portraitSize.transposed
    }

    /// Size in points of the app's window: the screen, or the split pane. The root view's frame.
    public var screenSize: PointSize {
        let full = fullScreenSize
        guard let split, case .pad(let narrow) = device.kind else { return full }
        return PointSize(width: split.width(screenWidth: full.width, narrowPaneWidth: narrow), height: full.height)
    }

    /// Points to pixels.
    public var scale: Double { device.scale }

    /// The pixel grid frames snap to.
    public var pixelGrid: PixelGrid { PixelGrid(uncheckedScale: device.scale) }

    /// The window's safe-area insets: the device's for the orientation; for a split pane the top
    /// and bottom of those with no left or right inset (see `SplitPane`).
    public var safeArea: SafeAreaInsets {
        let full = orientation == .portrait ? device.portraitSafeArea : device.landscapeSafeArea
        guard split != nil else { return full }
        return SafeAreaInsets(top: full.top, left: 0, bottom: full.bottom, right: 0)
    }

    /// Horizontal and vertical size classes (`docs/uikit-rules.md`, "Size classes").
    public var sizeClasses: SizeClasses {
        switch device.kind {
        case .custom(let declared):
            return declared
        case .phone(let landscapeWidth):
            return orientation == .portrait
                ? SizeClasses(horizontal: .compact, vertical: .regular)
                : SizeClasses(horizontal: landscapeWidth, vertical: .compact)
        case .pad:
            guard split != nil else { return SizeClasses(horizontal: .regular, vertical: .regular) }
            return SizeClasses(horizontal: SplitPane.widthClass(paneWidth: screenSize.width), vertical: .regular)
        }
    }

    /// The root view's system minimum layout margins for this configuration's width class.
    public var systemMinimumLayoutMargins: SystemMinimumMargins {
        .systemMinimum(wide: sizeClasses.horizontal == .regular || (!device.isPad && device.portraitSize.width >= 414))
    }
}
