import AutoLayout

/// What Strut knows of Interface Builder's view elements: which elements are views, which have an
/// intrinsic content size on which axes, and where their text's baselines sit.
///
/// Intrinsic sizes of text, images and controls come from fonts, images and artwork Strut cannot
/// measure, so they are taken from the frame Interface Builder stored (its own measurement, made
/// by Apple's engine). A view's `placeholderIntrinsicWidth`/`Height` (IB's "Intrinsic Size:
/// Placeholder") wins over the frame.
enum ViewKinds {
    /// Elements that are views when they appear in `<subviews>` or as a scene's or xib's root.
    static let views: Set<String> = [
        "view", "label", "button", "imageView", "textField", "textView", "switch", "slider", "stepper",
        "segmentedControl", "activityIndicatorView", "progressView", "pageControl", "datePicker", "pickerView",
        "stackView", "scrollView", "tableView", "collectionView", "tableViewCell", "collectionViewCell",
        "collectionReusableView", "tableViewCellContentView", "collectionViewCellContentView", "searchBar",
        "navigationBar", "toolbar", "tabBar", "visualEffectView", "containerView", "mapView", "webView",
        "wkWebView", "glkView", "mtkView", "sceneKitView", "arscnView", "arskView", "skView", "button",
        "imageButton", "control", "tableViewHeaderFooterView", "searchTextField", "colorWell", "pageViewControllerView",
    ]

    /// Keys of a view's children that are views placed by it (cells' content views, table headers).
    static let keyedSubviews: Set<String> = ["contentView", "tableHeaderView", "tableFooterView"]

    /// Axes on which an element of this kind has an intrinsic content size, or nil for none.
    static func intrinsicAxes(_ node: XMLNode) -> (width: Bool, height: Bool)? {
        switch node.name {
        case "label", "button", "textField", "switch", "segmentedControl", "activityIndicatorView", "pageControl",
            "stepper", "datePicker", "pickerView", "searchTextField":
            return (true, true)
        case "imageView":
            return node["image"] != nil || node.child("imageReference") != nil ? (true, true) : nil
        case "slider", "progressView", "searchBar", "navigationBar", "toolbar", "tabBar":
            return (false, true)
        case "textView":
            return node["scrollEnabled"] == "NO" ? (true, true) : nil
        default:
            return nil
        }
    }

    /// The view's intrinsic size: the placeholder IB declares, else the stored frame's size on the
    /// kind's intrinsic axes; nil when it has none.
    static func intrinsicSize(_ node: XMLNode, frame: LayoutRect?) -> (size: IntrinsicSize, fromFrame: Bool)? {
        let pw = node["placeholderIntrinsicWidth"], ph = node["placeholderIntrinsicHeight"]
        if pw != nil || ph != nil {
            func metric(_ s: String?) -> Double? { s.flatMap { $0 == "infinite" ? nil : Double($0) } }
            return (IntrinsicSize(width: metric(pw), height: metric(ph)), false)
        }
        guard let axes = intrinsicAxes(node), let frame else { return nil }
        return (IntrinsicSize(width: axes.width ? frame.width : nil, height: axes.height ? frame.height : nil), true)
    }

    /// The alignment rectangle insets of a kind whose frame is larger than what constraints
    /// align: UISwitch's 51-point frame aligns 49 points, 2 at the right (corpora/real: 14
    /// switches pinned by their trailing edge sit 2 points further right in Interface Builder
    /// than a 51-point alignment rectangle puts them), and so does Xcode 26's 63-point one (nRF
    /// Mesh's SetPublication and CoreBluetooth-Mock's Blinky cells: pinned to the content
    /// view's trailing margin, stored 2 points past it); UISlider's frame reaches 2 points past
    /// its alignment rectangle at either side in files saved before Xcode 26 (tools version
    /// below 24000; corpora/real: 7 sliders in nRF Mesh's xibs, 23727, and rocket.chat, 14109,
    /// each 4 points wider and 2 further left than the constraints that place it), and not in
    /// Xcode 26's redesigned controls (nRF Mesh's SetPublication storyboard, 24128: 3 sliders
    /// exactly where their constraints put them). UISegmentedControl's frame reaches 1 point
    /// below its alignment rectangle in files saved by Xcode 11 and later (tools version 15000
    /// and up, iOS 13's redesigned control; corpora/real: corona-warn-app's DiaryDay control,
    /// constrained 41 high, stored 42; three of Pyto's controls whose top and bottom or centre
    /// their constraints fix, stored 1 point taller at the same top; element's call transfer
    /// control, centred on a view, stored half a point higher than a 32-point rectangle puts it).
    static func alignmentInsets(_ node: XMLNode, frame: LayoutRect?, toolsVersion: Int) -> EdgeInsets? {
        switch node.name {
        case "switch" where frame?.width == 51 || frame?.width == 63: return EdgeInsets(top: 0, left: 0, bottom: 0, right: 2)
        case "slider" where toolsVersion < 24000: return EdgeInsets(top: 0, left: 2, bottom: 0, right: 2)
        case "segmentedControl" where toolsVersion >= 15000: return EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
        default: return nil
        }
    }

