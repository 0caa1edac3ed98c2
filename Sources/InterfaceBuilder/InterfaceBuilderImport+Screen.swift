import AutoLayout
import LinearConstraints

extension InterfaceBuilderImport {
    /// The points of frame Interface Builder's stored frames may differ from Strut's and still
    /// agree: IB stores frames to fractions of a point, rounded to its own pixel grid.
    public static let tolerance = 0.5

    /// Builds one screen's case: the view tree, the pre-iOS 11 layout guides, the constraints,
    /// the device (the design device at the root's size, with the bars Interface Builder
    /// simulates), and the stored frames as expectations. Constraints UIKit would refuse are
    /// dropped one at a time, each counted with the reason the case reader gives.
    static func build(_ screen: Screen, name: String, context: DocumentContext) throws(CaseError) -> ImportedScreen {
        let device = context.device
        var b = ScreenBuilder(document: context, name: "\(context.fileStem)-\(name)", classes: device.sizeClasses)
        b.visit(screen.root, superview: nil)
        if screen.isCell {
            cellRoot(&b.views, screen.root, standsAlone: screen.standsAlone, inRootTable: screen.inRootTable,
                     usesSafeAreas: context.usesSafeAreas, toolsVersion: context.toolsVersion)
        }
        for g in screen.controller?.child("layoutGuides")?.children ?? [] where g.name == "viewControllerLayoutGuide" {
            if let id = g["id"] { b.guides[id] = .layoutGuide(top: g["type"] == "top") }
        }
        b.convertConstraints()
        let rootFrame = ScreenBuilder.rect(screen.root.keyed("frame"))
        let size = rootFrame.map { PointSize(width: $0.width, height: $0.height) } ?? device.screenSize
        let safe = safeArea(screen, rootFrame: rootFrame, size: size, context: context)
        let deviceID = "ib-\(device.ibID)\(device.landscape ? "-landscape" : "")"
        let custom = Device(
            id: deviceID, models: "", portraitSize: size, scale: device.scale, portraitSafeArea: safe, landscapeSafeArea: safe,
            kind: .custom(device.sizeClasses))
        let intrinsic = b.report.intrinsicFromFrames
        var layoutCase = LayoutCase(
            name: b.name,
            description: "Imported by strut import from \(context.fileStem) (\(screen.isCell ? "cell" : screen.controller == nil ? "view" : "scene") \(name)) on Interface Builder's design device \(device.ibID) at \(size). The expected frames are the ones Interface Builder stored, computed by Apple's engine, within \(formatJSONNumber(tolerance)) pt; misplaced views are kept apart. \(intrinsic == 0 ? "No intrinsic size was estimated." : "The intrinsic sizes of \(intrinsic) text, image and control views are their stored frames' sizes (Strut cannot measure text): set intrinsicSize to override.")",
            root: "root", views: b.views, constraints: b.constraints,
            devices: [.custom(custom)])
        layoutCase.expect = [DeviceExpectation(
            device: deviceID, frames: b.frames, ambiguous: b.ambiguousMarks, tolerance: tolerance,
            misplaced: b.misplaced.isEmpty ? nil : b.misplaced)]
        try dropRefused(&layoutCase, report: &b.report)
        b.report.views = layoutCase.views.count
        b.report.constraints = layoutCase.constraints.count
        b.report.misplaced = b.misplaced.count
        let stem = slug(context.fileStem) + "-" + slug(name)
        return ImportedScreen(fileName: stem + ".json", layoutCase: layoutCase, report: b.report)
    }

