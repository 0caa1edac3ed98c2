import AutoLayout
import Cassowary
import Foundation
import LinearConstraints
import Testing
@testable import InterfaceBuilder

/// `InterfaceBuilderImport` on a storyboard written the way Xcode writes them, with frames worked
/// out by hand from UIKit's rules: every screen imports, carries what Auto Layout uses, and lays
/// out to the stored frames.
@Suite struct ImportTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14490" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav">
            <device id="retina4_7" orientation="portrait"><adaptation id="fullscreen"/></device>
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar"><rect key="frame" x="0.0" y="20" width="375" height="44"/></navigationBar>
                            <connections><segue destination="vc" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController storyboardIdentifier="Profile" id="vc" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
                                    <label opaque="NO" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Name" translatesAutoresizingMaskIntoConstraints="NO" id="L" userLabel="Title label">
                                        <rect key="frame" x="16" y="84" width="100" height="21"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    </label>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="V">
                                        <rect key="frame" x="0.0" y="105" width="375" height="211"/>
                                        <constraints>
                                            <constraint firstAttribute="width" secondItem="V" secondAttribute="height" multiplier="16:9" id="ratio"/>
                                            <constraint firstAttribute="height" constant="50" placeholder="YES" id="ph"/>
                                            <constraint firstAttribute="height" constant="10" id="varC"/>
                                        </constraints>
                                        <variation key="default"><mask key="constraints"><exclude reference="varC"/></mask></variation>
                                        <variation key="heightClass=compact"><mask key="constraints"><include reference="varC"/></mask></variation>
                                    </view>
                                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="S">
                                        <rect key="frame" x="20" y="326" width="335" height="48"/>
                                        <subviews>
                                            <label text="A" translatesAutoresizingMaskIntoConstraints="NO" id="A"><rect key="frame" x="0.0" y="0.0" width="335" height="20"/></label>
                                            <label text="B" translatesAutoresizingMaskIntoConstraints="NO" id="B"><rect key="frame" x="0.0" y="28" width="335" height="20"/></label>
                                        </subviews>
                                    </stackView>
                                    <view contentMode="scaleToFill" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="F">
                                        <rect key="frame" x="10" y="600" width="30" height="30"/>
                                    </view>
                                    <tableView clipsSubviews="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="T" misplaced="YES">
                                        <rect key="frame" x="0.0" y="640" width="375" height="20"/>
                                        <prototypes>
                                            <tableViewCell reuseIdentifier="Basic" id="cell">
                                                <rect key="frame" x="0.0" y="28" width="375" height="44"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                                <tableViewCellContentView key="contentView" preservesSuperviewLayoutMargins="YES" id="cv">
                                                    <rect key="frame" x="0.0" y="0.0" width="375" height="43.5"/>
                                                    <autoresizingMask key="autoresizingMask"/>
                                                    <subviews>
                                                        <label text="Row" translatesAutoresizingMaskIntoConstraints="NO" id="cl"><rect key="frame" x="16" y="11" width="343" height="21.5"/></label>
                                                    </subviews>
                                                    <constraints>
                                                        <constraint firstItem="cl" firstAttribute="leading" secondItem="cv" secondAttribute="leadingMargin" id="c1"/>
                                                        <constraint firstItem="cl" firstAttribute="trailing" secondItem="cv" secondAttribute="trailingMargin" id="c2"/>
                                                        <constraint firstItem="cl" firstAttribute="top" secondItem="cv" secondAttribute="topMargin" id="c3"/>
                                                        <constraint firstItem="cl" firstAttribute="bottom" secondItem="cv" secondAttribute="bottomMargin" id="c4"/>
                                                    </constraints>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                        </prototypes>
                                    </tableView>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="safe"/>
                                <constraints>
                                    <constraint firstItem="L" firstAttribute="top" secondItem="safe" secondAttribute="top" constant="20" id="k1"/>
                                    <constraint firstItem="L" firstAttribute="leading" secondItem="root" secondAttribute="leadingMargin" id="k2"/>
                                    <constraint firstItem="V" firstAttribute="leading" secondItem="safe" secondAttribute="leading" id="k3"/>
                                    <constraint firstItem="safe" firstAttribute="trailing" secondItem="V" secondAttribute="trailing" id="k4"/>
                                    <constraint firstItem="V" firstAttribute="top" secondItem="L" secondAttribute="bottom" id="k5"/>
                                    <constraint firstItem="S" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="k6"/>
                                    <constraint firstAttribute="trailing" secondItem="S" secondAttribute="trailing" constant="20" id="k7"/>
                                    <constraint firstItem="S" firstAttribute="top" secondItem="V" secondAttribute="bottom" constant="10" id="k8"/>
                                    <constraint firstItem="L" firstAttribute="baseline" secondItem="L" secondAttribute="baseline" priority="250" id="k9"/>
                                    <constraint firstItem="T" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="t1"/>
                                    <constraint firstItem="T" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="t2"/>
                                    <constraint firstItem="T" firstAttribute="top" secondItem="S" secondAttribute="bottom" constant="10" id="t3"/>
                                    <constraint firstItem="T" firstAttribute="bottom" secondItem="root" secondAttribute="bottom" id="t4"/>
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static func imported() throws -> FileImport {
        try InterfaceBuilderImport.importDocument(Data(storyboard.utf8), path: "App/Main.storyboard")
    }

    /// Lays out `c` on its own device under the explicit engine.
    static func layout(_ c: LayoutCase) throws -> LayoutResult {
        let tree = try c.validate()
        let configuration = try #require(try c.deviceConfigurations()?.first)
        var engine = LayoutEngine(tree: tree, solver: CassowarySolver())
        return try engine.layout(on: configuration)
    }

    @Test func everySceneRootAndEveryPrototypeCellIsAScreen() throws {
        let r = try Self.imported()
        #expect(r.failedScreens.isEmpty)
        #expect(r.screens.map(\.fileName) == ["Main-Profile.json", "Main-Basic.json"])
        #expect(r.screens.map(\.layoutCase.name) == ["Main-Profile", "Main-Basic"])
    }

    @Test func theScreenCarriesViewsKindsAndNamesFromInterfaceBuilder() throws {
        let c = try Self.imported().screens[0].layoutCase
        #expect(c.views.map(\.id) == ["root", "titleLabel1", "view1", "stackView1", "label1", "label2", "view2", "tableView1"])
        let label = try #require(c.views.first { $0.id == "titleLabel1" })
        #expect(label.intrinsicSize == IntrinsicSize(width: 100, height: 21))
        #expect(label.hugging == AxisPriorities(horizontal: Priority(251), vertical: Priority(251)))
        #expect(label.baseline != nil)
        let stack = try #require(c.views.first { $0.id == "stackView1" }?.stack)
        #expect(stack.axis == .vertical)
        #expect(stack.spacing == .points(8))
        #expect(stack.arranged == ["label1", "label2"])
        #expect(c.views.first { $0.id == "tableView1" }?.scroll == true)
    }

    @Test func constraintsAreConvertedWithIBsDefaultsAndPlaceholdersDropped() throws {
        let s = try Self.imported().screens[0]
        let texts = "\(s.layoutCase.constraints)"
        #expect(s.layoutCase.constraints.contains { $0.first.attribute == .width && $0.second?.attribute == .height && abs($0.multiplier - 16.0 / 9) < 1e-12 })
        #expect(s.layoutCase.constraints.contains { $0.first.item == ItemReference("titleLabel1") && $0.second?.item == ItemReference("root", guide: .safeArea) && $0.constant == 20 })
        #expect(s.layoutCase.constraints.contains { $0.first.attribute == .lastBaseline && $0.priority == Priority(250) })
        #expect(!s.layoutCase.constraints.contains { $0.constant == 50 }, "\(texts)")
        #expect(s.report.dropped["placeholder constraint (removed at build time, as Xcode does)"] == 1)
        let compactOnly = try #require(s.layoutCase.constraints.first { $0.constant == 10 && $0.first.attribute == .height })
        #expect(compactOnly.when == SizeClassCondition(vertical: .compact))
        #expect(s.layoutCase.constraints.filter { $0.identifier == "IB-auto-generated-at-build-time-for-view-with-fixed-frame" }.count == 4)
    }

    @Test func theDeviceIsTheDesignDeviceWithTheSimulatedNavigationBar() throws {
        let c = try Self.imported().screens[0].layoutCase
        guard case .custom(let d)? = c.devices?.first else { Issue.record("no custom device"); return }
        #expect(d.id == "ib-retina4_7")
        #expect(d.portraitSize == PointSize(width: 375, height: 667))
        #expect(d.scale == 2)
        #expect(d.portraitSafeArea == EdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
    }

    @Test func storedFramesAreTheExpectationsAndMisplacedViewsAreKeptApart() throws {
        let c = try Self.imported().screens[0].layoutCase
        let e = try #require(c.expect.first)
        #expect(e.tolerance == InterfaceBuilderImport.tolerance)
        #expect(e.frames?.map(\.view).contains("tableView1") == false)
        #expect(e.misplaced?.map(\.view) == ["tableView1"])
        #expect(e.frames?.first { $0.view == "view1" }?.frame == LayoutRect(x: 0, y: 105, width: 375, height: 211))
    }

    @Test func theImportedScreensLayOutToInterfaceBuildersFrames() throws {
        for s in try Self.imported().screens {
            let result = try Self.layout(s.layoutCase)
            let configuration = try #require(try s.layoutCase.deviceConfigurations()?.first)
            #expect(s.layoutCase.mismatches(result, on: configuration) == [], "\(s.fileName)")
            #expect(result.conflicts.isEmpty, "\(s.fileName): \(result.conflicts)")
        }
    }

    @Test func aCellIsLaidOutWithTheTablesMarginsAndItsContentViewFollows() throws {
        let cell = try Self.imported().screens[1].layoutCase
        #expect(cell.views[0].layoutMargins == DirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16))
        #expect(cell.views[0].respectsSystemMinimumLayoutMargins == false)
        let result = try Self.layout(cell)
        #expect(result.frame(of: "label1") == LayoutRect(x: 16, y: 11, width: 343, height: 21.5))
    }

    @Test func aRefusedConstraintIsDroppedAndCountedNotFatal() throws {
        let text = Self.storyboard.replacingOccurrences(
            of: "<constraint firstItem=\"S\" firstAttribute=\"leading\" secondItem=\"root\" secondAttribute=\"leading\" constant=\"20\" id=\"k6\"/>",
            with: "<constraint firstItem=\"S\" firstAttribute=\"leading\" secondItem=\"root\" secondAttribute=\"leading\" constant=\"20\" id=\"k6\"/><constraint firstItem=\"S\" firstAttribute=\"top\" secondItem=\"root\" secondAttribute=\"width\" id=\"bad\"/><constraint firstItem=\"S\" firstAttribute=\"top\" secondItem=\"nowhere\" secondAttribute=\"top\" id=\"bad2\"/>")
        let r = try InterfaceBuilderImport.importDocument(Data(text.utf8), path: "Main.storyboard")
        let dropped = r.screens[0].report.dropped
        #expect(dropped.keys.contains { $0.hasPrefix("constraint UIKit refuses") }, "\(dropped)")
        #expect(dropped["constraint to an unknown item"] == 1, "\(dropped)")
    }

    @Test func documentsThatAreNotIOSInterfaceBuilderFilesAreRefusedWithTheReason() throws {
        func message(_ text: String) -> String {
            do { _ = try InterfaceBuilderImport.importDocument(Data(text.utf8), path: "x.xib"); return "" } catch { return error.description }
        }
        #expect(message("<plist version=\"1.0\"><dict/></plist>").contains("not an Interface Builder document"))
        #expect(message("<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" targetRuntime=\"MacOSX.Cocoa\" useAutolayout=\"YES\"/>").contains("not an iOS Interface Builder document"))
        #expect(message("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" targetRuntime=\"iOS.CocoaTouch\"/>").contains("does not use Auto Layout"))
    }

    /// The margins a cell gets by where it stands and which Xcode saved it (corpora/real): a
    /// collection view cell alone in a xib the system minimum at its sides, a prototype in a
    /// collection view a plain view's 8, and any cell in a file saved before Xcode 9 8 all round.
    @Test func aCellsMarginsFollowWhereItStandsAndWhichXcodeSavedIt() throws {
        func margins(_ text: String, path: String = "Cell.xib") throws -> DirectionalEdgeInsets? {
            try #require(try InterfaceBuilderImport.importDocument(Data(text.utf8), path: path).screens.first).layoutCase.views[0].layoutMargins
        }
        let collection = #"<collectionViewCell id="c1"><rect key="frame" x="0.0" y="0.0" width="375" height="50"/></collectionViewCell>"#
        let table = #"<tableViewCell id="t1"><rect key="frame" x="0.0" y="0.0" width="375" height="44"/></tableViewCell>"#
        #expect(try margins(Self.xib(tools: "14460.31", collection)) == DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
        #expect(try margins(Self.xib(tools: "14460.31", table)) == DirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16))
        #expect(try margins(Self.xib(tools: "12121", table)) == DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
        let prototype = Self.xib(tools: "24128", """
            <view id="v1"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/><subviews>
                <collectionView id="cv1"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/><cells>\(collection)</cells></collectionView>
            </subviews></view>
            """)
        let cell = try InterfaceBuilderImport.importDocument(Data(prototype.utf8), path: "View.xib").screens.first { ($0.layoutCase.description ?? "").contains("(cell") }
        #expect(try #require(cell).layoutCase.views[0].layoutMargins == DirectionalEdgeInsets.defaultMargins)
    }

    /// A table view cell's content view has the cell's margins less how far its edges stand
    /// inside the cell's, at least 8: beside an accessory its trailing margin is 8.
    @Test func aContentViewBesideAnAccessoryHasAPlainTrailingMargin() throws {
        func contentMargins(_ width: String) throws -> DirectionalEdgeInsets? {
            let text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="24128" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
                    <device id="retina6_1" orientation="portrait"/>
                    <objects>
                        <tableViewCell accessoryType="disclosureIndicator" id="t1"><rect key="frame" x="0.0" y="0.0" width="414" height="77"/>
                            <tableViewCellContentView key="contentView" id="cv1"><rect key="frame" x="0.0" y="0.0" width="\(width)" height="77"/></tableViewCellContentView>
                        </tableViewCell>
                    </objects>
                </document>
                """
            let views = try #require(try InterfaceBuilderImport.importDocument(Data(text.utf8), path: "Cell.xib").screens.first).layoutCase.views
            return views.first { $0.id.hasPrefix("tableViewCellContentView") }?.layoutMargins
        }
        #expect(try contentMargins("383.5") == DirectionalEdgeInsets(top: 11, leading: 20, bottom: 11, trailing: 8))
        #expect(try contentMargins("414") == DirectionalEdgeInsets(top: 11, leading: 20, bottom: 11, trailing: 20))
    }

    /// Controls whose frame is larger than what their constraints align: a 51-point switch (and
    /// Xcode 26's 63-point one) by 2 at the right, a slider by 2 at either side until Xcode 26
    /// redesigned it.
    @Test func switchesAndSlidersAlignTheirRectanglesNotTheirFrames() throws {
        func insets(_ tools: String) throws -> [String: EdgeInsets?] {
            let text = Self.xib(tools: tools, """
                <view id="v1"><rect key="frame" x="0.0" y="0.0" width="375" height="200"/><subviews>
                    <switch id="s1"><rect key="frame" x="10" y="10" width="51" height="31"/></switch>
                    <slider id="s2"><rect key="frame" x="10" y="60" width="166" height="34"/></slider>
                    <switch id="s3"><rect key="frame" x="10" y="110" width="63" height="28"/></switch>
                </subviews></view>
                """)
            let views = try #require(try InterfaceBuilderImport.importDocument(Data(text.utf8), path: "V.xib").screens.first).layoutCase.views
            return Dictionary(uniqueKeysWithValues: views.dropFirst().map { ($0.id, $0.alignmentRectInsets) })
        }
        let before = try insets("23727"), after = try insets("24128")
        #expect(before["switch1"] == EdgeInsets(top: 0, left: 0, bottom: 0, right: 2))
        #expect(before["slider1"] == EdgeInsets(top: 0, left: 2, bottom: 0, right: 2))
        #expect(after["slider1"] == .some(nil))
        #expect(after["switch2"] == EdgeInsets(top: 0, left: 0, bottom: 0, right: 2))
    }

    /// From Xcode 11 a segmented control's frame reaches 1 point below what its constraints
    /// align (corona-warn-app's DiaryDay control, constrained 41 high, is stored 42 high); one
    /// with a fixed frame keeps its stored frame; before Xcode 11 frame and rectangle are one.
    @Test func aSegmentedControlFrameReachesAPointBelowItsAlignmentRectangle() throws {
        func frames(_ tools: String) throws -> [String: LayoutRect] {
            let text = Self.xib(tools: tools, """
                <view id="v1"><rect key="frame" x="0.0" y="0.0" width="375" height="200"/><subviews>
                    <segmentedControl translatesAutoresizingMaskIntoConstraints="NO" id="g1"><rect key="frame" x="16" y="10" width="300" height="42"/>
                        <constraints><constraint firstAttribute="height" constant="41" id="c1"/></constraints></segmentedControl>
                    <segmentedControl fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="g2"><rect key="frame" x="20" y="100" width="280" height="29"/></segmentedControl>
                </subviews>
                <constraints>
                    <constraint firstItem="g1" firstAttribute="leading" secondItem="v1" secondAttribute="leading" constant="16" id="c2"/>
                    <constraint firstItem="g1" firstAttribute="top" secondItem="v1" secondAttribute="top" constant="10" id="c3"/>
                </constraints></view>
                """)
            let screen = try #require(try InterfaceBuilderImport.importDocument(Data(text.utf8), path: "V.xib").screens.first)
            return Dictionary(uniqueKeysWithValues: try Self.layout(screen.layoutCase).frames.map { ($0.view, $0.frame) })
        }
        let xcode12 = try frames("17701"), xcode10 = try frames("14490")
        #expect(xcode12["segmentedControl1"] == LayoutRect(x: 16, y: 10, width: 300, height: 42))
        #expect(xcode12["segmentedControl2"] == LayoutRect(x: 20, y: 100, width: 280, height: 29))
        #expect(xcode10["segmentedControl1"] == LayoutRect(x: 16, y: 10, width: 300, height: 41))
        #expect(xcode10["segmentedControl2"] == LayoutRect(x: 20, y: 100, width: 280, height: 29))
    }

    /// UIKit draws a switch at its own size: constrained 47 wide, it is stored 49 wide at the
    /// origin its constraints give it (rocket.chat's CheckTableViewCell), and a view pinned to
    /// its trailing edge sees the solved 47.
    @Test func aSwitchIsDrawnAtItsOwnSizeFromItsSolvedOrigin() throws {
        let text = Self.xib(tools: "14109", """
            <view id="v1"><rect key="frame" x="0.0" y="0.0" width="320" height="72"/><subviews>
                <switch translatesAutoresizingMaskIntoConstraints="NO" id="s1"><rect key="frame" x="100" y="20" width="49" height="31"/>
                    <constraints><constraint firstAttribute="width" constant="47" id="c3"/></constraints></switch>
                <view translatesAutoresizingMaskIntoConstraints="NO" id="w1"><rect key="frame" x="157" y="20" width="10" height="10"/>
                    <constraints>
                        <constraint firstAttribute="width" constant="10" id="c6"/>
                        <constraint firstAttribute="height" constant="10" id="c7"/>
                    </constraints></view>
            </subviews>
            <constraints>
                <constraint firstItem="s1" firstAttribute="leading" secondItem="v1" secondAttribute="leading" constant="100" id="c1"/>
                <constraint firstItem="s1" firstAttribute="top" secondItem="v1" secondAttribute="top" constant="20" id="c2"/>
                <constraint firstItem="w1" firstAttribute="leading" secondItem="s1" secondAttribute="trailing" constant="10" id="c4"/>
                <constraint firstItem="w1" firstAttribute="top" secondItem="v1" secondAttribute="top" constant="20" id="c5"/>
            </constraints></view>
            """)
        let screen = try #require(try InterfaceBuilderImport.importDocument(Data(text.utf8), path: "V.xib").screens.first)
        #expect(screen.layoutCase.views.first { $0.id == "switch1" }?.fixedSize == true)
        #expect(screen.layoutCase.views.first { $0.id == "view1" }?.fixedSize == nil)
        let frames = Dictionary(uniqueKeysWithValues: try Self.layout(screen.layoutCase).frames.map { ($0.view, $0.frame) })
        #expect(frames["switch1"] == LayoutRect(x: 100, y: 20, width: 49, height: 31))
        #expect(frames["view1"]?.x == 157)
    }

    /// A label of a custom class stored a line of another font high is drawn in that font (its
    /// class sets it in code): its baseline follows the frame, not the declared 17 points. A plain
    /// label as high keeps the declared font, one line centred (corona-warn-app's ENALabel).
    @Test func aCustomLabelStoredALineOfAnotherFontHighTakesItsBaselineFromTheFrame() throws {
        let text = Self.xib(tools: "24128", """
            <view id="v1"><rect key="frame" x="0.0" y="0.0" width="375" height="200"/><subviews>
                <label text="Title" customClass="AppLabel" id="l1"><rect key="frame" x="10" y="10" width="200" height="26.5"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/></label>
                <label text="Title" id="l2"><rect key="frame" x="10" y="60" width="200" height="26.5"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/></label>
                <label text="Body" customClass="AppLabel" id="l3"><rect key="frame" x="10" y="100" width="200" height="20.5"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/></label>
            </subviews></view>
            """)
        let views = try #require(try InterfaceBuilderImport.importDocument(Data(text.utf8), path: "V.xib").screens.first).layoutCase.views
        let first = Dictionary(uniqueKeysWithValues: views.dropFirst().map { ($0.id, $0.baseline?.first ?? -1) })
        // 26.5 / 1.193 = 22.2 points: ascender 0.952 of it, the line filling the frame.
        #expect(abs((first["label1"] ?? 0) - 21.15) < 0.01, "\(first)")
        // The declared 17 points: a line of 20.28 centred in 26.5, ascender 16.18.
        #expect(first["label2"] == 19.293)
        // A line of the declared font (20.28, within a point of 20.5) is that font.
        #expect(first["label3"] == 16.293)
    }

    @Test func anUnknownDesignDeviceIsMatchedByTheScreensSizeAndSaidSo() throws {
        let text = Self.storyboard.replacingOccurrences(of: "<device id=\"retina4_7\"", with: "<device id=\"retina9_9\"")
        let r = try InterfaceBuilderImport.importDocument(Data(text.utf8), path: "Main.storyboard")
        #expect(r.notes.contains { $0.contains("retina9_9") && $0.contains("375×667") }, "\(r.notes)")
    }

    /// A tab bar controller pushed onto a large-title navigation stack: its tabs are drawn under
    /// the stack's bar, large titles included, and above the tab bar (tinode's
    /// AddByIDViewController in corpora/real); a popover's content has no status bar (rocket.chat's
    /// drawing popovers).
    @Test func theTabsOfATabBarControllerPushedInANavigationStackHaveItsBar() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14490" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav">
                <device id="retina4_7" orientation="portrait"><adaptation id="fullscreen"/></device>
                <scenes>
                    <scene sceneID="s1"><objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" largeTitles="YES" id="bar"><rect key="frame" x="0.0" y="20" width="375" height="96"/></navigationBar>
                            <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                        </navigationController>
                    </objects></scene>
                    <scene sceneID="s2"><objects>
                        <viewController storyboardIdentifier="List" id="list" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="listRoot"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/></view>
                            <connections>
                                <segue destination="tabs" kind="show" id="p1"/>
                                <segue destination="pop" kind="popoverPresentation" id="p2"><popoverArrowDirection key="popoverArrowDirection" up="YES"/></segue>
                            </connections>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="s5"><objects>
                        <viewController storyboardIdentifier="Pop" id="pop" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="popRoot"><rect key="frame" x="0.0" y="0.0" width="200" height="200"/></view>
                            <size key="freeformSize" width="200" height="200"/>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="s3"><objects>
                        <tabBarController id="tabs" sceneMemberID="viewController">
                            <tabBar key="tabBar" contentMode="scaleToFill" id="tb"><rect key="frame" x="0.0" y="0.0" width="1000" height="49"/></tabBar>
                            <connections><segue destination="tab" kind="relationship" relationship="viewControllers" id="t1"/></connections>
                        </tabBarController>
                    </objects></scene>
                    <scene sceneID="s4"><objects>
                        <viewController storyboardIdentifier="Tab" id="tab" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="tabRoot">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <viewLayoutGuide key="safeArea" id="safe"/>
                            </view>
                        </viewController>
                    </objects></scene>
                </scenes>
            </document>
            """
        let insets = try Self.safeAreas(text)
        #expect(insets["Main-List"] == EdgeInsets(top: 116, left: 0, bottom: 0, right: 0))
        #expect(insets["Main-Tab"] == EdgeInsets(top: 116, left: 0, bottom: 49, right: 0))
        #expect(insets["Main-Pop"] == EdgeInsets())
    }

    /// A scene holding one view controller whose root fills a retina4_7 screen and has a safe area.
    static func controllerScene(_ id: String, attributes: String = "", connections: String = "") -> String {
        """
                <scene sceneID="s-\(id)"><objects>
                    <viewController storyboardIdentifier="\(id)" \(attributes) id="\(id)" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="root-\(id)">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <viewLayoutGuide key="safeArea" id="safe-\(id)"/>
                        </view>
                        \(connections.isEmpty ? "" : "<connections>\(connections)</connections>")
                    </viewController>
                </objects></scene>
        """
    }

    /// A storyboard of `scenes` on retina4_7, saved by Interface Builder `tools`.
    static func storyboard(tools: String = "22154", initial: String, _ scenes: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" initialViewController="\(initial)">
            <device id="retina4_7" orientation="portrait" appearance="light"/>
            <scenes>
        \(scenes.joined(separator: "\n"))
            </scenes>
        </document>
        """
    }

    /// A xib saved by the tools version `tools`, designed on `device` (a 375-point phone unless
    /// said), with or without safe areas, holding `objects`.
    static func xib(tools: String, device: String = "retina4_7", safeAreas: Bool = false, _ objects: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(tools)" targetRuntime="iOS.CocoaTouch" useAutolayout="YES"\(safeAreas ? #" useSafeAreas="YES""# : "")>
            <device id="\(device)" orientation="portrait"/>
            <objects>
        \(objects)
            </objects>
        </document>
        """
    }

    /// The portrait safe area of every screen `text` imports to, by screen name.
    static func safeAreas(_ text: String, path: String = "Main.storyboard") throws -> [String: EdgeInsets] {
        let r = try InterfaceBuilderImport.importDocument(Data(text.utf8), path: path)
        return Dictionary(uniqueKeysWithValues: r.screens.compactMap { s in
            guard case .custom(let d)? = s.layoutCase.devices?.first else { return nil }
            return (s.layoutCase.name, d.portraitSafeArea)
        })
    }

    /// Xcode writes some tools versions with a build suffix ("16097.3", "14490.70"); the version is
    /// the number before the dot. Read as 0, a controller in a file saved by Xcode 11.5 was drawn
    /// with the status bar, where Interface Builder draws it as a sheet (vector-im's
    /// SecretsRecoveryWithKeyViewController in corpora/real: its scroll view at y = 0).
    @Test(arguments: [("16097.3", 0.0), ("14490.70", 20.0), ("16097", 0.0)])
    func aToolsVersionWithABuildSuffixIsReadAsItsNumber(tools: String, top: Double) throws {
        #expect(InterfaceBuilderImport.toolsVersion(tools) == Int(tools.prefix { $0 != "." }))
        let text = Self.storyboard(tools: tools, initial: "Only", [Self.controllerScene("Only")])
        #expect(try Self.safeAreas(text) == ["Main-Only": EdgeInsets(top: top, left: 0, bottom: 0, right: 0)])
    }

    /// The iPhone XR and 11 (`retina6_1`) have a 48-point status bar, which Interface Builder
    /// simulates from Xcode 14 on (inaturalist's MeHeaderView in corpora/real) and not before
    /// (corona-warn-app's ExposureDetectionViewController, saved by Xcode 13: 44).
    @Test(arguments: [("21225", 48.0), ("19455", 44.0)])
    func theXRsStatusBarFollowsTheXcodeThatSavedTheFile(tools: String, top: Double) throws {
        let text = Self.xib(tools: tools, device: "retina6_1", safeAreas: true, """
            <view contentMode="scaleToFill" id="v1">
                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                <viewLayoutGuide key="safeArea" id="safe"/>
            </view>
            """)
        #expect(try Array(Self.safeAreas(text, path: "Header.xib").values) == [EdgeInsets(top: top, left: 0, bottom: 34, right: 0)])
    }

    /// Since Xcode 11 a controller a segue presents modally is drawn as a sheet, without the
    /// status bar (inaturalist's AddCommentViewController); one no segue leads to, which the app
    /// instantiates from code, full screen with it (inaturalist's taxonPhoto).
    @Test func aControllerNoSegueLeadsToKeepsTheStatusBar() throws {
        let text = Self.storyboard(initial: "First", [
            Self.controllerScene("First", connections: #"<segue destination="Presented" kind="presentation" id="p1"/>"#),
            Self.controllerScene("Presented"), Self.controllerScene("FromCode"),
        ])
        #expect(try Self.safeAreas(text).mapValues(\.top) == ["Main-First": 20, "Main-Presented": 0, "Main-FromCode": 20])
    }

    /// Since Xcode 11 a navigation controller a segue presents modally is a sheet: no status bar,
    /// and a 56-point bar (Hackers' TextSelectionViewController, its text view at y 56); one
    /// presented full screen keeps the status bar and a 44-point bar.
    @Test(arguments: [("", 56.0), (#"modalPresentationStyle="fullScreen""#, 64.0)])
    func aNavigationControllerPresentedAsASheetHasAFiftySixPointBar(style: String, top: Double) throws {
        let text = Self.storyboard(initial: "First", [
            Self.controllerScene("First", connections: #"<segue destination="nav" kind="presentation" id="p1"/>"#),
            """
                <scene sceneID="s2"><objects>
                    <navigationController \(style) id="nav" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar"><rect key="frame" x="0.0" y="0.0" width="375" height="56"/></navigationBar>
                        <connections><segue destination="Root" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                    </navigationController>
                </objects></scene>
            """,
            Self.controllerScene("Root"),
        ])
        #expect(try Self.safeAreas(text).mapValues(\.top) == ["Main-First": 20, "Main-Root": top])
    }

    /// A controller pushed with hidesBottomBarWhenPushed hides the tab bar for itself and for all
    /// that is pushed after it (inaturalist's TaxonMapViewController, pushed after
    /// ObsDetailV2ViewController, is stored without the tab bar).
    @Test func theTabBarStaysHiddenAboveAControllerThatHidesIt() throws {
        func show(_ to: String) -> String { #"<segue destination="\#(to)" kind="show" id="to-\#(to)"/>"# }
        let text = Self.storyboard(initial: "tabs", [
            """
                <scene sceneID="s1"><objects>
                    <tabBarController id="tabs" sceneMemberID="viewController">
                        <tabBar key="tabBar" contentMode="scaleToFill" id="tb"><rect key="frame" x="0.0" y="0.0" width="375" height="49"/></tabBar>
                        <connections><segue destination="nav" kind="relationship" relationship="viewControllers" id="t1"/></connections>
                    </tabBarController>
                </objects></scene>
                <scene sceneID="s2"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar"><rect key="frame" x="0.0" y="20" width="375" height="44"/></navigationBar>
                        <connections><segue destination="List" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                    </navigationController>
                </objects></scene>
            """,
            Self.controllerScene("List", connections: show("Detail")),
            Self.controllerScene("Detail", attributes: #"hidesBottomBarWhenPushed="YES""#, connections: show("Map")),
            Self.controllerScene("Map"),
        ])
        #expect(try Self.safeAreas(text).mapValues(\.bottom) == ["Main-List": 49, "Main-Detail": 0, "Main-Map": 0])
    }

    /// A table inside a controller's view, in a file laid out without safe areas, gives its cells
    /// 16-point side margins on a 414-point phone, where a table that is the controller's root
    /// view gives 20 (iNaturalist's MainStoryboard: obsDetailV2's table and the root tables beside
    /// it); with safe areas both give 20 (nRF Mesh's Configuration).
    @Test(arguments: [(false, 16.0, 20.0), (true, 20.0, 20.0)])
    func anInnerTablesCellsInAFileWithoutSafeAreasHaveSixteenPointMargins(safeAreas: Bool, inner: Double, root: Double) throws {
        let cell = { (id: String) in
            #"<prototypes><tableViewCell reuseIdentifier="\#(id)" id="\#(id)"><rect key="frame" x="0.0" y="0.0" width="414" height="44"/></tableViewCell></prototypes>"#
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22154" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" \(safeAreas ? #"useSafeAreas="YES""# : "") initialViewController="outer">
                <device id="retina5_5" orientation="portrait" appearance="light"/>
                <scenes>
                    <scene sceneID="s1"><objects>
                        <viewController id="outer" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="outerRoot">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="736"/>
                                <subviews>
                                    <tableView style="grouped" id="innerTable"><rect key="frame" x="0.0" y="50" width="414" height="686"/>\(cell("Inner"))</tableView>
                                </subviews>
                            </view>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="s2"><objects>
                        <tableViewController id="list" sceneMemberID="viewController">
                            <tableView key="view" style="plain" id="rootTable"><rect key="frame" x="0.0" y="0.0" width="414" height="736"/>\(cell("Root"))</tableView>
                        </tableViewController>
                    </objects></scene>
                </scenes>
            </document>
            """
        let r = try InterfaceBuilderImport.importDocument(Data(text.utf8), path: "Main.storyboard")
        let sides = Dictionary(uniqueKeysWithValues: r.screens.map { ($0.layoutCase.name, $0.layoutCase.views[0].layoutMargins?.leading) })
        #expect(sides["Main-Inner"] == inner)
        #expect(sides["Main-Root"] == root)
    }

    /// An image view showing a system symbol, named either way Interface Builder writes it, is
    /// counted among what the import leaves out: its alignment rectangle depends on the glyph.
    @Test func aSystemSymbolImagesAlignmentRectangleIsCountedAsLeftOut() throws {
        let text = Self.xib(tools: "23727", device: "retina6_1", safeAreas: true, """
            <view contentMode="scaleToFill" id="v1">
                <rect key="frame" x="0.0" y="0.0" width="200" height="200"/>
                <subviews>
                    <imageView image="person" catalog="system" translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0.0" y="1.33" width="128" height="125.33"/></imageView>
                    <imageView translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0.0" y="0.0" width="80" height="80"/><imageReference key="image" image="person.2" catalog="system"/></imageView>
                    <imageView image="logo" translatesAutoresizingMaskIntoConstraints="NO" id="c"><rect key="frame" x="0.0" y="0.0" width="80" height="80"/></imageView>
                </subviews>
            </view>
            """)
        let r = try InterfaceBuilderImport.importDocument(Data(text.utf8), path: "Symbols.xib")
        let dropped = try #require(r.screens.first).report.dropped
        #expect(dropped.filter { $0.key.contains("system symbol") }.map(\.value) == [2], "\(dropped)")
    }
}
