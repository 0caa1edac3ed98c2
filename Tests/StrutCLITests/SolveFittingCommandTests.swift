import Foundation
import Testing

/// `strut solve --fitting VIEW[:compressed|expanded]` end to end on a small cell case.
@Suite struct SolveFittingCommandTests {
    /// `cell` spans `main` in the main layout (375 wide on iphone-8); a label of intrinsic size
    /// 100 × 21 sits on its margins (8), so both fittings give 116 × 37.
    static let cell = """
        {"strut": 1, "name": "cell", "root": "main", "defaults": {"translatesAutoresizingMask": false},
         "views": [{"id": "main"}, {"id": "cell", "superview": "main"},
                   {"id": "label", "superview": "cell", "intrinsicSize": [100, 21]}],
         "constraints": ["cell.leading == main.leading", "cell.trailing == main.trailing", "cell.top == main.top + 100",
                         "label.leading == cell.leadingMargin", "label.trailing == cell.trailingMargin",
                         "label.top == cell.topMargin", "label.bottom == cell.bottomMargin"],
         "devices": ["iphone-8"]}
        """

    func solve(_ extra: [String]) throws -> StrutProcess.Result {
        try StrutProcess.runOnce(["solve", try StrutProcess.temporaryFile("fitting-cell.json", Self.cell)] + extra)
    }

    @Test func fittingPrintsTheSizeBesideTheUnchangedMainLayout() throws {
        let r = try solve(["--fitting", "cell", "--fitting", "cell:expanded"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("  fitting cell (compressed): 116 × 37\n"))
        #expect(r.stdout.contains("  fitting cell (expanded): 116 × 37\n"))
        #expect(r.stdout.contains("(0, 100, 375, 37)"), "\(r.stdout)")
    }

    @Test func fittingInJSONIsAMemberOfTheResultDocument() throws {
        let r = try solve(["--json", "--fitting", "label:expanded"])
        #expect(r.status == 0, "\(r.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let fitting = try #require(document["fitting"] as? [[String: Any]])
        #expect(fitting.count == 1 && fitting[0]["view"] as? String == "label" && fitting[0]["fitting"] as? String == "expanded")
        #expect(fitting[0]["size"] as? [Double] == [100, 21])
    }

    @Test(arguments: [("nope", "unknown view \"nope\""), ("cell:huge", "unknown target \"huge\"")])
    func aBadFittingArgumentIsAUsageError(argument: String, message: String) throws {
        let r = try solve(["--fitting", argument])
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }
}
