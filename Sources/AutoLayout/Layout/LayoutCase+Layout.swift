import LinearConstraints

extension LayoutCase {
    /// The case's `devices` as configurations (catalog ids and custom devices), in order; nil
    /// when the case lists none (the runner's devices apply).
    /// - Throws: `CaseError` naming the bad entry (`$.devices[1]`).
    public func deviceConfigurations() throws(CaseError) -> [DeviceConfiguration]? {
        try validateDevices()
    }

    /// The custom devices the case declares, which device specs may name.
    public var customDevices: [Device] {
        devices?.compactMap { d -> Device? in if case .custom(let c) = d { c } else { nil } } ?? []
    }
}
