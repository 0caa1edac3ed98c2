import AutoLayout
import Testing

@Suite struct DevicesLayoutDirectionTests {
    /// `docs/uikit-rules.md`, "Right-to-left": (attribute, effective direction under LTR, under RTL).
    static let table: [(SemanticContentAttribute, LayoutDirection, LayoutDirection)] = [
        (.unspecified, .leftToRight, .rightToLeft),
        (.playback, .leftToRight, .leftToRight),
        (.spatial, .leftToRight, .leftToRight),
        (.forceLeftToRight, .leftToRight, .leftToRight),
        (.forceRightToLeft, .rightToLeft, .rightToLeft),
    ]

    @Test func effectiveDirectionFollowsTheAttribute() {
        #expect(Self.table.count == SemanticContentAttribute.allCases.count)
        for (attribute, ltr, rtl) in Self.table {
            #expect(effectiveLayoutDirection(caseDirection: .leftToRight, attribute: attribute) == ltr, "\(attribute)")
            #expect(effectiveLayoutDirection(caseDirection: .rightToLeft, attribute: attribute) == rtl, "\(attribute)")
        }
    }

    @Test func caseFileSpellingsAreTheRawValues() {
        #expect(LayoutDirection(rawValue: "rightToLeft") == .rightToLeft)
        #expect(SemanticContentAttribute(rawValue: "forceRightToLeft") == .forceRightToLeft)
        #expect(SemanticContentAttribute(rawValue: "ForceRightToLeft") == nil)
    }

    @Test func leadingIsLeftOnlyLeftToRight() {
        #expect(LayoutDirection.leftToRight.leadingIsLeft)
        #expect(!LayoutDirection.rightToLeft.leadingIsLeft)
        #expect(LayoutDirection.rightToLeft.flipped == .leftToRight)
    }
}
