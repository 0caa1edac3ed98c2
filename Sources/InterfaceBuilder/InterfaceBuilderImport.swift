import AutoLayout
import Foundation
import LinearConstraints

/// What every screen of one document shares: the file's name, its design device, and an index of
/// its elements by Interface Builder id (constraints name items by id, variations name
/// constraints and subviews by id).
struct DocumentContext {
    var fileStem: String
    var device: DesignDevice
    var elementsByID: [String: XMLNode] = [:]
    var isStoryboard: Bool
    var usesSafeAreas: Bool
    /// Controllers some segue of the file leads to (ids).
    var segueDestinations: Set<String> = []
    /// Ids of view controllers shown in a navigation controller with large titles.
    var largeTitleControllers: Set<String> = []
    /// Ids of view controllers shown in a navigation controller (its root, and what it pushes),
    /// and those of them whose navigation controller hides its bar.
    var navigationControllers: Set<String> = []
    var hiddenNavigationBar: Set<String> = []
    /// Ids of view controllers shown in a navigation controller a segue presents modally in the
    /// default style (a sheet from Xcode 11).
    var presentedNavigation: Set<String> = []
    /// Ids of view controllers shown in a tab bar controller (its tabs, and what they push).
    var tabControllers: Set<String> = []
    /// View controllers presented as popovers: Interface Builder draws their content without the
    /// status bar and the screen's insets.
    var popoverControllers: Set<String> = []
    var initialController: String?
    /// The `toolsVersion` of the Interface Builder that saved the file (0 when absent).
    var toolsVersion = 0
}

/// Imports Interface Builder documents (`.storyboard`, `.xib`) as layout cases
/// (docs/interface-builder.md): every screen, with the frames Interface Builder stored as the
/// case's expectations.
public enum InterfaceBuilderImport {
    /// Imports the document `data`, read from `path`. Throws for a file that is not readable XML or
    /// not an iOS Interface Builder document; a screen that cannot become a valid case is listed
    /// in `failedScreens` and the others are still imported.
    public static func importDocument(_ data: Data, path: String) throws(XMLReadError) -> FileImport {
        let root = try XMLTree.read(data)
        guard root.name == "document" else {
            throw XMLReadError(line: root.line, element: root.name, message: "not an Interface Builder document (its root element is <\(root.name)>, not <document>)")
        }
        let type = root["type"] ?? ""
        guard type.contains("CocoaTouch") || root["targetRuntime"] == "iOS.CocoaTouch" else {
            throw XMLReadError(line: root.line, element: "document", message: "not an iOS Interface Builder document (type \"\(type)\", runtime \"\(root["targetRuntime"] ?? "")\"); Strut lays out UIKit screens")
        }
        guard root["useAutolayout"] == "YES" else {
            throw XMLReadError(line: root.line, element: "document", message: "the document does not use Auto Layout (useAutolayout is not YES); its views are placed by autoresizing masks alone")
        }
        var out = FileImport(path: path)
        let stem = fileStem(path)
        let all = [root] + root.descendants { _ in true }
        let firstRootSize = all.first { $0["key"] == "view" || $0.name == "view" }.flatMap { ScreenBuilder.rect($0.keyed("frame")) }
        let tools = toolsVersion(root["toolsVersion"])
        let (device, note) = DesignDevice.of(document: root, toolsVersion: tools, fallbackSize: firstRootSize.map { PointSize(width: $0.width, height: $0.height) })
        if let note { out.notes.append(note) }
        var context = DocumentContext(
            fileStem: stem, device: device, isStoryboard: type.contains("Storyboard"), usesSafeAreas: root["useSafeAreas"] == "YES")
        for n in all { if let id = n["id"] { context.elementsByID[id] = n } }
        let contained = containedControllers(all)
        context.navigationControllers = contained.navigation
        context.hiddenNavigationBar = contained.hiddenBar
        context.tabControllers = contained.tabs
        context.largeTitleControllers = contained.largeTitles
        context.presentedNavigation = contained.presentedNavigation
        context.segueDestinations = Set(all.filter { $0.name == "segue" }.compactMap { $0["destination"] })
        context.popoverControllers = Set(all.filter { $0.name == "segue" && $0["kind"] == "popoverPresentation" }.compactMap { $0["destination"] })
        context.initialController = root["initialViewController"]
        context.toolsVersion = tools
        var usedNames: Set<String> = []
        for screen in screens(root, context: context) {
            var name = screen.name
            var k = 2
            while usedNames.contains(name.lowercased()) { name = "\(screen.name)-\(k)"; k += 1 }
            usedNames.insert(name.lowercased())
            do throws(CaseError) {
                let imported = try build(screen, name: name, context: context)
                out.screens.append(imported)
            } catch {
                out.failedScreens.append((name, error.description))
            }
        }
        return out
    }