    /// A cell laid out as a screen of its own is not a view controller's root: no system minimum
    /// margins. A table view cell takes its table's margins: 11 points top and bottom, at the
    /// sides the system minimum of 16 or, 414 points wide and wider, 20 (corpora/real's cells
    /// show these). A collection view cell has a plain view's 8, except at the sides of one that
    /// stands alone in a xib, which Interface Builder gives the system minimum too (rocket.chat's
    /// ChatMessageCell and TextAttachmentCell; nRF Mesh's prototype cells in a storyboard show 8).
    /// A file saved before Xcode 9 (tools version below 13000) was laid out for iOS 10 and
    /// earlier, whose cells had a plain view's 8 all round (iNaturalist's TaxonCell, 12121, and
    /// ObservationFieldValueSwitchCell, 7706).
    static func cellRoot(_ views: inout [ViewSpec], _ node: XMLNode, standsAlone: Bool, inRootTable: Bool, usesSafeAreas: Bool, toolsVersion: Int) {
        views[0].respectsSystemMinimumLayoutMargins = false
        guard views[0].layoutMargins == nil else { return }
        let plain = DirectionalEdgeInsets.defaultMargins.top
        let isTable = node.name == "tableViewCell"
        let beforeiOS11 = toolsVersion > 0 && toolsVersion < 13000
        // A table inside a controller's view (not the controller's root view) in a file laid out
        // without safe areas gives its cells 16 at every width (corpora/real: iNaturalist's
        // obsDetailV2 table, 414 wide, six cells laid out by constraints and two of the built-in
        // styles, whose labels Interface Builder draws afresh, at 16; two cells at 20, one of
        // them identical to one at 16). With safe areas such a table's cells follow the width
        // (nRF Mesh's Configuration: a built-in style's label at 20 on a 414-point phone).
        let inner = isTable && !standsAlone && !inRootTable && !usesSafeAreas
        let systemMinimum: Double = (views[0].frame?.width ?? 0) >= 414 && !inner ? 20 : 16
        let side = beforeiOS11 || !(isTable || standsAlone) ? plain : systemMinimum
        let vertical = isTable && !beforeiOS11 ? 11 : plain
        let margins = DirectionalEdgeInsets(top: vertical, leading: side, bottom: vertical, trailing: side)
        views[0].layoutMargins = margins
        guard isTable else { return }
        // The content view's margins are the cell's (corpora/real: 16 or 20 at the sides in
        // cells whose content view does not say it preserves its superview's margins too), less
        // how far its edges stand inside the cell's, and never below a plain view's 8: beside an
        // accessory, which narrows the content view by 26 to 31 points, the trailing margin is 8
        // (nRF Mesh's Groups and SetPublication cells, whose labels end 8 points short of the
        // content view's edge).
        let cellWidth = views[0].frame?.width
        for k in views.indices.dropFirst() where views[k].superview == views[0].id && views[k].id.hasPrefix("tableViewCellContentView") {
            guard views[k].layoutMargins == nil else { continue }
            var own = margins
            if let cellWidth, let f = views[k].frame {
                own.leading = max(plain, margins.leading - max(0, f.x))
                own.trailing = max(plain, margins.trailing - max(0, cellWidth - f.x - f.width))
            }
            views[k].layoutMargins = own
        }
    }

    /// Removes the constraints the case validation refuses (UIKit would refuse them too), one at a
    /// time, counting each reason; any other validation error is the screen's failure.
    static func dropRefused(_ c: inout LayoutCase, report: inout ScreenReport) throws(CaseError) {
        while true {
            do throws(CaseError) {
                _ = try c.validate()
                return
            } catch {
                guard error.path.hasPrefix("$.constraints["), let end = error.path.firstIndex(of: "]"),
                    let k = Int(error.path[error.path.index(error.path.startIndex, offsetBy: 14)..<end]), k < c.constraints.count
                else { throw error }
                c.constraints.remove(at: k)
                report.drop("constraint UIKit refuses: \(Self.reasonWithoutText(error.message))")
            }
        }
    }

    /// A validation message without the constraint's own text, so that reasons count together.
    static func reasonWithoutText(_ message: String) -> String {
        guard let q = message.range(of: " in \"") else { return message }
        return String(message[..<q.lowerBound])
    }

