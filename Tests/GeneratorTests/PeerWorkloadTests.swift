import Generator
import LinearConstraints
import Testing

/// docs/peers.md's "Kiwi's measured cost" table: views and constraint counts per workload.
let peerTable: [(PeerWorkload.Kind, [(views: Int, constraints: Int)])] = [
    (.flat, [(100, 604), (1_000, 6_004), (10_000, 60_004)]),
    (.hug, [(100, 844), (1_000, 8_132), (10_000, 80_404)]),
    (.grid, [(100, 804), (316, 2_532), (1_000, 8_004)]),
    (.chain, [(100, 804), (200, 1_604), (316, 2_532)]),
]

@Test func constraintCountsMatchPeersTable() throws {
    for (kind, sizes) in peerTable {
        for (views, expected) in sizes {
            let w = try PeerWorkload(kind: kind, views: views)
            #expect(w.countedConstraints == expected, "\(kind) \(views)")
            #expect(w.constraints.count + w.editVariables.count == expected)
        }
    }
}

@Test func idsFollowBuildOrderAndNamesAreUnique() throws {
    for kind in PeerWorkload.Kind.allCases {
        let w = try PeerWorkload(kind: kind, views: 37)
        #expect(w.constraints.enumerated().allSatisfy { $0.element.id == ConstraintID($0.offset) })
        #expect(Set(w.constraints.map(\.name)).count == w.constraints.count)
        #expect(w.constraints[0].name == "root.left" && w.constraints[1].name == "root.top")
        let views = w.constraints.dropFirst(2).map(\.view)
        #expect(views == views.sorted(), "constraints come in view order")
    }
}

@Test func variablesAreDenseAndAllUsed() throws {
    for kind in PeerWorkload.Kind.allCases {
        let w = try PeerWorkload(kind: kind, views: 23)
        var used = Set(w.editVariables.map(\.variable.index))
        for c in w.constraints { used.formUnion(c.constraint.expression.terms.map(\.variable.index)) }
        #expect(used == Set(0..<Int32(w.variableCount)), "\(kind)")
    }
}

@Test func editVariablesAreRootSizeAtStrongestNonRequiredLevel() throws {
    let w = try PeerWorkload(kind: .hug, views: 10)
    #expect(w.editVariables.map(\.variable) == [w.root.width, w.root.height])
    #expect(w.editVariables.allSatisfy { $0.priority == PeerWorkload.edit && !$0.priority.isRequired })
    let levels = Set(w.constraints.map(\.constraint.priority)).subtracting([.required])
    #expect(levels == [PeerWorkload.middle, PeerWorkload.lowest])
    #expect(PeerWorkload.edit > PeerWorkload.middle && PeerWorkload.middle > PeerWorkload.lowest)
}

@Test func gridShapesUseCeilingSquareRoot() throws {
    let cases: [(Int, Int, Int)] = [
        (1, 1, 1), (2, 2, 1), (4, 2, 2), (5, 3, 2), (100, 10, 10), (316, 18, 18), (1_000, 32, 32), (10_000, 100, 100),
    ]
    for (views, columns, rows) in cases {
        let w = try PeerWorkload(kind: .grid, views: views)
        #expect(w.columns == columns && w.rows == rows, "\(views) views")
    }
    let hug = try PeerWorkload(kind: .hug, views: 1_000)
    let narrow: Double = 60 * 32, tall: Double = 90 * 32
    #expect(hug.rootSize(.portrait) == .init(width: narrow, height: tall))
    #expect(hug.rootSize(.landscape) == .init(width: tall, height: narrow))
}

@Test func rootSizesFollowPeersTable() throws {
    let flat = try PeerWorkload(kind: .flat, views: 50)
    #expect(flat.rootSize(.portrait) == .init(width: 400, height: 3_000))
    #expect(flat.rootSize(.landscape) == .init(width: 800, height: 3_000))
    let chain = try PeerWorkload(kind: .chain, views: 10)
    #expect(chain.rootSize(.portrait) == .init(width: 300, height: 900))
    #expect(chain.rootSize(.landscape) == .init(width: 450, height: 400))
    #expect(chain.dragSize == .init(width: 451, height: 400))
}

@Test func middleConstraintIsMiddleViewsLeftEdge() throws {
    for kind in PeerWorkload.Kind.allCases {
        let w = try PeerWorkload(kind: kind, views: 101)
        let c = w.constraints[w.middleConstraint.rawValue]
        #expect(c.view == 50 && c.role == .left && c.constraint.isRequired)
    }
}

@Test func badViewCountsAndKindsAreTypedErrors() {
    #expect(throws: PeerWorkloadError.viewCount(0, maximum: PeerWorkload.maximumViews)) {
        try PeerWorkload(kind: .flat, views: 0)
    }
    #expect(throws: PeerWorkloadError.self) { try PeerWorkload(kind: .chain, views: PeerWorkload.maximumViews + 1) }
    #expect(throws: PeerWorkloadError.unknownKind("tree")) { try PeerWorkload.Kind.named("tree") }
    #expect((try? PeerWorkload.Kind.named("grid")) == .grid)
}

@Test func buildingIsDeterministic() throws {
    for kind in PeerWorkload.Kind.allCases {
        #expect(try PeerWorkload(kind: kind, views: 57) == PeerWorkload(kind: kind, views: 57))
        let a = try PeerWorkload(kind: kind, views: 9).systemFile().jsonText()
        let b = try PeerWorkload(kind: kind, views: 9).systemFile().jsonText()
        #expect(a == b)
    }
}
