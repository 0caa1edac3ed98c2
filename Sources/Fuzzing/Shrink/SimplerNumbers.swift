import LinearConstraints

/// Candidate simplifications of one number, each strictly simpler than the number by a
/// well-founded measure, so that repeated simplification ends.
enum SimplerNumbers {
    /// Simpler lengths, constants and values: 0, the integer part, the nearest integer, half
    /// (as an integer). "Simpler" orders by (is not an integer, magnitude): 37.123 > 37 > 18 > 0.
    static func lengths(_ x: Double, nonNegative: Bool = false) -> [Double] {
        let options = [0, x.rounded(.towardZero), x.rounded(), (x / 2).rounded(.towardZero)]
        return distinct(options.filter { (!nonNegative || $0 >= 0) && isSimpler($0, than: x) })
    }

    /// Simpler multipliers or coefficients: 1 first, then those of `lengths` except 0 (a zero
    /// coefficient would drop the term; terms have their own removal pass).
    static func factors(_ x: Double) -> [Double] {
        let options = [1] + lengths(x).filter { $0 != 0 }
        return distinct(options.filter { $0 != x && factorRank($0) <= factorRank(x) && ($0 == 1 || isSimpler($0, than: x)) })
    }

    /// Simpler priorities: required, then the named levels 750 and 250, then the nearest
    /// integer. Ranked required < named < integer < fraction.
    static func priorities(_ p: Priority) -> [Priority] {
        let options: [Float] = [1000, 750, 250, p.value.rounded()]
        return distinct(options.filter { Priority.isValid($0) && priorityRank($0) < priorityRank(p.value) }).map { Priority($0) }
    }

    static func isSimpler(_ a: Double, than b: Double) -> Bool {
        let ra = a == a.rounded() ? 0 : 1, rb = b == b.rounded() ? 0 : 1
        return ra != rb ? ra < rb : abs(a) < abs(b)
    }

    static func factorRank(_ x: Double) -> Int { x == 1 ? 0 : x == x.rounded() ? 1 : 2 }

    static func priorityRank(_ v: Float) -> Int {
        if v == 1000 { return 0 }
        if v == 750 || v == 250 { return 1 }
        return v == v.rounded() ? 2 : 3
    }

    static func distinct<T: Equatable>(_ items: [T]) -> [T] {
        var out: [T] = []
        for x in items where !out.contains(x) { out.append(x) }
        return out
    }
}
