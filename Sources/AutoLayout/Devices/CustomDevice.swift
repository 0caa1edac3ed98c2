import LinearConstraints

/// Custom devices: a case file's `devices` list may hold an object instead of a catalog id,
/// `{ "id": "tv", "size": [1920, 1080], "scale": 1, "safeArea": [0, 0, 0, 0], "sizeClass": "wR hC" }`
/// (`docs/case-format.md`, "Devices"). A custom device has one orientation, the size it declares.
extension Device {
    /// The fields a custom device object may have, in the order the writer emits them.
    public static let customDeviceFields = ["id", "size", "scale", "safeArea", "sizeClass"]

    /// Reads a custom device object found at JSON path `path` (e.g. `$.devices[2]`).
    ///
    /// Rules: `id` a non-empty string without `:`, `,` or spaces that is neither a catalog id nor a
    /// group name; `size` two finite numbers > 0; `scale` a finite number > 0; `safeArea` (optional,
    /// default zeros) four finite numbers >= 0 as top, left, bottom, right that leave a non-negative
    /// safe size; `sizeClass` both classes, `"wR hC"`. No other fields.
    /// - Throws: `DeviceError.badCustomDevice` / `.badSizeClass` with the path of the bad value.
    public init(customJSON json: JSONValue, path: String) throws(DeviceError) {
        guard case .object(let members) = json else {
            throw .badCustomDevice(path: path, reason: "a custom device must be an object, found \(json.kindName)")
        }
        if let extra = members.first(where: { !Self.customDeviceFields.contains($0.key) }) {
            throw .badCustomDevice(
                path: "\(path).\(extra.key)",
                reason: "unknown field; a custom device has \(Self.customDeviceFields.joined(separator: ", "))")
        }
        let id = try Self.customID(json["id"], path: "\(path).id")
        let size = try Self.numbers(json["size"], count: 2, path: "\(path).size", minimum: .positive)
        let scale = try Self.numbers(json["scale"].map { .array([$0]) }, count: 1, path: "\(path).scale", minimum: .positive)[0]
        let insets = try json["safeArea"].map { v throws(DeviceError) in
            try Self.numbers(v, count: 4, path: "\(path).safeArea", minimum: .zero)
        } ?? [0, 0, 0, 0]
        guard insets[0] + insets[2] <= size[1], insets[1] + insets[3] <= size[0] else {
            throw .badCustomDevice(path: "\(path).safeArea", reason: "the insets are larger than the screen \(formatJSONNumber(size[0]))×\(formatJSONNumber(size[1]))")
        }
        guard case .string(let classText)? = json["sizeClass"] else {
            throw .badCustomDevice(path: "\(path).sizeClass", reason: "required: a string such as \"wR hC\"")
        }
        let classes = try SizeClasses(parsing: classText, path: "\(path).sizeClass")
        let safe = SafeAreaInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3])
        self.init(
            id: id, models: "", portraitSize: PointSize(width: size[0], height: size[1]), scale: scale,
            portraitSafeArea: safe, landscapeSafeArea: safe, kind: .custom(classes))
    }

    /// The custom device as a case file writes it (reading it back gives an equal device).
    /// Precondition: `isCustom`.
    public var customJSON: JSONValue {
        guard case .custom(let classes) = kind else { preconditionFailure("customJSON of catalog device \(id)") }
        let s = portraitSafeArea
        return .object([
            ("id", .string(id)),
            ("size", .array([.number(portraitSize.width), .number(portraitSize.height)])),
            ("scale", .number(scale)),
            ("safeArea", .array([s.top, s.left, s.bottom, s.right].map { .number($0) })),
            ("sizeClass", .string(classes.description)),
        ])
    }

    private static func customID(_ value: JSONValue?, path: String) throws(DeviceError) -> String {
        guard case .string(let id)? = value else {
            throw .badCustomDevice(path: path, reason: "required: a string naming the device")
        }
        guard !id.isEmpty, !id.contains(where: { $0 == ":" || $0 == "," || $0 == " " }) else {
            throw .badCustomDevice(path: path, reason: "\"\(id)\" is not a usable id (non-empty, no \":\", \",\" or spaces)")
        }
        guard DeviceCatalog.device(id: id) == nil, !DeviceSpec.groups.contains(id) else {
            throw .badCustomDevice(path: path, reason: "\"\(id)\" is already a catalog device or group; choose another id")
        }
        return id
    }

    private enum Minimum { case zero, positive }

    private static func numbers(_ value: JSONValue?, count: Int, path: String, minimum: Minimum) throws(DeviceError) -> [Double] {
        let shape = count == 1 ? "a number" : "an array of \(count) numbers"
        guard case .array(let items)? = value, items.count == count else {
            throw .badCustomDevice(path: path, reason: value == nil ? "required: \(shape)" : "expected \(shape)")
        }
        var result: [Double] = []
        for (i, item) in items.enumerated() {
            let itemPath = count == 1 ? path : "\(path)[\(i)]"
            guard case .number(let d) = item else {
                throw .badCustomDevice(path: itemPath, reason: "expected a number, found \(item.kindName)")
            }
            guard d.isFinite else {
                throw .badCustomDevice(path: itemPath, reason: "\(d) is not a finite number")
            }
            guard d >= 0 else {
                throw .badCustomDevice(path: itemPath, reason: "\(formatJSONNumber(d)): negative values are not allowed")
            }
            guard minimum == .zero || d > 0 else {
                throw .badCustomDevice(path: itemPath, reason: "0: must be greater than 0")
            }
            result.append(d)
        }
        return result
    }
}
