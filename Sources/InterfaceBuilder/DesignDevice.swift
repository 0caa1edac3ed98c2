import AutoLayout

/// The device Interface Builder laid a document out on (`<device id="retina6_1"
/// orientation="portrait"/>`), as the screen Strut lays an imported screen out on.
///
/// Interface Builder names devices by screen class, not by model; the table gives each its
/// portrait size in points, its scale, and the safe-area insets of a full-screen view in portrait
/// (status bar, or sensor housing and home indicator). Files from before Xcode 8 carry
/// `<simulatedScreenMetrics key="destination" type="retina4_7">` instead; files with neither are
/// matched by their first screen's size.
struct DesignDevice: Hashable, Sendable {
    var ibID: String
    var portraitSize: PointSize
    var scale: Double
    /// Portrait top and bottom insets of a full-screen view.
    var top: Double
    var bottom: Double
    var isPad: Bool
    var landscape: Bool = false

    static let table: [DesignDevice] = [
        phone("retina3_5", 320, 480, 2, 20, 0),
        phone("retina4_0", 320, 568, 2, 20, 0),
        phone("retina4_7", 375, 667, 2, 20, 0),
        phone("retina5_5", 414, 736, 3, 20, 0),
        phone("retina5_9", 375, 812, 3, 44, 34),
        phone("retina5_4", 375, 812, 3, 50, 34),
        phone("retina6_1", 414, 896, 2, 44, 34),
        phone("retina6_5", 414, 896, 3, 44, 34),
        phone("retina6_12", 390, 844, 3, 47, 34),
        phone("retina6_7", 428, 926, 3, 47, 34),
        phone("retina6_0", 393, 852, 3, 59, 34),
        phone("retina6_72", 430, 932, 3, 59, 34),
        phone("retina6_3", 402, 874, 3, 62, 34),
        phone("retina6_9", 440, 956, 3, 62, 34),
        pad("ipad9_7", 768, 1024, 20, 0),
        pad("ipad7_9", 768, 1024, 20, 0),
        pad("ipad10_2", 810, 1080, 20, 0),
        pad("ipad10_5", 834, 1112, 20, 0),
        pad("ipad10_9rounded", 820, 1180, 24, 20),
        pad("ipad11", 834, 1194, 24, 20),
        pad("ipad12_9", 1024, 1366, 20, 0),
        pad("ipad12_9rounded", 1024, 1366, 24, 20),
        pad("ipad8_3", 744, 1133, 24, 20),
    ]

    private static func phone(_ id: String, _ w: Double, _ h: Double, _ scale: Double, _ top: Double, _ bottom: Double) -> DesignDevice {
        DesignDevice(ibID: id, portraitSize: PointSize(width: w, height: h), scale: scale, top: top, bottom: bottom, isPad: false)
    }

    private static func pad(_ id: String, _ w: Double, _ h: Double, _ top: Double, _ bottom: Double) -> DesignDevice {
        DesignDevice(ibID: id, portraitSize: PointSize(width: w, height: h), scale: 2, top: top, bottom: bottom, isPad: true)
    }

    /// The device of a document: its `<device>` element, else its simulated destination, else
    /// the table's device with the size of `fallbackSize`, else iPhone 8 (`retina4_7`).
    /// `toolsVersion` (the file's, `InterfaceBuilderImport.toolsVersion`) decides the XR's status bar.
    static func of(document: XMLNode, toolsVersion: Int, fallbackSize: PointSize?) -> (device: DesignDevice, note: String?) {
        var id = document.child("device")?["id"]
        let orientation = document.child("device")?["orientation"]
        if id == nil {
            id = document.descendants { $0.name == "simulatedScreenMetrics" && $0["key"] == "destination" }.first?["type"]
                .map { String($0.split(separator: ".").first ?? "") }
            if id == "retina4" { id = "retina4_0" }
        }
        if let id, var d = table.first(where: { $0.ibID == id }) {
            d.landscape = orientation == "landscape"
            // The iPhone XR and 11 have a 48-point status bar; Interface Builder simulates it
            // from Xcode 14 (tools 21000) on and 44 points before (corpora/real: inaturalist's
            // MeHeaderView, tools 21225, stored 4 points lower than 44 gives; corona-warn-app's
            // ExposureDetectionViewController, tools 19455, and vector-im's controllers, tools
            // 16096 to 18122, stored at 44).
            if d.ibID == "retina6_1", toolsVersion >= 21000 { d.top = 48 }
            return (d, nil)
        }
        if let size = fallbackSize {
            for d in table where d.portraitSize == size || d.portraitSize.transposed == size {
                var d = d
                d.landscape = d.portraitSize != size
                return (d, "design device \(id.map { "\"\($0)\" " } ?? "")not known; matched by the screen's size \(size)")
            }
        }
        return (table[2], "design device \(id.map { "\"\($0)\" " } ?? "")not known; laid out on retina4_7 (375×667)")
    }

    /// Screen size in the document's orientation.
    var screenSize: PointSize { landscape ? portraitSize.transposed : portraitSize }

    /// Size classes of the full screen: iPads regular both ways; phones compact width in
    /// portrait, compact height in landscape (regular width on the 414-point and wider ones).
    var sizeClasses: SizeClasses {
        if isPad { return SizeClasses(horizontal: .regular, vertical: .regular) }
        if !landscape { return SizeClasses(horizontal: .compact, vertical: .regular) }
        return SizeClasses(horizontal: portraitSize.width >= 414 ? .regular : .compact, vertical: .compact)
    }

    /// Safe-area insets of a full-screen view: portrait top/bottom; in landscape the sensor
    /// housing's side insets, 21 at the bottom on phones with a home indicator, no status bar.
    var screenSafeArea: EdgeInsets {
        guard landscape else { return EdgeInsets(top: top, left: 0, bottom: bottom, right: 0) }
        if isPad { return EdgeInsets(top: top, left: 0, bottom: bottom, right: 0) }
        if bottom == 0 { return EdgeInsets() }
        return EdgeInsets(top: 0, left: top, bottom: 21, right: top)
    }
}
