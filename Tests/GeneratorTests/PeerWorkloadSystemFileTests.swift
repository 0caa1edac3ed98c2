import Generator
import LinearConstraints
import Testing

@Test func systemFileRoundTripsThroughJSONText() throws {
    for kind in PeerWorkload.Kind.allCases {
        let file = try PeerWorkload(kind: kind, views: 12).systemFile()
        let reread = try SystemFile(jsonText: file.jsonText())
        #expect(reread == file, "\(kind)")
    }
}

@Test func systemFileHasEditsAndTheSizeThenAddsThenChecksInBuildOrder() throws {
    let w = try PeerWorkload(kind: .grid, views: 9)
    let steps = w.systemFile().steps
    let portrait = w.rootSize(.portrait), landscape = w.rootSize(.landscape)
    #expect(steps.count == 3 + w.constraints.count + 3)
    #expect(Array(steps.prefix(3)) == [
        .edit(variable: "root.w", priority: PeerWorkload.edit), .edit(variable: "root.h", priority: PeerWorkload.edit),
        .suggest([.init("root.w", portrait.width), .init("root.h", portrait.height)]),
    ])
    #expect(steps[3...].prefix(w.constraints.count).allSatisfy { $0.kind == "add" })
    #expect(Array(steps.suffix(3)) == [
        .check(label: "portrait"),
        .suggest([.init("root.w", landscape.width), .init("root.h", landscape.height)]), .check(label: "landscape"),
    ])
}

@Test func systemFileConstraintsResolveBackToTheWorkloadsConstraints() throws {
    for kind in PeerWorkload.Kind.allCases {
        let w = try PeerWorkload(kind: kind, views: 7)
        let names = (0..<w.variableCount).map { w.variableName(Variable($0)) }
        for c in w.constraints {
            let text = w.symbolic(c.constraint).description
            let resolved = try SymbolicConstraint.parse(text).resolved { Variable(names.firstIndex(of: $0) ?? names.count) }
            #expect(resolved.expression.normalized() == c.constraint.expression.normalized(), "\(c.name): \(text)")
            #expect(resolved.relation == c.constraint.relation && resolved.priority == c.constraint.priority)
        }
    }
}

@Test func variableNamesAreRootThenViewsInAttributeOrder() throws {
    let w = try PeerWorkload(kind: .flat, views: 20)
    #expect((0..<8).map { w.variableName(Variable($0)) } == [
        "root.l", "root.t", "root.w", "root.h", "v0.l", "v0.t", "v0.w", "v0.h",
    ])
    #expect(w.variableName(w.frame(ofView: 12).left) == "v12.l")
    #expect(w.variableName(Variable(84)) == "x84")
}

@Test func flatSystemFileReadsLikePeersTable() throws {
    let w = try PeerWorkload(kind: .flat, views: 3)
    let adds = w.systemFile().steps.compactMap { step -> String? in
        if case .add(let c, let id) = step, id.hasPrefix("v2.") { return c.description }
        return nil
    }
    #expect(adds == [
        "v2.l - root.l == 16", "v2.l + v2.w - root.l - root.w == -16", "v2.t - root.t == 112", "v2.h >= 20",
        "v2.h == 44 @250", "v2.w <= 600 @750",
    ])
}