    /// The `toolsVersion` attribute as a number: Xcode writes some with a build suffix
    /// ("16097.3", "14490.70"), and the version is the part before the dot; 0 when absent or
    /// not a number.
    static func toolsVersion(_ attribute: String?) -> Int {
        Int((attribute ?? "").prefix { $0 != "." }) ?? 0
    }

    /// `Main.storyboard` -> `Main`.
    static func fileStem(_ path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return base.split(separator: ".").first.map(String.init) ?? base
    }

    struct Screen {
        var name: String
        var root: XMLNode
        /// The view controller, for a scene's root view.
        var controller: XMLNode?
        var isCell: Bool
        /// A cell that is a top-level object of a xib, not a prototype inside a table or
        /// collection view.
        var standsAlone = false
        /// A prototype or static cell of a table view that is its controller's root view.
        var inRootTable = false
    }

    /// The screens of a document: each scene's root view and each top-level view of a xib, then
    /// every table and collection view cell (prototype, static or top-level) as a screen of its own.
    static func screens(_ root: XMLNode, context: DocumentContext) -> [Screen] {
        var out: [Screen] = []
        var cells: [XMLNode] = []
        var alone = Set<ObjectIdentifier>(), rootTable = Set<ObjectIdentifier>()
        func collectCells(_ n: XMLNode) {
            cells += n.descendants { $0.name == "tableViewCell" || $0.name == "collectionViewCell" || $0.name == "collectionReusableView" }
        }
        if let scenes = root.child("scenes") {
            for scene in scenes.children where scene.name == "scene" {
                for controller in scene.child("objects")?.children ?? [] {
                    guard let view = controller.children.first(where: { $0["key"] == "view" && ViewKinds.views.contains($0.name) }) else { continue }
                    out.append(Screen(name: sceneName(controller, scene: scene), root: view, controller: controller, isCell: false))
                    collectCells(view)
                    if view.name == "tableView" {
                        let nested = view.descendants { $0.name == "tableView" }.flatMap { $0.descendants { $0.name == "tableViewCell" } }
                        let own = Set(view.descendants { $0.name == "tableViewCell" }.map(ObjectIdentifier.init))
                        rootTable.formUnion(own.subtracting(nested.map(ObjectIdentifier.init)))
                    }
                }
            }
        } else if let objects = root.child("objects") {
            for top in objects.children where ViewKinds.views.contains(top.name) {
                if ["tableViewCell", "collectionViewCell", "collectionReusableView"].contains(top.name) {
                    cells.append(top)
                    alone.insert(ObjectIdentifier(top))
                } else {
                    out.append(Screen(name: viewName(top, fallback: "view"), root: top, controller: nil, isCell: false))
                    collectCells(top)
                }
            }
        }
        for cell in cells {
            out.append(Screen(name: viewName(cell, fallback: cell.name), root: cell, controller: nil, isCell: true,
                              standsAlone: alone.contains(ObjectIdentifier(cell)), inRootTable: rootTable.contains(ObjectIdentifier(cell))))
        }
        return out
    }

    static func sceneName(_ controller: XMLNode, scene: XMLNode) -> String {
        for key in ["storyboardIdentifier", "title", "customClass", "userLabel"] {
            if let v = controller[key], !slug(v).isEmpty { return slug(v) }
        }
        return slug(controller.name + "-" + (scene["sceneID"] ?? controller["id"] ?? ""))
    }

    static func viewName(_ view: XMLNode, fallback: String) -> String {
        for key in ["reuseIdentifier", "customClass", "userLabel"] {
            if let v = view[key], !slug(v).isEmpty { return slug(v) }
        }
        return slug(fallback + "-" + (view["id"] ?? ""))
    }

