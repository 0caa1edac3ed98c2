import LinearConstraints

extension LayoutCase {
    /// The case's device configurations, each id checked against the catalog and the case's
    /// custom devices (`DeviceSpec.configuration`); nil when the case names none.
    func validateDevices() throws(CaseError) -> [DeviceConfiguration]? {
        guard let devices else { return nil }
        let path = JSONPath.root.key("devices")
        guard !devices.isEmpty else { throw CaseError(path, "an empty device list; leave \"devices\" out to use the runner's devices") }
        var custom: [Device] = []
        for (i, d) in devices.enumerated() {
            guard case .custom(let device) = d else { continue }
            guard !custom.contains(where: { $0.id == device.id }) else {
                throw CaseError(path.index(i).key("id"), "custom device \"\(device.id)\" is declared twice")
            }
            custom.append(device)
        }
        var out: [DeviceConfiguration] = []
        for (i, d) in devices.enumerated() {
            let configuration: DeviceConfiguration
            switch d {
            case .custom(let device): configuration = DeviceConfiguration(uncheckedDevice: device, orientation: .portrait, split: nil)
            case .id(let text):
                do { configuration = try DeviceSpec.configuration(text, customDevices: custom) } catch {
                    throw CaseError(path.index(i), error.description)
                }
            }
            guard !out.contains(where: { $0.id == configuration.id }) else {
                throw CaseError(path.index(i), "device \"\(configuration.id)\" is listed twice")
            }
            out.append(configuration)
        }
        return out
    }

    /// Expectation keys are `*` or device ids (those of `devices` when it is given), frames name
    /// views and hold finite numbers with non-negative sizes, ambiguity names views, and each
    /// conflict set is a non-empty list of non-empty identifiers.
    func validateExpectations(_ tree: ViewTree, configurations: [DeviceConfiguration]?) throws(CaseError) {
        let path = JSONPath.root.key("expect")
        let custom = devices?.compactMap { d -> Device? in if case .custom(let c) = d { c } else { nil } } ?? []
        var seen: [String] = []
        for e in expect {
            let at = path.key(e.device)
            guard !seen.contains(e.device) else { throw CaseError(at, "expectations for \"\(e.device)\" are given twice") }
            seen.append(e.device)
            if e.device != "*" { try checkExpectationDevice(e.device, at, configurations, custom) }
            if let t = e.tolerance, !(t.isFinite && t >= 0) {
                throw CaseError(at.key("tolerance"), "a tolerance is a finite number of points, 0 or more")
            }
            for (key, f) in (e.frames ?? []).map({ ("frames", $0) }) + (e.misplaced ?? []).map({ ("misplaced", $0) }) {
                let fp = at.key(key).key(f.view)
                guard tree.view(id: f.view) != nil else { throw CaseError(fp, "unknown view \"\(f.view)\"") }
                guard f.frame.components.allSatisfy(\.isFinite) else { throw CaseError(fp, "numbers must be finite") }
                guard f.frame.width >= 0, f.frame.height >= 0 else { throw CaseError(fp, "a frame's width and height must not be negative") }
            }
            for (k, id) in (e.ambiguous ?? []).enumerated() where tree.view(id: id) == nil {
                throw CaseError(at.key("ambiguous").index(k), "unknown view \"\(id)\"")
            }
            for (k, set) in (e.conflicts ?? []).enumerated() {
                guard !set.isEmpty, set.allSatisfy({ !$0.isEmpty }) else {
                    throw CaseError(at.key("conflicts").index(k), "a conflict set lists one or more constraint identifiers")
                }
            }
        }
    }

    func checkExpectationDevice(_ id: String, _ at: JSONPath, _ configurations: [DeviceConfiguration]?, _ custom: [Device]) throws(CaseError) {
        let configuration: DeviceConfiguration
        do { configuration = try DeviceSpec.configuration(id, customDevices: custom) } catch {
            throw CaseError(at, "expectations are keyed by a device id or \"*\": \(error.description)")
        }
        if let configurations, !configurations.contains(where: { $0.id == configuration.id }) {
            throw CaseError(at, "device \"\(id)\" is not in the case's devices, so this expectation would never be checked")
        }
    }
}
