import LinearConstraints
import PropertyBased
import Testing

@testable import AutoLayout

/// A small valid case touching most fields; tests splice one broken field into it.
let sampleCaseText = """
    {
      "strut": 1,
      "name": "sample",
      "description": "every field once",
      "defaults": {"translatesAutoresizingMask": false},
      "root": "main",
      "views": [
        {"id": "main", "additionalSafeAreaInsets": {"top": 50, "left": 0, "bottom": 0, "right": 0},
         "respectsSystemMinimumLayoutMargins": false, "guides": ["g1"]},
        {"id": "v1", "superview": "main", "frame": [100, 111, 132, 194], "translatesAutoresizingMask": true,
         "autoresizing": ["flexibleBottomMargin", "flexibleLeftMargin"], "intrinsicSize": [42, null],
         "hugging": [251, "defaultHigh"], "compressionResistance": [750, 749], "baseline": {"first": 17, "last": 5},
         "hidden": false, "layoutMargins": {"top": 8, "leading": 40, "bottom": 8, "trailing": 8},
         "preservesSuperviewLayoutMargins": true, "insetsLayoutMarginsFromSafeArea": false,
         "alignmentRectInsets": {"top": 0, "left": 30, "bottom": 0, "right": 0},
         "semanticContentAttribute": "playback"},
        {"id": "sv", "superview": "main", "stack": {"axis": "vertical", "distribution": "equalSpacing",
         "alignment": "fill", "spacing": "system", "customSpacing": {"a": 40}, "arranged": ["a", "b"],
         "layoutMarginsRelativeArrangement": false, "baselineRelativeArrangement": true}},
        {"id": "a", "superview": "sv"},
        {"id": "b", "superview": "sv"},
        {"id": "scroller", "superview": "main", "scroll": true}
      ],
      "constraints": [
        "v1.top == main.safeArea.top",
        "sv.height == 0.5 * main.height + 10 @750 #half",
        {"first": "a.width", "relation": ">=", "constant": 20, "priority": "defaultLow", "when": "wR hR"},
        {"first": "scroller.content.top", "relation": "==", "second": "g1.bottom", "active": false, "identifier": "off"}
      ],
      "formats": [{"format": "H:|-[a]-|", "metrics": {"pad": 20}, "options": ["alignAllCenterY"]}],
      "devices": ["iphone-8", "iphone-x:landscape", {"id": "tv", "size": [1920, 1080], "scale": 1,
                  "safeArea": [0, 0, 0, 0], "sizeClass": "wR hC"}],
      "layoutDirection": "rightToLeft",
      "expect": {
        "iphone-8": {"frames": {"v1": [100, 111, 132, 194]}, "ambiguous": [], "conflicts": []},
        "*": {"conflicts": [["half", "off"]]}
      }
    }
    """

/// The error reading `text` gives, or nil when it reads.
func readError(_ text: String) -> CaseError? {
    do {
        _ = try LayoutCase(jsonText: text)
        return nil
    } catch {
        return error
    }
}

/// `sampleCaseText` with `old` replaced by `new` (which must occur).
func sample(replacing old: String, with new: String) -> String {
    precondition(sampleCaseText.contains(old), "sample text has no \(old)")
    return sampleCaseText.replacingOccurrences(old, new)
}

extension String {
    func replacingOccurrences(_ old: String, _ new: String) -> String {
        split(separator: old, omittingEmptySubsequences: false).joined(separator: new)
    }
}

