import LinearConstraints
import SparseLU

/// Adding constraints and edit variables: a row, its own columns, its first basic column.
extension RevisedCore {
    mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        guard recordOfID[id] == nil else { throw .duplicateConstraint(id) }
        guard constraint.expression.isFinite else { throw .nonFinite("constraint \(id) has a NaN or infinite number") }
        recordOfID[id] = try addRecord(RevisedRecord(constraint: constraint, row: -1, marker: -1, id: id))
        afterOperation()
    }

    /// Makes `variable` an edit variable whose row starts at `suggested` (0 for a new one; a
    /// handed-over system's current value, `AdaptiveSolver`), with no solve in between.
    mutating func addEditVariable(_ variable: Variable, priority: Priority, suggested: Double = 0) throws(SolverError) {
        guard !priority.isRequired else { throw .badPriority(priority) }
        guard recordOfEdit[variable] == nil else { throw .duplicateEditVariable(variable) }
        guard suggested.isFinite else { throw .nonFinite("suggested value for \(variable)") }
        magnitude = max(magnitude, abs(suggested))
        let constraint = Constraint(LinearExpression(variable), .equal, priority: priority)
        recordOfEdit[variable] = try addRecord(
            RevisedRecord(constraint: constraint, row: -1, marker: -1, editVariable: variable, suggested: suggested))
        afterOperation()
    }

    /// Adds the record's row and stores the record. A required row that cannot be made feasible
    /// is undone exactly and reported with a minimal conflicting set.
    /// The record is consumed and moved into `records`: passed and stored by copy, it was
    /// retained, copied and destroyed twice per add (4% of the peer grid's build).
    mutating func addRecord(_ record: consuming RevisedRecord) throws(SolverError) -> Int32 {
        let slot = freeRecords.last ?? Int32(records.count)
        let required = record.constraint.priority.isRequired
        if required { beginJournal() }
        magnitude = max(magnitude, Self.magnitudeOf(record.constraint.expression))
        let feasible = appendRow(&record, owner: slot)
        if !required, record.constraint.relation == .equal, record.editVariable == nil {
            crashSoftEquality(at: Int32(rowCount - 1))
        }
        if required {
            // A required row is not crashed: its value is still the one `appendRow` judged.
            if !feasible {
                if case .infeasible(let certificate) = phaseOne(target: Int32(rowCount - 1)) {
                    rollback()
                    throw .unsatisfiable(conflict: explainConflict(record, certificate: certificate))
                }
            }
            journal = nil
        }
        if slot == Int32(records.count) { records.append(consume record) } else {
            freeRecords.removeLast()
            records[Int(slot)] = consume record
        }
        dirty = true
        return slot
    }

    static func magnitudeOf(_ e: LinearExpression) -> Double {
        var m = abs(e.constant)
        for t in e.terms { m = max(m, abs(t.coefficient)) }
        return m
    }

    /// A new column of `kind` owned by record `owner` (-1: a client variable).
    mutating func newColumn(_ kind: SymbolKind, owner: Int32, cost: Float = 0) -> Int32 {
        let j = Int32(kinds.count)
        kinds.append(kind)
        owners.append(owner)
        columns.appendColumn()
        costKey.append(cost)
        positionOf.append(-1)
        // The levels' arrays cover every column only while they are valid (`computeReducedCosts`
        // extends them): a build adds most of its columns with stale reduced costs, and
        // extending each level's two arrays per column was 3% of the peer grid's build.
        if dualsValid {
            for l in reduced.indices {
                reduced[l].append(0)
                queued[l].append(false)
            }
            // A costed column enters nonbasic with reduced cost c_j: its row's basic column is
            // uncosted then (`appendRow` clears `dualsValid` otherwise), so y_new = 0.
            if cost != 0, let l = levelKeys.firstIndex(of: cost) { reduced[l][Int(j)] = 1 }
        }
        return j
    }

    /// A new column for a variable seen for the first time (`HeldModel.symbol(for:)`).
    mutating func newExternal(for index: Int32) -> Int32 {
        journal?.variables.append(index)
        return newColumn(.external, owner: -1)
    }

    /// The priority level for key `p`, created when absent (reduced costs become stale).
    mutating func levelRef(_ p: Float, _ delta: Int) {
        var i = 0
        while i < levelKeys.count, levelKeys[i] > p { i += 1 }
        if i < levelKeys.count, levelKeys[i] == p {
            levelRefs[i] += delta
            if levelRefs[i] == 0 {
                levelKeys.remove(at: i)
                levelRefs.remove(at: i)
                reduced.remove(at: i)
                candidates.remove(at: i)
                queued.remove(at: i)
            }
            return
        }
        levelKeys.insert(p, at: i)
        levelRefs.insert(delta, at: i)
        reduced.insert([Double](repeating: 0, count: columnCount), at: i)
        candidates.insert([], at: i)
        queued.insert([Bool](repeating: false, count: columnCount), at: i)
        dualsValid = false
    }

    /// Appends the record's row with its own columns, and makes one column of it basic: a client
    /// variable no earlier row holds (the lowest id), else the own column whose value comes out
    /// >= 0 (a required row's slack or dummy may come out infeasible: the caller's phase one).
    /// Returns whether the new basic value is feasible (`isFeasible`).
    mutating func appendRow(_ record: inout RevisedRecord, owner: Int32) -> Bool {
        let c = record.constraint
        let i = Int32(rowCount)
        record.row = i
        let e = c.expression.normalized()
        for t in e.terms where t.coefficient != 0 {
            rows.push(symbol(for: t.variable), t.coefficient)
            largestCoefficient = max(largestCoefficient, abs(t.coefficient))
            smallestCoefficient = min(smallestCoefficient, abs(t.coefficient))
        }
        let soft = !c.priority.isRequired
        let key: Float = soft ? c.priority.value : 0
        if soft { levelRef(key, 1) }
        switch c.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = c.relation == .lessThanOrEqual ? 1 : -1
            record.marker = newColumn(.slack, owner: owner)
            rows.push(record.marker, sign)
            if soft {
                record.other = newColumn(.error, owner: owner, cost: key)
                rows.push(record.other, -sign)
            }
        case .equal:
            if soft {
                record.marker = newColumn(.error, owner: owner, cost: key)
                record.other = newColumn(.error, owner: owner, cost: key)
                rows.push(record.marker, -1)
                rows.push(record.other, 1)
            } else {
                record.marker = newColumn(.dummy, owner: owner)
                rows.push(record.marker, 1)
            }
        }
        let constant = record.editVariable != nil ? -record.suggested : e.constant
        // The row's value with every nonbasic column at 0, and its border over basic positions.
        var residual = constant
        border.resize(to: rowCount)
        border.clear()
        rows.closeRow()
        let entries = rows.range(Int(i))
        for k in entries {
            let j = rows.cols[k], a = rows.coefs[k]
            columns.append(j, row: i, coefficient: a)
            let p = positionOf[Int(j)]
            if p >= 0 {
                residual += a * xB[Int(p)]
                border.add(p, a)
            }
        }
        rowConstant.append(constant)
        rowRecord.append(owner)
        let (basic, coefficient) = firstBasic(entries, residual: residual)
        positionOf[Int(basic)] = i
        basicAt.append(basic)
        xB.append(-residual / coefficient)
        if luValid { lu.appendRow(border, diagonal: coefficient) }
        // Only an infeasible value is a suspect (a required row's, which phase one takes next):
        // marking every new row made a build push and pop each of its rows through the heap
        // (3% of the peer grid's build).
        let feasible = isFeasible(i)
        if !feasible { markSuspect(i) }
        if costKey[Int(basic)] != 0 { dualsValid = false }
        return feasible
    }

    /// The first basic column of a new row: a client variable only this row holds (lowest id),
    /// else the row's own column whose value `−residual / coefficient` is >= 0 (a soft row always
    /// has one), else the marker (a required slack or dummy: infeasible, phase one follows).
    @inline(__always)
    func firstBasic(_ entries: Range<Int>, residual: Double) -> (Int32, Double) {
        let cols = rows.cols, coefs = rows.coefs
        for k in entries where kinds[Int(cols[k])] == .external && positionOf[Int(cols[k])] < 0 && columns.entryCount(cols[k]) == 1 {
            return (cols[k], coefs[k])
        }
        var marker = -1
        for k in entries where kinds[Int(cols[k])] != .external {
            if marker < 0 { marker = k }
            let kind = kinds[Int(cols[k])]
            if kind == .dummy { continue }
            if -residual / coefs[k] >= 0 { return (cols[k], coefs[k]) }
        }
        return (cols[marker], coefs[marker])
    }

    /// True when the basic value at position `p` is within its bounds, up to the rounding of
    /// the numbers it is computed from (`valueTolerance`).
    /// Inlined, as are `valueTolerance` and `firstBasic`: called from a mutating method, a
    /// nonmutating one got a copy of the whole core (1 280 bytes, memcpy) on every call.
    @inline(__always)
    func isFeasible(_ p: Int32) -> Bool {
        let v = xB[Int(p)]
        switch kinds[Int(basicAt[Int(p)])] {
        case .external: return true
        case .dummy: return abs(v) <= valueTolerance(p)
        default: return v >= 0 || v >= -valueTolerance(p)
        }
    }

    /// The rounding a restricted basic value at `p` may carry: `Tolerance.rowResidue` of the
    /// numbers its own row adds up, `|b| + Σ|a·x|` over the row's basic columns, at least 1.
    /// O(row).
    @inline(__always)
    func valueTolerance(_ p: Int32) -> Double {
        let c = Int(basicAt[Int(p)])
        guard let i = columns.first(Int32(c))?.row else { return feasibilityTolerance }
        var scale = abs(rowConstant[Int(i)])
        for k in rows.range(Int(i)) {
            let q = positionOf[Int(rows.cols[k])]
            if q >= 0 { scale += abs(rows.coefs[k] * xB[Int(q)]) }
        }
        return max(1, scale) * Tolerance.rowResidue
    }

    func explainConflict(_ record: RevisedRecord, certificate: [Int32]) -> [ConstraintID] {
        guard explainConflicts, let id = record.id else { return record.id.map { [$0] } ?? [] }
        var members: [(ConstraintID, Constraint)] = []
        var seen = Set<Int32>()
        for r in certificate where Int(r) < rowCount {
            let owner = rowRecord[Int(r)]
            guard owner >= 0, Int(owner) < records.count, let m = records[Int(owner)], m.constraint.priority.isRequired,
                let mid = m.id, seen.insert(owner).inserted
            else { continue }
            members.append((mid, m.constraint))
        }
        members.sort { $0.0 < $1.0 }
        guard minimizeConflicts else { return (members.map(\.0) + [id]).sorted() }
        return CassowaryCore.minimalConflict(among: members, adding: (id, record.constraint)) {
            records.compactMap { r -> (ConstraintID, Constraint)? in
                guard let r, r.constraint.priority.isRequired, let rid = r.id else { return nil }
                return (rid, r.constraint)
            }.sorted { $0.0 < $1.0 }
        }
    }
}
