import AutoLayout
import Testing

@Suite struct DevicesSizeClassTests {
    static let cc = SizeClasses(horizontal: .compact, vertical: .compact)
    static let cr = SizeClasses(horizontal: .compact, vertical: .regular)
    static let rc = SizeClasses(horizontal: .regular, vertical: .compact)
    static let rr = SizeClasses(horizontal: .regular, vertical: .regular)

    /// Each condition with the trait environments (wC hC, wC hR, wR hC, wR hR) it must match.
    static let table: [(String, [Bool])] = [
        ("wR hR", [false, false, false, true]),
        ("wC", [true, true, false, false]),
        ("wR", [false, false, true, true]),
        ("hC", [true, false, true, false]),
        ("hR", [false, true, false, true]),
        ("wC hR", [false, true, false, false]),
        ("wR hC", [false, false, true, false]),
        ("wC hC", [true, false, false, false]),
        ("hR wC", [false, true, false, false]),
        ("  wC   hC ", [true, false, false, false]),
    ]

    @Test func conditionsMatchTheirTraitEnvironments() throws {
        let traits = [Self.cc, Self.cr, Self.rc, Self.rr]
        for (text, expected) in Self.table {
            let condition = try SizeClassCondition(parsing: text, path: "$.when")
            #expect(traits.map(condition.matches) == expected, "\(text)")
        }
    }

    @Test func conditionTextIsCanonicalAndRoundTrips() throws {
        #expect(try SizeClassCondition(parsing: "hR wC", path: "$").description == "wC hR")
        #expect(try SizeClassCondition(parsing: "hC", path: "$").description == "hC")
        for (text, _) in Self.table {
            let c = try SizeClassCondition(parsing: text, path: "$")
            #expect(try SizeClassCondition(parsing: c.description, path: "$") == c)
        }
    }

    @Test(arguments: ["", "   ", "wX", "w", "wCC", "WC", "wc", "xR", "wC wR", "hC hR", "wC,hR", "wC hR wR"])
    func badConditionsAreErrorsNamingThePath(_ text: String) {
        let error = #expect(throws: SizeClassConditionError.self) {
            try SizeClassCondition(parsing: text, path: "$.constraints[3].when")
        }
        #expect(error?.path == "$.constraints[3].when" && error?.text == text)
        #expect(error.map { "\($0)" }?.hasPrefix("$.constraints[3].when: bad size-class condition") == true)
    }

    @Test func repeatedAxisSaysSo() {
        #expect(throws: SizeClassConditionError(path: "$", text: "wC wR", reason: "the width class is given twice")) {
            try SizeClassCondition(parsing: "wC wR", path: "$")
        }
    }

    @Test func deviceSizeClassesNeedBothAxes() throws {
        #expect(try SizeClasses(parsing: "wR hC", path: "$") == Self.rc)
        #expect(try SizeClasses(parsing: "hR wR", path: "$") == Self.rr)
        #expect(throws: DeviceError.badSizeClass(path: "$.sizeClass", text: "wR", reason: "missing a height class (hC or hR)")) {
            try SizeClasses(parsing: "wR", path: "$.sizeClass")
        }
        #expect(throws: DeviceError.self) { try SizeClasses(parsing: "wide", path: "$") }
    }

    @Test func phoneTraitsFollowOrientation() throws {
        #expect(try DeviceSpec.configuration("iphone-8").sizeClasses == Self.cr)
        #expect(try DeviceSpec.configuration("iphone-8:landscape").sizeClasses == Self.cc)
        #expect(try DeviceSpec.configuration("iphone-14-pro-max:landscape").sizeClasses == Self.rc)
        #expect(try DeviceSpec.configuration("ipad-air:landscape").sizeClasses == Self.rr)
    }

    /// The matching rule stated once more as logic: an axis given must agree; an axis left out
    /// matches anything.
    @Test func everyConditionAgreesWithItsDefinition() {
        let options: [SizeClass?] = [nil, .compact, .regular]
        for h in options {
            for v in options {
                let c = SizeClassCondition(horizontal: h, vertical: v)
                for t in [Self.cc, Self.cr, Self.rc, Self.rr] {
                    #expect(c.matches(t) == ((h == nil || h == t.horizontal) && (v == nil || v == t.vertical)))
                }
            }
        }
    }
}
