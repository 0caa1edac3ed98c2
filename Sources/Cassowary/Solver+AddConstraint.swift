import LinearConstraints

extension CassowaryCore {
    mutating func add(_ constraint: Constraint, id: ConstraintID) throws(SolverError) {
        guard recordOfID[id] == nil else { throw .duplicateConstraint(id) }
        guard constraint.expression.isFinite else { throw .nonFinite("constraint \(id) has a NaN or infinite number") }
        let slot = try addRecord(ConstraintRecord(constraint: constraint, tag: Tag(marker: -1), weight: 0, id: id))
        recordOfID[id] = slot
        afterOperation()
    }

    /// Adds a record's constraint to the tableau and stores the record. Throws, changing nothing,
    /// when a required constraint conflicts.
    mutating func addRecord(_ record: consuming ConstraintRecord) throws(SolverError) -> Int32 {
        let slot = freeRecords.last ?? Int32(records.count)
        let mag = magnitudeOf(record.constraint.expression)
        let savedMagnitude = magnitude
        magnitude = max(magnitude, mag)
        let required = record.constraint.priority.isRequired
        // The tolerance reads the values of the constraint's variables (under factored, an
        // evaluation through their definitions), so it is computed only when the row needs it
        // (`insertExplicit`; nothing moves a value before that).
        pendingTolerance = required ? record.constraint.expression : nil
        if required { beginJournal() }
        let (row, tag) = makeRow(record, owner: slot)
        record.tag = tag
        if record.editVariable != nil {
            tableau.hubs[Int(tag.marker)] = true
            tableau.hubs[Int(tag.other)] = true
        }
        do throws(SolverError) {
            try insert(consume row, tag: tag)
        } catch {
            let certificate = conflictCandidates
            rollback()
            magnitude = savedMagnitude
            throw .unsatisfiable(conflict: explainConflict(record.constraint, id: record.id, certificate: certificate))
        }
        if required { commitJournal() }
        if !record.constraint.priority.isRequired {
            let key = levelKey(record.constraint.priority)
            record.weight = key.weight
        }
        if slot == Int32(records.count) { records.append(consume record) } else {
            freeRecords.removeLast()
            records[Int(slot)] = consume record
        }
        infeasibleRows.removeAll(keepingCapacity: true)
        dirty = true
        return slot
    }

    func magnitudeOf(_ e: LinearExpression) -> Double {
        var m = abs(e.constant)
        for t in e.terms { m = max(m, abs(t.coefficient)) }
        return m
    }

    /// A new symbol, with room for it in every objective level.
    mutating func newSymbol(_ kind: SymbolKind, owner: Int32) -> Int32 {
        let s = tableau.newSymbol(kind, owner: owner)
        levels.grow(to: tableau.symbolCount)
        return s
    }

    /// A new external symbol for a variable seen for the first time (`HeldModel.symbol(for:)`).
    mutating func newExternal(for index: Int32) -> Int32 {
        journal?.newVariables.append(index)
        return newSymbol(.external, owner: -1)
    }