    /// Letters, digits, `.`, `_` and `-` only.
    static func slug(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) ? Character($0) : "-" })
            .split(separator: "-", omittingEmptySubsequences: true).joined(separator: "-")
    }

    /// The controllers Interface Builder draws with a bar (ids), from the segues between them.
    struct ContainedControllers {
        /// Inside a navigation controller: its root and every controller pushed from one inside.
        var navigation: Set<String> = []
        /// Those of them whose navigation controller hides its bar.
        var hiddenBar: Set<String> = []
        /// Inside a tab bar controller: its tabs, through navigation controllers, and what they
        /// push up to a controller that hides the bottom bar when pushed.
        var tabs: Set<String> = []
        /// Inside a navigation controller whose bar prefers large titles.
        var largeTitles: Set<String> = []
        /// Inside a navigation controller a segue presents modally in the default style.
        var presentedNavigation: Set<String> = []
    }

    static func containedControllers(_ all: [XMLNode]) -> ContainedControllers {
        var segues: [String: [(kind: String, relationship: String?, destination: String)]] = [:]
        var kinds: [String: String] = [:]
        var barHidden: Set<String> = [], largeTitleBars: Set<String> = [], hidesBottomBar: Set<String> = []
        var fullScreen: Set<String> = []
        for n in all where n["sceneMemberID"] == "viewController" {
            guard let id = n["id"] else { continue }
            kinds[id] = n.name
            if let style = n["modalPresentationStyle"], fullScreenStyles.contains(style) { fullScreen.insert(id) }
            if n["navigationBarHidden"] == "YES" { barHidden.insert(id) }
            if n["hidesBottomBarWhenPushed"] == "YES" { hidesBottomBar.insert(id) }
            if n.name == "navigationController", n.child("navigationBar")?["largeTitles"] == "YES" { largeTitleBars.insert(id) }
            segues[id] = n.descendants { $0.name == "segue" }.compactMap { s in
                s["destination"].map { (s["kind"] ?? "", s["relationship"], $0) }
            }
        }
        // What is pushed from `start`, and the tabs of a tab bar controller among them: a tab bar
        // controller pushed onto a navigation stack shows its tabs under the stack's bar, large
        // titles included (corpora/real: tinode's AddByIDViewController, a tab of a tab bar
        // controller pushed in a large-title navigation controller, stored 96 points lower than
        // without the bar).
        // A controller pushed with hidesBottomBarWhenPushed hides the tab bar for itself and for
        // everything pushed after it, until it is popped (corpora/real: inaturalist's
        // TaxonMapViewController, pushed after ObsDetailV2ViewController, stored without a tab bar).
        func pushed(from start: Set<String>, intoTabs: Bool = true, stoppingAt stop: Set<String> = []) -> Set<String> {
            var seen = start, queue = Array(start)
            while let id = queue.popLast() {
                for s in segues[id] ?? [] where !seen.contains(s.destination) && !stop.contains(s.destination) {
                    let tab = intoTabs && kinds[id] == "tabBarController" && s.kind == "relationship" && s.relationship == "viewControllers"
                    guard ["show", "push"].contains(s.kind) || tab else { continue }
                    seen.insert(s.destination)
                    queue.append(s.destination)
                }
            }
            return seen
        }
        var navRoots: Set<String> = [], hiddenRoots: Set<String> = [], largeRoots: Set<String> = [], tabRoots: Set<String> = []
        var presentedRoots: Set<String> = []
        let presented = Set(all.filter { ["presentation", "modal"].contains($0["kind"] ?? "") && !fullScreenStyles.contains($0["modalPresentationStyle"] ?? "") }
            .compactMap { $0["destination"] })
        for (id, kind) in kinds {
            for s in segues[id] ?? [] where s.kind == "relationship" {
                if kind == "navigationController", s.relationship == "rootViewController" {
                    navRoots.insert(s.destination)
                    if barHidden.contains(id) { hiddenRoots.insert(s.destination) }
                    if largeTitleBars.contains(id) { largeRoots.insert(s.destination) }
                    if presented.contains(id), !fullScreen.contains(id) { presentedRoots.insert(s.destination) }
                }
                if kind == "tabBarController", s.relationship == "viewControllers" {
                    if kinds[s.destination] == "navigationController" {
                        tabRoots.formUnion((segues[s.destination] ?? []).filter { $0.relationship == "rootViewController" }.map(\.destination))
                    } else {
                        tabRoots.insert(s.destination)
                    }
                }
            }
        }
        return ContainedControllers(navigation: pushed(from: navRoots), hiddenBar: pushed(from: hiddenRoots),
                                    tabs: pushed(from: tabRoots, intoTabs: false, stoppingAt: hidesBottomBar), largeTitles: pushed(from: largeRoots),
                                    presentedNavigation: pushed(from: presentedRoots))
    }

    /// Modal presentation styles that cover the screen (no sheet).
    static let fullScreenStyles: Set<String> = ["fullScreen", "overFullScreen", "currentContext", "overCurrentContext"]
}