    /// The root's safe area. A scene's root view: the design device's insets plus the bars
    /// Interface Builder simulates (a navigation bar for a controller with a navigation item or a
    /// simulated top bar, 96 points with large titles; a tab bar or toolbar for a controller with
    /// a tab bar item or a simulated bottom bar), less the part of them the root's frame lies
    /// outside. A xib's top-level view at the screen's size gets the screen's insets; other
    /// top-level views and cells get none.
    static func safeArea(_ screen: Screen, rootFrame: LayoutRect?, size: PointSize, context: DocumentContext) -> EdgeInsets {
        let device = context.device
        let screenSafe = device.screenSafeArea
        guard let controller = screen.controller else {
            return size == device.screenSize && !screen.isCell ? screenSafe : EdgeInsets()
        }
        // A popover's content is drawn without the status bar and the screen's insets
        // (corpora/real: rocket.chat's drawing popovers, 200x200 and 200x65, store their content
        // 8 points below the top of the root; artsy's freeform controllers, pushed in a
        // navigation controller, keep the status bar).
        let id = controller["id"] ?? ""
        let popover = context.popoverControllers.contains(id)
        var top = popover ? 0 : screenSafe.top, bottom = popover ? 0 : screenSafe.bottom
        let compactHeight = device.landscape && !device.isPad
        // `<nil key="simulated...">` turns a bar off; a metrics element turns it on; without
        // either, Interface Builder infers the bars from the controller's items.
        let inNavigation = context.navigationControllers.contains(id), inTabs = context.tabControllers.contains(id)
        // A navigation controller presented as a sheet (Xcode 11 and later) is drawn without the
        // status bar, and its bar is 56 points high, not 44 (corpora/real: every such navigation
        // controller stores its bar at y 0, 56 high: Hackers, Pyto, Tofu, tinode, element,
        // iNaturalist).
        let inSheetNavigation = context.toolsVersion >= 15000 && context.presentedNavigation.contains(id) && !inTabs
        if device.top <= 20 && !popover {
            // Since Xcode 11 (tools 15000) a controller presented modally in the default style is
            // drawn as a sheet, without the status bar; full-screen presentation and containers
            // keep it (corpora/real: 13 of 38 such roots on retina4_7 have no status bar). So
            // does a controller no segue of the file leads to, which the app instantiates from
            // code (inaturalist's taxonPhoto, tinode's CredentialsViewController).
            let style = controller["modalPresentationStyle"] ?? ""
            let presented = context.initialController == id ? context.toolsVersion < 18000 : context.segueDestinations.contains(id)
            let sheet = context.toolsVersion >= 15000 && presented && !inNavigation && !inTabs && !fullScreenStyles.contains(style)
            if controller.keyed("simulatedStatusBarMetrics")?.name == "nil" || sheet || inSheetNavigation { top = 0 }
        }
        let simulatedTop = controller.keyed("simulatedTopBarMetrics")
        let hasNavigation = simulatedTop.map { $0.name != "nil" } ?? (inNavigation && !context.hiddenNavigationBar.contains(id))
        if hasNavigation {
            top += compactHeight ? 32 : inSheetNavigation && device.top <= 20 ? 56 : 44
            if simulatedTop?["prompted"] == "YES" { top += 30 }
            if context.largeTitleControllers.contains(id),
                controller.keyed("navigationItem")?["largeTitleDisplayMode"] != "never", !compactHeight {
                top += 52
            }
        }
        let simulatedBottom = controller.keyed("simulatedBottomBarMetrics")
        if controller["hidesBottomBarWhenPushed"] != "YES" {
            if simulatedBottom?.name == "simulatedToolbarMetrics" {
                bottom += compactHeight ? 32 : 44
            } else if simulatedBottom?.name == "simulatedTabBarMetrics" || (simulatedBottom == nil && inTabs) {
                bottom += 49
            }
        }
        var r = rootFrame ?? LayoutRect(x: 0, y: 0, width: size.width, height: size.height)
        let h = device.screenSize.height
        // A root shorter than the screen by the top bars, stored at y = 0, sits below them
        // (opaque bars: Interface Builder shrinks the root and does not always move it).
        if r.y == 0, h - r.height >= top - 0.5, top > 0, hasNavigation || top > screenSafe.top { r.y = top }
        let t = min(size.height, max(0, top - r.y))
        let bt = min(size.height - t, max(0, r.y + r.height - (h - bottom)))
        return EdgeInsets(top: t, left: popover ? 0 : min(screenSafe.left, size.width / 2), bottom: bt, right: popover ? 0 : min(screenSafe.right, size.width / 2))
    }
}
