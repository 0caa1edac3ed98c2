import LinearConstraints
import PropertyBased
import Testing

@testable import AutoLayout

@Suite struct ViewTreeTests {
    func tree(_ text: String = sampleCaseText) throws -> ViewTree { try LayoutCase(jsonText: text).validate() }

    @Test func viewsComeFirstInTheItemArenaThenEachViewsGuides() throws {
        let t = try tree()
        #expect(t.views.map(\.id) == ["main", "v1", "sv", "a", "b", "scroller"])
        for i in 0..<t.views.count {
            #expect(t.items[i] == LayoutItem(kind: .view, owner: ViewIndex(i), name: t.views[i].id))
        }
        // main: safeArea, margins, readable, then its custom guide g1; then v1's three guides ...
        #expect(t.items[6...9].map(\.name) == ["main.safeArea", "main.margins", "main.readable", "g1"])
        #expect(t.items[9].kind == .customGuide && t.items[9].owner == t.root)
        let scroller = try #require(t.view(id: "scroller"))
        let guides = t[scroller].guides
        #expect(guides.content.map { t[$0].name } == "scroller.content")
        #expect(guides.frameGuide.map { t[$0].name } == "scroller.frameGuide")
        #expect(t[t.view(id: "v1")!].guides.content == nil)
        #expect(t.items.count == 6 + 6 * 3 + 2 + 1)
    }

    @Test func referencesResolveToItems() throws {
        let t = try tree()
        #expect(t.item(ItemReference("main")) == ItemIndex(0))
        #expect(t.item(ItemReference("main", guide: .margins)).map { t[$0].name } == "main.margins")
        #expect(t.item(ItemReference("g1")).map { t[$0].name } == "g1")
        #expect(t.item(ItemReference("g1", guide: .safeArea)) == nil)
        #expect(t.item(ItemReference("v1", guide: .content)) == nil)
        #expect(t.item(ItemReference("nope")) == nil)
        #expect(t.view(id: "g1") == nil)
    }

    @Test func hierarchyHasSubviewsInOrderDepthsAndPreorder() throws {
        let t = try tree()
        #expect(t[t.root].subviews.map { t[$0].id } == ["v1", "sv", "scroller"])
        #expect(t[t.view(id: "sv")!].subviews.map { t[$0].id } == ["a", "b"])
        #expect(t.views.map(\.depth) == [0, 1, 1, 2, 2, 1])
        #expect(t.preorder.map { t[$0].id } == ["main", "v1", "sv", "a", "b", "scroller"])
        #expect(t.isAncestor(t.root, of: t.view(id: "b")!))
        #expect(!t.isAncestor(t.view(id: "v1")!, of: t.view(id: "b")!))
    }

