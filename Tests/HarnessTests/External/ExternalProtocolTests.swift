import LinearConstraints
import Testing

@testable import Peers

/// Requests are written in the system grammar with wire names; responses are decoded strictly
/// per request kind (anything else is nonsense, with a sentence saying why).
@Suite struct ExternalProtocolTests {
    @Test func requestsUseTheSystemGrammarAndWireNames() throws {
        let c = Constraint(
            LinearExpression(terms: [.init(Variable(3), 2), .init(Variable(0), -1)], constant: -10.5), .lessThanOrEqual,
            priority: Priority(999.5))
        #expect(ExternalProtocol.addRequest(c, id: ConstraintID(7)) == #"{"add":"2*v3 - v0 <= 10.5 @999.5","id":"c7"}"#)
        #expect(ExternalProtocol.editRequest(Variable(1), priority: .defaultHigh) == #"{"edit":"v1","priority":750}"#)
        #expect(ExternalProtocol.suggestRequest(Variable(1), value: 0.25) == #"{"suggest":{"v1":0.25}}"#)
        #expect(ExternalProtocol.removeRequest(ConstraintID(0)) == #"{"remove":"c0"}"#)
        #expect(ExternalProtocol.removeEditRequest(Variable(2)) == #"{"removeEdit":"v2"}"#)
        // The text parses back to the same constraint (what an adapter written against the spec reads).
        let parsed = try SymbolicConstraint.parse("2*v3 - v0 <= 10.5 @999.5")
        #expect(parsed.resolved { Variable(Int($0.dropFirst())!) } == c)
    }

    @Test func responsesDecodeToTheirOutcomes() {
        #expect(decode(#"{"outcome":"ok"}"#, .add) == .ok)
        #expect(decode(#"{"outcome":"unsatisfiable","conflict":["c2","c0"]}"#, .add) == .unsatisfiable(conflict: [ConstraintID(0), ConstraintID(2)]))
        #expect(decode(#"{"outcome":"unsatisfiable"}"#, .add) == .unsatisfiable(conflict: nil))
        #expect(decode(#"{"outcome":"error","message":"boom","error":"tooLarge"}"#, .edit) == .error(kind: "tooLarge", message: "boom"))
        #expect(decode(#"{"outcome":"unknown"}"#, .removeEdit) == .unknown)
        guard case .values(let values, let objective)? = decode(#"{"values":{"v0":1.5,"v2":null},"objective":[{"priority":250,"error":3}]}"#, .check) else {
            Issue.record("no values")
            return
        }
        #expect(values.count == 2 && values[0] == (0, 1.5) && values[1].0 == 2 && values[1].1.isNaN)
        #expect(objective == [LevelError(priority: .defaultLow, error: 3)])
    }

    @Test(arguments: [
        (#"hello"#, ExternalProtocol.Request.add, "not a JSON object"),
        (#"{"outcome":"duplicate"}"#, .remove, "outcome \"duplicate\" is not an answer to a remove request"),
        (#"{"outcome":"unsatisfiable"}"#, .suggest, "is not an answer to a suggest request"),
        (#"{"result":"ok"}"#, .add, "no \"outcome\" string"),
        (#"{"outcome":"unsatisfiable","conflict":["floor"]}"#, .add, "not a constraint name c<k>"),
        (#"{"outcome":"error"}"#, .add, "an error without a \"message\" string"),
        (#"{"outcome":"ok"}"#, .check, "a check must be answered with {\"values\""),
        (#"{"values":{"x":1}}"#, .check, "names \"x\", not a variable v<i>"),
        (#"{"values":{"v0":"1"}}"#, .check, "the value of v0 is a string, not a number"),
        (#"{"values":{},"objective":[{"priority":0,"error":1}]}"#, .check, "without a priority in (0, 1000]"),
        (#"{"outcome":"error","message":"x"}"#, .reset, "is not an answer to a reset request"),
        (#"{"outcome":"ok","solverSeconds":-1}"#, .add, "\"solverSeconds\" is not a non-negative number"),
        (#"{"values":{},"solverSeconds":"fast"}"#, .check, "\"solverSeconds\" is not a non-negative number"),
    ])
    func malformedOrMisplacedResponsesAreNonsenseWithAReason(line: String, request: ExternalProtocol.Request, reason: String) {
        guard case .failure(let problem) = ExternalProtocol.decode(line, to: request) else {
            Issue.record("\(line) decoded as an answer to \(request)")
            return
        }
        #expect(problem.message.contains(reason), "\(problem.message)")
    }

    @Test func anyResponseMayCarryTheSolversOwnTime() {
        guard case .success(let a) = ExternalProtocol.decodeTimed(#"{"outcome":"ok","solverSeconds":0.00125}"#, to: .add),
            case .success(let b) = ExternalProtocol.decodeTimed(#"{"values":{"v0":2},"solverSeconds":0}"#, to: .check),
            case .success(let c) = ExternalProtocol.decodeTimed(#"{"outcome":"ok"}"#, to: .remove)
        else {
            Issue.record("a timed response did not decode")
            return
        }
        #expect(a.response == .ok && a.solverSeconds == 0.00125)
        #expect(b.solverSeconds == 0 && c.solverSeconds == nil && c.response == .ok)
    }

    func decode(_ line: String, _ request: ExternalProtocol.Request) -> ExternalProtocol.Response? {
        if case .success(let r) = ExternalProtocol.decode(line, to: request) { return r }
        return nil
    }

    @Test func aCopyWhoseReplayIsAnsweredDifferentlyFailsAsNonsense() throws {
        // The first process answers ok to everything; every later one refuses adds as duplicates.
        let adapter = try PlantedAdapter("replay-diverges") { log in
            """
            starts=$(grep -c start \(log))
            while read -r line; do
              case "$line" in
                *'"add"'*) if [ "$starts" -gt 1 ]; then echo '{"outcome":"duplicate"}'; else echo '{"outcome":"ok"}'; fi ;;
                *'"check"'*) echo '{"values":{}}' ;;
                *) echo '{"outcome":"ok"}' ;;
              esac
            done
            """
        }
        var original = adapter.solver()
        try original.add(External.atLeast(External.x, 1), id: ConstraintID(0))
        var copy = original
        #expect(throws: SolverError.self) { try copy.add(External.atLeast(External.y, 1), id: ConstraintID(1)) }
        guard case .nonsense(let what)? = copy.failure?.kind else { Issue.record("copy: \(String(describing: copy.failure))"); return }
        #expect(what.contains("replaying request 1 of 1 for a copy of the solver gave a different answer"))
        #expect(original.failure == nil)
        try original.add(External.atLeast(External.y, 2), id: ConstraintID(1))
        #expect(original.contains(ConstraintID(1)) && !copy.contains(ConstraintID(1)))
        _ = consume original
        ExternalProcessPool.shared.drain(adapter.command)
        #expect(adapter.survivors.isEmpty)
    }
}
