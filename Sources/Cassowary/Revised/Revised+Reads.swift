import LinearConstraints
import SparseLU

/// Values, the objective, counters and the deferred optimisation.
extension RevisedCore {
    func value(of variable: Variable) -> Double {
        guard let j = symbolOf(variable) else { return 0 }
        let p = positionOf[Int(j)]
        return p >= 0 ? xB[Int(p)] : 0
    }

    func contains(_ id: ConstraintID) -> Bool { recordOfID[id] != nil }

    var counters: SolverCounters {
        let cells = rows.liveEntries
        return SolverCounters(
            pivots: pivots, rows: rowCount, cells: cells + lu.factorNonzeros + lu.updateNonzeros,
            constraints: recordOfID.count + recordOfEdit.count, noiseSkips: noiseSkips,
            nonzeros: HeldRecords.nonzeros(records))
    }

    /// Summed error per distinct priority, highest first, measured at the current values.
    func objective() -> [LevelError] {
        HeldRecords.objective(records) { value(of: $0) }
    }

    /// The value of `variable` once optimised: mutating, so that a read through the solver's
    /// box happens in place (`RevisedSolver.value(of:)`).
    mutating func settledValue(of variable: Variable) -> Double {
        optimizeIfNeeded()
        return value(of: variable)
    }

    /// Optimises when something changed since the last time (reads call it).
    /// After pivots the values are solved afresh from the final basis (`recomputeValues`) and,
    /// should that show an infeasibility the updates had hidden, optimised once more.
    mutating func optimizeIfNeeded() {
        guard dirty else { return }
        dirty = false
        let before = pivots
        guard feasibleAndOptimal() else { return }
        if pivots != before {
            recomputeValues()
            _ = feasibleAndOptimal()
        }
    }

    /// Phase one for every infeasible value, then the primal simplex. False when interrupted.
    mutating func feasibleAndOptimal() -> Bool {
        while let p = nextInfeasible() {
            if case .infeasible = phaseOne(target: p) {
                noiseSkips += 1
                snapToBound(p)
            }
        }
        if !primalOptimize(stoppingWhen: interruption) {
            dirty = true
            return false
        }
        return true
    }

    mutating func afterOperation() {
        guard debugChecks else { return }
        do { try checkInvariants() } catch { preconditionFailure("cassowary-revised invariant broken: \(error)") }
    }
}
