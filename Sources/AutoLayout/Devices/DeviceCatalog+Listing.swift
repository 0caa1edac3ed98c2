import LinearConstraints

/// The catalog as `strut devices` prints it: a text table or JSON, one entry per configuration.
extension DeviceCatalog {
    /// JSON for a list of devices: per device its id, models, portrait size, scale, whether a fact
    /// is uncertain, and every configuration (portrait, landscape, iPad splits) with its window
    /// size, safe area (top, left, bottom, right), size classes and system minimum margins.
    public static func listingJSON(_ devices: [Device] = all) -> JSONValue {
        .array(devices.map { device in
            .object([
                ("id", .string(device.id)),
                ("models", .string(device.models)),
                ("size", sizeJSON(device.portraitSize)),
                ("scale", .number(device.scale)),
                ("uncertain", .bool(device.uncertain)),
                ("configurations", .array(device.configurations.map(configurationJSON))),
            ])
        })
    }

    /// One configuration's numbers as JSON (the element of `listingJSON`'s `configurations`).
    public static func configurationJSON(_ c: DeviceConfiguration) -> JSONValue {
        let s = c.safeArea
        let m = c.systemMinimumLayoutMargins
        return .object([
            ("id", .string(c.id)),
            ("orientation", .string(c.orientation.rawValue)),
            ("split", c.split.map { .string($0.rawValue) } ?? .null),
            ("size", sizeJSON(c.screenSize)),
            ("scale", .number(c.scale)),
            ("safeArea", .array([s.top, s.left, s.bottom, s.right].map { .number($0) })),
            ("sizeClass", .string(c.sizeClasses.description)),
            ("minimumMargins", .array([m.top, m.leading, m.bottom, m.trailing].map { .number($0) })),
        ])
    }

    /// A text table: a heading line per device (id, models, scale), then one row per
    /// configuration: id, size in points, safe area top/left/bottom/right, size classes, minimum
    /// leading/trailing margin. Columns are padded to line up; O(configurations) lines.
    public static func listingText(_ devices: [Device] = all) -> String {
        var rows: [[String]] = [["configuration", "points", "safe area t/l/b/r", "classes", "margins"]]
        var headings: [Int: String] = [:]
        for device in devices {
            let note = device.uncertain ? "  (some values uncertain)" : ""
            headings[rows.count] = "\(device.id): \(device.models), @\(formatJSONNumber(device.scale))x\(note)"
            for c in device.configurations {
                rows.append([
                    "  " + c.id, c.screenSize.description, c.safeArea.description,
                    c.sizeClasses.description, formatJSONNumber(c.systemMinimumLayoutMargins.leading),
                ])
            }
        }
        let widths = (0..<rows[0].count).map { col in rows.map { $0[col].count }.max() ?? 0 }
        var lines: [String] = []
        for (i, row) in rows.enumerated() {
            if let heading = headings[i] { lines.append(heading) }
            let cells = row.enumerated().map { col, cell in
                col == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[col] - cell.count)
            }
            lines.append(cells.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    private static func sizeJSON(_ size: PointSize) -> JSONValue {
        .array([.number(size.width), .number(size.height)])
    }
}