@Suite struct CaseReaderTests {
    @Test func readsEveryFieldOfTheSample() throws {
        let c = try LayoutCase(jsonText: sampleCaseText)
        #expect(c.name == "sample" && c.root == "main" && c.views.count == 6)
        #expect(c.defaults.translatesAutoresizingMask == false)
        let v1 = c.views[1]
        #expect(v1.frame == LayoutRect(x: 100, y: 111, width: 132, height: 194))
        #expect(v1.autoresizing == [.flexibleLeftMargin, .flexibleBottomMargin])
        #expect(v1.autoresizing?.rawValue == 33)
        #expect(v1.intrinsicSize == IntrinsicSize(width: 42, height: nil))
        #expect(v1.hugging == AxisPriorities(horizontal: Priority(251), vertical: .defaultHigh))
        #expect(v1.layoutMargins?.leading == 40)
        #expect(v1.semanticContentAttribute == .playback)
        #expect(c.views[2].stack?.spacing == .system)
        #expect(c.views[2].stack?.customSpacing == [StackSpec.CustomSpacing(after: "a", spacing: 40)])
        #expect(c.constraints.count == 4)
        #expect(c.constraints[2].when == SizeClassCondition(horizontal: .regular, vertical: .regular))
        #expect(c.constraints[3].isActive == false && c.constraints[3].identifier == "off")
        #expect(c.formats == [FormatSpec(format: "H:|-[a]-|", metrics: [.init("pad", 20)], options: [.alignAllCenterY])])
        #expect(c.devices?.count == 3)
        #expect(c.layoutDirection == .rightToLeft)
        #expect(c.expect.map(\.device) == ["iphone-8", "*"])
        #expect(c.expect[1].conflicts == [["half", "off"]])
    }