    @Test func uikitDefaultsFillWhatTheFileLeavesOut() throws {
        let t = try tree()
        let a = t[t.view(id: "a")!]
        #expect(a.translatesAutoresizingMask == false)  // the case's defaults
        #expect(a.autoresizing == [] && a.frame == nil && !a.isHidden)
        #expect(a.hugging == AxisPriorities(horizontal: .defaultLow, vertical: .defaultLow))
        #expect(a.compressionResistance == AxisPriorities(horizontal: .defaultHigh, vertical: .defaultHigh))
        #expect(a.layoutMargins == .defaultMargins && a.insetsLayoutMarginsFromSafeArea && !a.preservesSuperviewLayoutMargins)
        #expect(a.alignmentRectInsets == .zero && a.semanticContentAttribute == .unspecified && a.baseline == nil)
        #expect(a.intrinsicSize == IntrinsicSize(width: nil, height: nil))
        let v1 = t[t.view(id: "v1")!]
        #expect(v1.translatesAutoresizingMask && v1.autoresizing.rawValue == 33)
        #expect(v1.autoresizing.description == "h=&-- v=--&")
        #expect(v1.layoutMargins.resolved(.rightToLeft) == EdgeInsets(top: 8, left: 8, bottom: 8, right: 40))
        let plain = try LayoutCase(jsonText: #"{"strut": 1, "name": "n", "root": "r", "views": [{"id": "r"}, {"id": "x", "superview": "r"}]}"#).validate()
        #expect(plain[ViewIndex(1)].translatesAutoresizingMask)  // UIKit's default for views made in code
        #expect(plain.layoutDirection == .leftToRight && plain.respectsSystemMinimumLayoutMargins)
        #expect(plain.additionalSafeAreaInsets == .zero)
    }

    @Test func rootCarriesTheViewControllersSettings() throws {
        let t = try tree()
        #expect(t.additionalSafeAreaInsets == EdgeInsets(top: 50))
        #expect(!t.respectsSystemMinimumLayoutMargins)
        #expect(t.layoutDirection == .rightToLeft)
        #expect(t.effectiveLayoutDirection(of: t.view(id: "v1")!, base: .rightToLeft) == .leftToRight)  // playback
        #expect(t.effectiveLayoutDirection(of: t.view(id: "a")!, base: .rightToLeft) == .rightToLeft)
    }

    @Test func stacksResolveArrangedViewsAndDefaults() throws {
        let t = try tree()
        let stack = try #require(t[t.view(id: "sv")!].stack)
        #expect(stack.arranged.map { t[$0].id } == ["a", "b"])
        #expect(stack.customSpacing(after: t.view(id: "a")!) == 40 && stack.customSpacing(after: t.view(id: "b")!) == nil)
        #expect(stack.axis == .vertical && stack.spacing == .system && stack.baselineRelativeArrangement)
        var c = LayoutCase(name: "s", root: "r", views: [ViewSpec(id: "r"), ViewSpec(id: "s", superview: "r")])
        c.views[1].stack = StackSpec()
        let bare = try #require(try c.validate()[ViewIndex(1)].stack)
        #expect(bare.axis == .horizontal && bare.distribution == .fill && bare.alignment == .fill && bare.spacing == .points(0))
        #expect(bare.arranged.isEmpty && !bare.layoutMarginsRelativeArrangement)
    }

    @Test func constraintsResolveToAnchorsOnItems() throws {
        let t = try tree()
        #expect(t.constraints.count == 4)
        let first = t.constraints[0]
        #expect(first.first == Anchor(ItemIndex(1), .top))
        #expect(first.second.map { t[$0.item].name } == "main.safeArea")
        let half = t.constraints[1]
        #expect(half.multiplier == 0.5 && half.constant == 10 && half.priority == .defaultHigh && half.identifier == "half")
        let sized = t.constraints[2]
        #expect(sized.second == nil && sized.constant == 20 && sized.relation == .greaterThanOrEqual)
        #expect(sized.isInstalled(in: SizeClasses(horizontal: .regular, vertical: .regular)))
        #expect(!sized.isInstalled(in: SizeClasses(horizontal: .compact, vertical: .regular)))
        let off = t.constraints[3]
        #expect(t[off.first.item].name == "scroller.content" && t[off.second!.item].name == "g1")
        #expect(!off.isInstalled(in: SizeClasses(horizontal: .regular, vertical: .regular)))
        #expect(t.constraints.map(\.source) == [0, 1, 2, 3])
    }

    @Test func dimensionsMayRelateAcrossAxesLikeAnAspectRatio() throws {
        var c = LayoutCase(name: "s", root: "r", views: [ViewSpec(id: "r")])
        c.constraints = [try ConstraintSpec.parse("r.width == 2 * r.height")]
        #expect(try c.validate().constraints.count == 1)
    }

    @Test func casesBuiltInCodeAreCheckedForNonFiniteNumbers() {
        var c = LayoutCase(name: "s", root: "r", views: [ViewSpec(id: "r"), ViewSpec(id: "x", superview: "r")])
        c.views[1].frame = LayoutRect(x: .nan, y: 0, width: 1, height: 1)
        #expect(throws: CaseError(rawPath: "$.views[1].frame", "numbers must be finite (no NaN or infinity)")) { try c.validate() }
        c.views[1].frame = nil
        c.constraints = [ConstraintSpec(AnchorReference(ItemReference("x"), .width), .equal, constant: .infinity)]
        #expect(throws: CaseError.self) { try c.validate() }
        c.constraints = [ConstraintSpec(AnchorReference(ItemReference("x"), .width), .equal, multiplier: 2, constant: 3)]
        #expect(throws: CaseError.self) { try c.validate() }
    }

    @Test func randomTreesKeepTheArenaInvariants() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var random = CaseRandom(seed: UInt64(seed))
            let c = random.layoutCase()
            guard let t = try? c.validate() else {
                Issue.record("seed \(seed): a generated case does not validate")
                return
            }
            let scrolls = t.views.filter(\.isScrollView).count
            let custom = c.views.reduce(0) { $0 + ($1.guides?.count ?? 0) }
            #expect(t.items.count == t.views.count * 4 + scrolls * 2 + custom, "seed \(seed)")
            for (i, v) in t.views.enumerated() {
                #expect(t.view(id: v.id) == ViewIndex(i))
                if let s = v.superview {
                    #expect(s.rawValue < i && t[s].subviews.contains(ViewIndex(i)) && v.depth == t[s].depth + 1, "seed \(seed)")
                }
                for g in BuiltInGuide.allCases {
                    if let item = v.guides[g] { #expect(t[item] == LayoutItem(kind: .builtInGuide(g), owner: ViewIndex(i), name: "\(v.id).\(g.rawValue)")) }
                }
            }
            #expect(Set(t.preorder).count == t.views.count, "seed \(seed)")
            #expect(t.constraints.count == c.constraints.count, "seed \(seed)")
            for k in t.constraints {
                let anchors = [k.first] + (k.second.map { [$0] } ?? [])
                #expect(anchors.allSatisfy { $0.item.rawValue >= 0 && $0.item.rawValue < t.items.count }, "seed \(seed)")
            }
        }
    }

    @Test func whenConditionsMustNameASizeClass() {
        var c = LayoutCase(name: "s", root: "r", views: [ViewSpec(id: "r")])
        c.constraints = [ConstraintSpec(AnchorReference(ItemReference("r"), .width), .equal, constant: 1, when: SizeClassCondition())]
        #expect(throws: CaseError.self) { try c.validate() }
    }

    @Test func constraintsReadBackInTheCaseNotation() throws {
        let t = try tree()
        #expect(t.constraints.map { t.text(of: $0) } == [
            "v1.top == main.safeArea.top",
            "sv.height == 0.5 * main.height + 10 @750 #half",
            "a.width >= 20 @250",
            "scroller.content.top == g1.bottom #off",
        ])
        for k in t.constraints {
            var original = try LayoutCase(jsonText: sampleCaseText).constraints[k.source]
            original.when = nil
            original.isActive = true
            #expect(try ConstraintSpec.parse(t.text(of: k)) == original)
        }
    }
}
