/// Device specs: the text forms that name device configurations on the command line
/// (`--device`) and in a case file's `devices` list.
///
/// ```
/// spec          ::= item (',' item)*                 spaces around items are ignored
/// item          ::= group (':' orientation)? | configuration
/// group         ::= 'all' | 'phones' | 'ipads' | 'splits'
/// configuration ::= id (':' orientation (':' split)?)?
/// orientation   ::= 'portrait' | 'landscape'
/// split         ::= 'half' | 'third' | 'two-thirds' | 'slide-over'
/// ```
/// `all` is every catalog device in portrait then landscape (splits excluded), `phones` and
/// `ipads` the same for the phones or the iPads, a group with an orientation only that
/// orientation; `splits` is every split configuration of every iPad. Results keep spec order,
/// catalog order inside a group, and drop repeats. Unknown names fail with the nearest valid name.
public enum DeviceSpec {
    /// The group names a spec item may use instead of a device id.
    public static let groups = ["all", "phones", "ipads", "splits"]

    /// Parses a comma-separated spec into configurations, in order, without repeats.
    /// `customDevices` are extra devices whose ids the spec may name (a case's custom devices).
    /// - Throws: `DeviceError` naming the offending item.
    /// - Complexity: O(items × catalog) plus the suggestion search on error.
    public static func parse(_ text: String, customDevices: [Device] = []) throws(DeviceError) -> [DeviceConfiguration] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { trimmed($0) }
        guard !(items.count == 1 && items[0].isEmpty) else {
            throw .malformedSpec(spec: text, reason: "empty; name a device id or one of \(groups.joined(separator: ", "))")
        }
        var result: [DeviceConfiguration] = []
        var seen = Set<String>()
        for item in items {
            guard !item.isEmpty else { throw .malformedSpec(spec: text, reason: "an empty item between commas") }
            for configuration in try parseItem(item, customDevices: customDevices)
            where seen.insert(configuration.id).inserted {
                result.append(configuration)
            }
        }
        return result
    }

    /// Parses one configuration id, `id[:orientation[:split]]`: no groups, no lists.
    public static func configuration(_ text: String, customDevices: [Device] = []) throws(DeviceError) -> DeviceConfiguration {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 3 else {
            throw .malformedSpec(spec: text, reason: "too many \":\" parts; expected id[:orientation[:split]]")
        }
        let device = try lookUp(parts[0], customDevices: customDevices)
        let orientation = try parts.count > 1 ? orientation(parts[1], spec: text) : .portrait
        var split: SplitPane?
        if parts.count == 3 {
            guard let pane = SplitPane(rawValue: parts[2]) else {
                let names = SplitPane.allCases.map(\.rawValue)
                throw .unknownSplit(spec: text, text: parts[2], suggestion: nearest(parts[2], among: names))
            }
            split = pane
        }
        return try DeviceConfiguration(device: device, orientation: orientation, split: split)
    }

    private static func parseItem(_ item: String, customDevices: [Device]) throws(DeviceError) -> [DeviceConfiguration] {
        let parts = item.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard groups.contains(parts[0]) else { return [try configuration(item, customDevices: customDevices)] }
        guard parts.count <= 2, parts[0] != "splits" || parts.count == 1 else {
            throw .malformedSpec(spec: item, reason: "a group takes at most an orientation (\"splits\" takes none)")
        }
        let members = parts[0] == "phones" ? DeviceCatalog.phones
            : parts[0] == "all" ? DeviceCatalog.all : DeviceCatalog.pads
        if parts[0] == "splits" {
            return members.flatMap { $0.configurations.filter { $0.split != nil } }
        }
        let orientations: [DeviceOrientation] = try parts.count == 2 ? [orientation(parts[1], spec: item)] : [.portrait, .landscape]
        return orientations.flatMap { o in
            members.map { DeviceConfiguration(uncheckedDevice: $0, orientation: o, split: nil) }
        }
    }

    private static func lookUp(_ id: String, customDevices: [Device]) throws(DeviceError) -> Device {
        if let device = customDevices.first(where: { $0.id == id }) ?? DeviceCatalog.device(id: id) { return device }
        let valid = customDevices.map(\.id) + DeviceCatalog.ids
        throw .unknownDevice(text: id, suggestion: nearest(id, among: valid + groups), valid: valid + groups)
    }

    private static func orientation(_ text: String, spec: String) throws(DeviceError) -> DeviceOrientation {
        guard let o = DeviceOrientation(rawValue: text) else { throw .unknownOrientation(spec: spec, text: text) }
        return o
    }

    private static func trimmed(_ s: Substring) -> String {
        String(s.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The candidate nearest to `text` by edit distance (ignoring case), if it is close enough to
    /// be a typo: at most max(2, ⌊length / 3⌋) edits. Ties go to the earlier candidate.
    static func nearest(_ text: String, among candidates: [String]) -> String? {
        let limit = max(2, text.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = editDistance(text.lowercased(), candidate.lowercased())
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// Levenshtein distance over characters. O(|a|·|b|) time, O(|b|) space.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, cb) in b.enumerated() {
                current[j + 1] = min(previous[j] + (ca == cb ? 0 : 1), previous[j + 1] + 1, current[j] + 1)
            }
            previous = current
        }
        return previous[b.count]
    }
}