    /// The constraint as a row over parametric symbols (basic variables substituted), with its
    /// slack, dummy or error symbols, the row negated so its constant is >= 0. Kiwi's `createRow`.
    mutating func makeRow(_ record: ConstraintRecord, owner: Int32) -> (Row, Tag) {
        let c = record.constraint
        var row = Row(constant: c.expression.constant)
        let terms = c.expression.terms
        // The terms and the constraint's own slack and error: one allocation per array.
        row.syms.reserveCapacity(terms.count + 2)
        row.coefs.reserveCapacity(terms.count + 2)
        let sorted = zip(terms, terms.dropFirst()).allSatisfy { $0.variable < $1.variable }
        for term in sorted ? terms : c.expression.normalized().terms where term.coefficient != 0 {
            let s = symbol(for: term.variable)
            let r = tableau.basicRow[Int(s)]
            if r >= 0, !factored {
                let basic = tableau.rows[Int(r)]
                tableau.accumulate(&row, basic, term.coefficient)
                row.addToConstant(term.coefficient * basic.constant)
                row.constantScale = max(row.constantScale, abs(term.coefficient) * basic.constantScale)
            } else {
                row.add(s, term.coefficient)
            }
        }
        var tag = Tag(marker: -1)
        let soft = !c.priority.isRequired
        let level = soft ? levels.level(for: levelKey(c.priority).key) : -1
        let weight = soft ? levelKey(c.priority).weight : 0
        if soft { levels.refCounts[level] += 1 }
        switch c.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = c.relation == .lessThanOrEqual ? 1 : -1
            tag.marker = newSymbol(.slack, owner: owner)
            row.add(tag.marker, sign)
            if soft {
                tag.other = newSymbol(.error, owner: owner)
                row.add(tag.other, -sign)
                objectiveAdd(level, tag.other, weight)
            }
        case .equal:
            if soft {
                tag.marker = newSymbol(.error, owner: owner)
                tag.other = newSymbol(.error, owner: owner)
                row.add(tag.marker, -1)
                row.add(tag.other, 1)
                objectiveAdd(level, tag.marker, weight)
                objectiveAdd(level, tag.other, weight)
            } else {
                tag.marker = newSymbol(.dummy, owner: owner)
                row.add(tag.marker, 1)
            }
        }
        if row.constant < 0, !factored { row.scale(by: -1) }
        return (row, tag)
    }

    /// Puts a new constraint row into the tableau. Throws `.unsatisfiable([])` (the caller rolls
    /// back and explains) when the required constraints cannot hold with it.
    mutating func insert(_ row: consuming Row, tag: Tag) throws(SolverError) {
        if factored { return try insertFactored(consume row, tag: tag) }
        try insertExplicit(row, tag: tag)
    }

    /// `insert` for a row over parametric symbols only.
    mutating func insertExplicit(_ row: Row, tag: Tag) throws(SolverError) {
        if let e = pendingTolerance {
            pendingTolerance = nil
            addTolerance = tolerance(for: e)
        }
        var row = row
        var subject = chooseSubject(row, tag)
        if subject < 0, row.syms.allSatisfy({ tableau.kinds[Int($0)] == .dummy }) {
            guard abs(row.constant) <= addTolerance else {
                conflictCandidates = row.syms
                throw .unsatisfiable(conflict: [])
            }
            // Redundant within rounding: what is left is residue (constants snap only within a
            // few units in the last place now), and a dummy row holds exactly 0.
            row.constant = 0
            subject = tag.marker
        }
        if subject >= 0 {
            row.solve(for: subject)
            substitute(subject, by: row, basicSlot: -1)
            _ = tableau.install(row, basic: subject)
            return
        }
        tableau.journal?.recording = true
        try addWithArtificialVariable(row)
    }

    /// Kiwi's `chooseSubject`: an external symbol if the row has one (the one in the fewest rows,
    /// then the lowest id: fewer rows to substitute into), else the constraint's own slack or error
    /// with a negative coefficient (new symbols, so substituting them touches no other row).
    func chooseSubject(_ row: Row, _ tag: Tag) -> Int32 {
        var best: Int32 = -1
        var bestColumn = Int.max
        for s in row.syms where tableau.kinds[Int(s)] == .external {
            let n = tableau.columns[Int(s)].count
            if n < bestColumn {
                best = s
                bestColumn = n
            }
        }
        if best >= 0 { return best }
        if tableau.kinds[Int(tag.marker)].isPivotable, row.coefficient(of: tag.marker) < 0 { return tag.marker }
        if tag.other >= 0, tableau.kinds[Int(tag.other)].isPivotable, row.coefficient(of: tag.other) < 0 { return tag.other }
        return -1
    }

    /// Phase one for a row with no usable subject: an artificial symbol takes the row, and the
    /// simplex drives it to zero. Success leaves the constraint in the tableau; failure throws and
    /// the caller's rollback restores the previous tableau exactly (Kiwi leaves the row in: #52).
    mutating func addWithArtificialVariable(_ row: Row) throws(SolverError) {
        let art = newSymbol(.artificial, owner: -1)
        _ = tableau.install(row, basic: art)
        let objectiveSlot = tableau.install(row, basic: Tableau.objectiveSlot)
        optimizeArtificial(objectiveSlot)
        // The residual carries the rounding of phase one's pivots too: its tolerance follows the
        // largest magnitude that went into it (at least the add's own tolerance).
        let objective = tableau.rows[Int(objectiveSlot)]
        let residual = objective.constant
        let success = abs(residual) <= max(addTolerance, objective.constantScale * 1e-14)
        if !success { conflictCandidates = tableau.rows[Int(objectiveSlot)].syms }
        _ = tableau.uninstall(objectiveSlot)
        if !success { throw .unsatisfiable(conflict: []) }
        let artRow = tableau.basicRow[Int(art)]
        if artRow >= 0 {
            var basic = tableau.uninstall(artRow)
            basic.constant = 0
            if !basic.syms.isEmpty {
                let entering = basic.syms.first { tableau.kinds[Int($0)].isPivotable } ?? basic.syms[0]
                basic.solve(lhs: art, rhs: entering)
                basic.remove(art)
                substitute(entering, by: basic, basicSlot: -1)
                _ = tableau.install(basic, basic: entering)
            }
        }
        tableau.liveColumn(art)
        for r in tableau.columnScratch { tableau.withRow(r) { row, _ in row.remove(art) } }
        for l in 0..<levels.count where levels.coefs[l][Int(art)] != 0 {
            objectiveAdd(l, art, -levels.coefs[l][Int(art)])
        }
        tableau.freeSymbol(art)
    }

    /// Primal simplex on the phase-one objective row in slot `o` (Bland's rule in pivoting order).
    mutating func optimizeArtificial(_ o: Int32) {
        var skipped: [Int32] = []
        while true {
            let row = tableau.rows[Int(o)]
            var entering: Int32 = -1
            // A coefficient below 1e-12 of the row's largest is residue carried in from earlier
            // eliminations (the relative snap catches only what one addition cancels): taken as a
            // pivot it accepted an infeasible add by pushing values to 4e12
            // (Regressions/infeasible-add-accepted-through-a-small-multiplier).
            var largest = 0.0
            for c in row.coefs { largest = max(largest, abs(c)) }
            let floor = max(Self.pivotTolerance, largest * Self.relativePivotTolerance)
            for k in 0..<row.syms.count {
                let s = row.syms[k]
                if row.coefs[k] < -floor, tableau.kinds[Int(s)] != .dummy, !skipped.contains(s),
                    entering < 0 || tableau.order(s) < tableau.order(entering)
                {
                    entering = s
                }
            }
            guard entering >= 0 else { return }
            guard let r = leavingRow(for: entering) else {
                noiseSkips += 1
                skipped.append(entering)
                continue
            }
            pivot(entering: entering, row: r)
        }
    }
}
