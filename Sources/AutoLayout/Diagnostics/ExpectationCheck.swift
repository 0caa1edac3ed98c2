import LinearConstraints

extension LayoutCase {
    /// The expectations that apply on `configuration`: the `*` entry and the entry whose key
    /// names the same configuration (keys are parsed, so `iphone-8:portrait` matches `iphone-8`),
    /// in file order.
    public func expectations(for configuration: DeviceConfiguration) -> [DeviceExpectation] {
        let custom = customDevices
        return expect.filter { e in
            if e.device == "*" { return true }
            return (try? DeviceSpec.configuration(e.device, customDevices: custom))?.id == configuration.id
        }
    }

    /// Every way `result` differs from the expectations that apply on its device, one sentence
    /// each; empty when all hold. Frames must match within the expectation's tolerance (1e-6
    /// points unless it gives one: frames are pixel-snapped); `misplaced` frames are not checked,
    /// nor the `ambiguous` list of an expectation with a tolerance (another engine's marks);
    /// `ambiguous` is compared as a set of view ids, `conflicts` as a set of identifier sets.
    public func mismatches(_ result: LayoutResult, on configuration: DeviceConfiguration) -> [String] {
        var out: [String] = []
        for e in expectations(for: configuration) {
            let key = "expect[\"\(e.device)\"]"
            for f in e.frames ?? [] {
                guard let got = result.frame(of: f.view) else {
                    out.append("\(key).frames.\(f.view): no such view in the result")
                    continue
                }
                if !zip(got.components, f.frame.components).allSatisfy({ abs($0 - $1) <= e.frameTolerance }) {
                    out.append("\(key).frames.\(f.view): expected \(f.frame), got \(got)")
                }
            }
            // Another engine's ambiguity marks (an expectation with a tolerance) are compared by
            // the agreement report (`strut replay`), not held as an expectation.
            if let expected = e.ambiguous, e.tolerance == nil {
                if let reported = result.ambiguous {
                    let got = reported.map(\.view)
                    if Set(got) != Set(expected) {
                        out.append("\(key).ambiguous: expected \(expected), got \(got) (\(reported.map { "\($0.view): \($0.attributes.joined(separator: ","))" }))")
                    }
                } else {
                    out.append("\(key).ambiguous: strategy \(result.strategy) does not report ambiguity")
                }
            }
            if let expected = e.conflicts {
                let got = result.conflicts.map { $0.constraints.sorted() }
                if Set(got) != Set(expected.map { $0.sorted() }) {
                    out.append("\(key).conflicts: expected \(expected), got \(got)")
                }
            }
        }
        return out
    }
}