    /// Whether UIKit draws an element of this kind at its own size whatever its constraints say:
    /// UISwitch (corpora/real: switches constrained 47 and 50 wide are stored 49 and 52 wide, at
    /// the origins their constraints give them).
    static func drawnAtOwnSize(_ node: XMLNode) -> Bool { node.name == "switch" }

    /// Point sizes of the text styles (Dynamic Type at the default "Large" setting).
    static let textStyles: [String: Double] = [
        "UICTFontTextStyleLargeTitle": 34, "UICTFontTextStyleTitle0": 34, "UICTFontTextStyleTitle1": 28,
        "UICTFontTextStyleTitle2": 22, "UICTFontTextStyleTitle3": 20, "UICTFontTextStyleHeadline": 17,
        "UICTFontTextStyleBody": 17, "UICTFontTextStyleCallout": 16, "UICTFontTextStyleSubhead": 15,
        "UICTFontTextStyleFootnote": 13, "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
    ]

    /// The point size of the view's font (`<fontDescription>`), or the kind's default.
    static func pointSize(_ node: XMLNode) -> Double? {
        let font = node.child("fontDescription") ?? node.descendants { $0.name == "fontDescription" }.first
        if let font {
            if let s = font["pointSize"].flatMap(Double.init), s > 0 { return s }
            if let style = font["style"], let s = textStyles[style] { return s }
        }
        switch node.name {
        case "label", "textField", "textView": return 17
        case "button": return 15
        default: return nil
        }
    }

    /// Baselines of a text view from its font: the system font's ascender (0.952 of the size) and
    /// descender (0.241) around a line of 1.193 of the size, one line centred in the frame when the
    /// frame holds fewer than two lines, else lines from the top. An estimate: the glyph metrics
    /// of other fonts differ, and views aligned by baseline share a font more often than not.
    ///
    /// A label of a custom class whose stored frame is less than two lines of its declared font
    /// high but more than a point away from one line is drawn in another font: such classes set
    /// their font in code, and Interface Builder renders them (corona-warn-app's ENALabel declares
    /// 17 points and stores 26.5 high, a line of 22, and 14.5, a line of 12). Its one line fills
    /// the frame, and the font's size is the frame's height over 1.193: a 26.5-high ENALabel's
    /// first baseline, where an image's bottom is pinned, sits 21 points down in three
    /// cells' stored frames; the declared 17 put it at 19.3.
    static func baseline(_ node: XMLNode, frame: LayoutRect?) -> Baseline? {
        guard ["label", "button", "textField", "textView"].contains(node.name), var size = pointSize(node), let frame else { return nil }
        if node.name == "label", node["customClass"] != nil, frame.height > 0, frame.height < 2 * 1.193 * size,
           abs(frame.height - 1.193 * size) > 1 {
            size = frame.height / 1.193
        }
        let ascender = 0.952 * size, descender = 0.241 * size, line = 1.193 * size
        let offset = frame.height < 2 * line ? max(0, (frame.height - line) / 2) : 0
        let round = { (v: Double) in (v * 1000).rounded() / 1000 }
        return Baseline(first: round(offset + ascender), last: round(offset + descender))
    }
}