    /// Each broken variant of the sample and the error it must give (path, words of the message).
    static let errors: [(old: String, new: String, path: String, message: String)] = [
        ("\"strut\": 1", "\"strut\": 2", "$.strut", "unsupported format version 2"),
        ("\"hidden\": false", "\"hiden\": false", "$.views[1].hiden", "unknown field \"hiden\""),
        ("\"hidden\": false", "\"hidden\": 0", "$.views[1].hidden", "expected a boolean, found a number"),
        ("{\"id\": \"b\", \"superview\": \"sv\"}", "{\"id\": \"b\", \"superview\": \"foo\"}", "$.views[4].superview", "unknown view \"foo\""),
        ("{\"id\": \"b\", \"superview\": \"sv\"}", "{\"id\": \"a\", \"superview\": \"sv\"}", "$.views[4].id", "duplicate id \"a\""),
        ("{\"id\": \"b\", \"superview\": \"sv\"}", "{\"id\": \"g1\", \"superview\": \"sv\"}", "$.views[0].guides[0]", "duplicate id \"g1\""),
        ("{\"id\": \"a\", \"superview\": \"sv\"}", "{\"id\": \"a\", \"superview\": \"b\"}", "$.views[3].superview", "listed after its subview"),
        ("\"id\": \"sv\", \"superview\": \"main\"", "\"id\": \"sv\", \"superview\": \"a\"", "$.views[2].superview", "cycle in the view hierarchy: sv → a → sv"),
        ("{\"id\": \"b\", \"superview\": \"sv\"}", "{\"id\": \"b\", \"superview\": \"b\"}", "$.views[4].superview", "its own superview"),
        ("{\"id\": \"b\", \"superview\": \"sv\"}", "{\"id\": \"b\"}", "$.views[4]", "missing \"superview\""),
        ("{\"id\": \"b\", \"superview\": \"sv\"}", "{\"id\": \"b\", \"superview\": \"g1\"}", "$.views[4].superview", "is a layout guide, not a view"),
        ("\"root\": \"main\"", "\"root\": \"v1\"", "$.views[1]", "must be the first view"),
        ("\"root\": \"main\"", "\"root\": \"nope\"", "$.root", "unknown view \"nope\""),
        ("\"v1.top == main.safeArea.top\"", "\"v1.top == main.safeArea.leading\"", "$.constraints[0]", "different axes"),
        ("\"v1.top == main.safeArea.top\"", "\"v1.width == main.left\"", "$.constraints[0]", "mix a location with a dimension"),
        ("\"v1.top == main.safeArea.top\"", "\"v1.top == 20\"", "$.constraints[0]", "cannot equal a constant"),
        ("\"v1.top == main.safeArea.top\"", "\"v1.left == main.leading\"", "$.constraints[0]", "mix leading/trailing with left/right"),
        ("\"v1.top == main.safeArea.top\"", "\"v1.top == 0 * main.top\"", "$.constraints[0]", "multiplier of 0"),
        ("\"v1.top == main.safeArea.top\"", "\"foo.top == main.top\"", "$.constraints[0]", "unknown view or guide \"foo\""),
        ("\"v1.top == main.safeArea.top\"", "\"v1.top == v1.content.top\"", "$.constraints[0]", "not a scroll view"),
        ("\"v1.top == main.safeArea.top\"", "\"v1.top == g1.safeArea.top\"", "$.constraints[0]", "only views have a built-in safeArea guide"),
        ("\"v1.top == main.safeArea.top\"", "\"v1.top == main.safeArea.topMargin\"", "$.constraints[0]", "has no topMargin anchor"),
        ("\"v1.top == main.safeArea.top\"", "\"g1.firstBaseline == v1.top\"", "$.constraints[0]", "has no firstBaseline anchor"),
        ("\"v1.top == main.safeArea.top\"", "\"v1.top == main.tpo\"", "$.constraints[0]", "at character 16: unknown attribute \"tpo\""),
        ("@750 #half", "@1000.5 #half", "$.constraints[1]", "priority 1000.5 is outside (0, 1000]"),
        ("\"priority\": \"defaultLow\"", "\"priority\": 0", "$.constraints[2].priority", "priority 0 is outside (0, 1000]"),
        ("\"when\": \"wR hR\"", "\"when\": \"wX\"", "$.constraints[2].when", "unknown token \"wX\""),
        ("\"constant\": 20,", "\"multiplier\": 2,", "$.constraints[2].multiplier", "needs a second anchor"),
        ("\"hugging\": [251, \"defaultHigh\"]", "\"hugging\": [251]", "$.views[1].hugging", "expected [horizontal, vertical]"),
        ("\"frame\": [100, 111, 132, 194]", "\"frame\": [100, 111, -1, 194]", "$.views[1].frame", "must not be negative"),
        ("\"frame\": [100, 111, 132, 194]", "\"frame\": [100, 111, 1e999, 194]", "$", "number 1e999 is out of range"),
        ("\"intrinsicSize\": [42, null]", "\"intrinsicSize\": [-1, null]", "$.views[1].intrinsicSize", "must not be negative"),
        ("\"flexibleLeftMargin\"]", "\"flexibleLeftMargin\", \"flexibleLeftMargin\"]", "$.views[1].autoresizing[2]", "listed twice"),
        ("\"semanticContentAttribute\": \"playback\"", "\"semanticContentAttribute\": \"rtl\"", "$.views[1].semanticContentAttribute", "unknown semantic content attribute \"rtl\""),
        ("\"arranged\": [\"a\", \"b\"]", "\"arranged\": [\"a\", \"v1\"]", "$.views[2].stack.arranged[1]", "must be a subview of the stack"),
        ("\"arranged\": [\"a\", \"b\"]", "\"arranged\": [\"a\", \"a\"]", "$.views[2].stack.arranged[1]", "arranged twice"),
        ("\"customSpacing\": {\"a\": 40}", "\"customSpacing\": {\"v1\": 40}", "$.views[2].stack.customSpacing.v1", "not an arranged view"),
        ("\"spacing\": \"system\"", "\"spacing\": \"wide\"", "$.views[2].stack.spacing", "a number or \"system\""),
        ("\"scroll\": true", "\"scroll\": true, \"fixedSize\": true", "$.views[5].fixedSize", "needs an intrinsicSize"),
        ("\"scroll\": true", "\"scroll\": true, \"additionalSafeAreaInsets\": {\"top\": 1, \"left\": 0, \"bottom\": 0, \"right\": 0}", "$.views[5].additionalSafeAreaInsets", "only the root view"),
        ("\"layoutMargins\": {\"top\": 8, \"leading\": 40, \"bottom\": 8, \"trailing\": 8}", "\"layoutMargins\": {\"top\": 8}", "$.views[1].layoutMargins", "missing \"leading\""),
        ("\"devices\": [\"iphone-8\"", "\"devices\": [\"iphone-9\"", "$.devices[0]", "unknown device \"iphone-9\""),
        ("\"devices\": [\"iphone-8\"", "\"devices\": [\"iphone-8\", \"iphone-8:portrait\"", "$.devices[1]", "listed twice"),
        ("\"sizeClass\": \"wR hC\"", "\"sizeClass\": \"wR\"", "$.devices[2].sizeClass", "missing a height class"),
        ("\"size\": [1920, 1080]", "\"size\": [1920, 0]", "$.devices[2].size[1]", "must be greater than 0"),
        ("\"layoutDirection\": \"rightToLeft\"", "\"layoutDirection\": \"rtl\"", "$.layoutDirection", "unknown layout direction \"rtl\""),
        ("\"frames\": {\"v1\"", "\"frames\": {\"v9\"", "$.expect[\"iphone-8\"].frames.v9", "unknown view \"v9\""),
        ("\"expect\": {\n    \"iphone-8\"", "\"expect\": {\n    \"ipad\"", "$.expect.ipad", "not in the case's devices"),
        ("\"ambiguous\": []", "\"ambiguous\": [\"zz\"]", "$.expect[\"iphone-8\"].ambiguous[0]", "unknown view \"zz\""),
        ("\"conflicts\": [[\"half\", \"off\"]]", "\"conflicts\": [[]]", "$.expect[\"*\"].conflicts[0]", "one or more constraint identifiers"),
        ("\"options\": [\"alignAllCenterY\"]", "\"options\": [\"alignAllMiddle\"]", "$.formats[0].options[0]", "unknown format option"),
        ("\"metrics\": {\"pad\": 20}", "\"metrics\": {\"pad\": \"20\"}", "$.formats[0].metrics.pad", "expected a number, found a string"),
        ("\"name\": \"sample\",", "\"name\": \"sample\", \"name\": \"again\",", "$", "duplicate member \"name\""),
        ("\"id\": \"scroller\"", "\"id\": \"scroll-er\"", "$.views[5].id", "not a valid id"),
    ]

