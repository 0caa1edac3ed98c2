import LinearConstraints

extension CassowaryCore {
    /// Takes a record's constraint out of the tableau cleanly: its error terms leave the objective,
    /// its marker is pivoted into the basis and that row dropped, and its symbols are freed, so no
    /// trace of it remains (Kiwi's `removeConstraint`, plus scrubbing rounding residue).
    mutating func removeRecord(_ slot: Int32) {
        guard let record = records[Int(slot)] else { return }
        let tag = record.tag
        let soft = !record.constraint.priority.isRequired
        var level = -1
        if soft, let l = levels.existingLevel(for: levelKey(record.constraint.priority).key) {
            level = l
            removeObjectiveEffects(tag, level: l, weight: record.weight)
        }
        if tableau.basicRow[Int(tag.marker)] >= 0 {
            _ = tableau.uninstall(tableau.basicRow[Int(tag.marker)])
        } else if let r = markerLeavingRow(tag.marker) {
            pivot(entering: tag.marker, row: r)
            _ = tableau.uninstall(tableau.basicRow[Int(tag.marker)])
        }
        scrub(tag.marker)
        if tag.other >= 0 {
            if tableau.basicRow[Int(tag.other)] >= 0 { _ = tableau.uninstall(tableau.basicRow[Int(tag.other)]) }
            scrub(tag.other)
        }
        tableau.freeSymbol(tag.marker)
        if tag.other >= 0 { tableau.freeSymbol(tag.other) }
        records[Int(slot)] = nil
        freeRecords.append(slot)
        if level >= 0 {
            levels.refCounts[level] -= 1
            if levels.refCounts[level] == 0 { levels.removeLevel(level) }
        }
        dirty = true
    }

    /// Subtracts the record's weighted error symbols from its objective level.
    mutating func removeObjectiveEffects(_ tag: Tag, level l: Int, weight: Double) {
        for s in [tag.marker, tag.other] where s >= 0 && tableau.kinds[Int(s)] == .error {
            let r = tableau.basicRow[Int(s)]
            if r >= 0 {
                let row = tableau.rows[Int(r)]
                for k in 0..<row.syms.count { objectiveAdd(l, row.syms[k], -weight * row.coefs[k]) }
                levels.constants[l] = snap(levels.constants[l], -weight * row.constant)
            } else {
                objectiveAdd(l, s, -weight)
            }
        }
    }

    /// Removes every remaining occurrence of a dead symbol (exactly zero columns in exact
    /// arithmetic; only rounding residue can be left) from the rows and the objective.
    mutating func scrub(_ s: Int32) {
        tableau.liveColumn(s)
        for r in tableau.columnScratch { tableau.withRow(r) { row, _ in row.remove(s) } }
        tableau.columns[Int(s)].removeAll(keepingCapacity: false)
        for l in 0..<levels.count where levels.coefs[l][Int(s)] != 0 {
            objectiveAdd(l, s, -levels.coefs[l][Int(s)])
        }
    }

    /// Kiwi's `getMarkerLeavingRow`, with one rule first: a dummy marker leaves through a row whose
    /// basic symbol is a dummy (a redundant required equality, `d' = d`), so the redundant
    /// constraint takes over the removed one's place and no dummy ever takes a non-zero value.
    /// Otherwise: a restricted row where the marker has a negative coefficient (smallest ratio),
    /// then a restricted row with a positive one, then any row. Ties go to the lowest basic symbol.
    mutating func markerLeavingRow(_ marker: Int32) -> Int32? {
        if factored { materializeDefinitions(holding: marker) }
        tableau.liveColumn(marker)
        if tableau.kinds[Int(marker)] == .dummy {
            var best: (Int32, Int32)? = nil
            for r in tableau.columnScratch {
                let b = tableau.rowBasic[Int(r)]
                guard b >= 0, tableau.kinds[Int(b)] == .dummy else { continue }
                if best == nil || b < best!.1 { best = (r, b) }
            }
            if let best { return best.0 }
        }
        var first: (Int32, Double, Int32)? = nil
        var second: (Int32, Double, Int32)? = nil
        var third: (Int32, Int32)? = nil
        for r in tableau.columnScratch {
            let b = tableau.rowBasic[Int(r)]
            guard b >= 0 else { continue }
            let row = tableau.rows[Int(r)]
            let c = row.coefficient(of: marker)
            guard c != 0 else { continue }
            if !tableau.kinds[Int(b)].isRestricted {
                if third == nil || b < third!.1 { third = (r, b) }
            } else if c < 0 {
                let ratio = -row.constant / c
                if first == nil || ratio < first!.1 || (ratio == first!.1 && b < first!.2) { first = (r, ratio, b) }
            } else {
                let ratio = row.constant / c
                if second == nil || ratio < second!.1 || (ratio == second!.1 && b < second!.2) { second = (r, ratio, b) }
            }
        }
        return first?.0 ?? second?.0 ?? third?.0
    }
}