    @Test(arguments: 0..<errors.count) func reportsErrorsWithTheirPath(_ i: Int) {
        let e = Self.errors[i]
        let error = readError(sample(replacing: e.old, with: e.new))
        #expect(error?.path == e.path, "variant \(i): \(error.map(String.init(describing:)) ?? "no error")")
        #expect(error?.message.contains(e.message) == true, "variant \(i): \(error.map(String.init(describing:)) ?? "no error")")
    }

    @Test func errorDescriptionsReadAsPathThenSentence() {
        let error = readError(sample(replacing: "{\"id\": \"b\", \"superview\": \"sv\"}", with: "{\"id\": \"b\", \"superview\": \"foo\"}"))
        #expect(error?.description == "$.views[4].superview: unknown view \"foo\"")
    }

    @Test func syntaxErrorsGiveLineAndColumn() {
        let error = readError("{\n  \"strut\": 1,\n  \"name\": x\n}")
        #expect(error?.path == "$")
        #expect(error?.message.hasPrefix("not valid JSON at line 3, column 11") == true, "\(String(describing: error))")
    }

    /// Damaged files never trap: each random edit of a valid case either reads (and then writes
    /// and reads back as the same case) or throws a `CaseError` with a JSON path.
    @Test func damagedFilesEitherReadOrFailWithAPath() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...Int.max)) { seed in
            var random = CaseRandom(seed: UInt64(seed))
            var chars = Array(random.layoutCase().jsonText().unicodeScalars)
            let pieces: [String] = ["\"", "{", "}", "[", "]", ",", ":", "0", "-1", "1e400", "null", "true", "\"v1\"", "\"x\": 1", " ", "@", ".top"]
            for _ in 0..<random.int(1...3) {
                let at = random.int(0...chars.count - 1)
                switch random.int(0...2) {
                case 0: chars.remove(at: at)
                case 1: chars.insert(contentsOf: random.pick(pieces).unicodeScalars, at: at)
                default: chars.replaceSubrange(at...at, with: random.pick(pieces).unicodeScalars)
                }
            }
            let text = String(String.UnicodeScalarView(chars))
            let c: LayoutCase
            do throws(CaseError) { c = try LayoutCase(jsonText: text) } catch {
                #expect(error.path.hasPrefix("$"), "seed \(seed): \(error)")
                #expect(!error.message.isEmpty, "seed \(seed)")
                return
            }
            #expect((try? LayoutCase(jsonText: c.jsonText())) == c, "seed \(seed)")
        }
    }
}
