import AutoLayout
import LinearConstraints

/// The four peer workloads as view trees (layout cases), constraint for constraint the
/// definitions of docs/peers.md that `PeerWorkload` builds at solver level.
///
/// Mapping: the root is `main`, views are `v0 ... v{N-1}`, and each constraint carries the
/// workload's name for it as identifier (`v12.left`), so conflict reports and system files agree.
/// The root's `l == 0`, `t == 0` are the root frame's origin; its width and height (edit variables
/// at 999 in the system file) are the screen of two custom devices, `peer-portrait` and
/// `peer-landscape`, sized by `PeerWorkload.rootSize`. Because the root's origin is 0, the
/// workload's `root.w − 8` is the root's right edge `main.right - 8` (and likewise for heights).
/// Lowest is 250 and middle 750, as `PeerWorkload` maps them.
extension PeerWorkload {
    /// The workload as a case. O(views).
    func layoutCase(_ request: GenerationRequest) -> LayoutCase {
        var b = CaseBuilder(capacity: views + 1)
        for i in 0..<views { b.view("v\(i)", in: "main") }
        for i in 0..<views {
            switch kind {
            case .flat: addFlat(i, &b)
            case .hug: addCellEdges(i, &b); addHug(i, &b)
            case .grid: addCellEdges(i, &b); addGrid(i, &b)
            case .chain: addChain(i, &b)
            }
        }
        b.devices = Orientation.allCases.map { .custom(peerDevice($0)) }
        if isDetermined {
            b.expectDetermined()
        } else {
            b.expect.append(DeviceExpectation(device: "*", conflicts: []))
        }
        return b.finish(request, "the \(kind) workload of docs/peers.md with \(views) views")
    }

    /// Flat and chain always have one optimum; a grid does when its last row is full (the
    /// closed form of `expectedObjective`); hug never promises one (hugging and the preferred
    /// right edge trade one for one, so a row's slack may sit anywhere).
    var isDetermined: Bool {
        switch kind {
        case .flat, .chain: true
        case .grid: views % columns == 0
        case .hug: false
        }
    }

    /// The ids of the custom devices every peer case carries (`peerDevice`): not catalog devices,
    /// since their screens depend on the workload and its size.
    public static let caseDeviceIDs = Orientation.allCases.map { "peer-\($0.rawValue)" }

    /// The custom device whose screen is the root size in `orientation`, scale 1, no safe area.
    func peerDevice(_ orientation: Orientation) -> Device {
        let s = rootSize(orientation)
        let classes = orientation == .portrait
            ? SizeClasses(horizontal: .compact, vertical: .regular) : SizeClasses(horizontal: .regular, vertical: .compact)
        return Device(
            id: "peer-\(orientation.rawValue)", models: "", portraitSize: PointSize(width: s.width, height: s.height), scale: 1,
            portraitSafeArea: .zero, landscapeSafeArea: .zero, kind: .custom(classes))
    }

    private func id(_ i: Int, _ role: WorkloadConstraint.Role) -> String { "v\(i).\(role.rawValue)" }

    private func addFlat(_ i: Int, _ b: inout CaseBuilder) {
        let v = "v\(i)"
        b.add(a(v, .left), .equal, a("main", .left), 16, id: id(i, .left))
        b.add(a(v, .right), .equal, a("main", .right), -16, id: id(i, .right))
        b.add(a(v, .top), .equal, a("main", .top), 8 + 52 * Double(i), id: id(i, .top))
        b.size(a(v, .height), .greaterThanOrEqual, 20, id: id(i, .minHeight))
        b.size(a(v, .height), .equal, 44, priority: Self.lowest, id: id(i, .preferredHeight))
        b.size(a(v, .width), .lessThanOrEqual, 600, priority: Self.middle, id: id(i, .maxWidth))
    }

    private func addCellEdges(_ i: Int, _ b: inout CaseBuilder) {
        let v = "v\(i)"
        let left = i % columns == 0 ? a("main", .left) : a("v\(i - 1)", .right)
        let top = i < columns ? a("main", .top) : a("v\(i - columns)", .bottom)
        b.add(a(v, .left), .equal, left, 8, id: id(i, .left))
        b.add(a(v, .top), .equal, top, 8, id: id(i, .top))
        b.size(a(v, .width), .greaterThanOrEqual, 10, id: id(i, .minWidth))
        b.size(a(v, .height), .greaterThanOrEqual, 20, id: id(i, .minHeight))
    }

    private func addHug(_ i: Int, _ b: inout CaseBuilder) {
        let v = "v\(i)"
        if Self.isLastInRow(i, views: views, columns: columns) {
            b.add(a(v, .right), .lessThanOrEqual, a("main", .right), -8, id: id(i, .rightLimit))
            b.add(a(v, .right), .equal, a("main", .right), -8, priority: Self.lowest, id: id(i, .rightPreferred))
        }
        if Self.isLastInColumn(i, views: views, columns: columns) {
            b.add(a(v, .bottom), .lessThanOrEqual, a("main", .bottom), -8, id: id(i, .bottomLimit))
            b.add(a(v, .bottom), .equal, a("main", .bottom), -8, priority: Self.lowest, id: id(i, .bottomPreferred))
        }
        b.size(a(v, .width), .lessThanOrEqual, 80, priority: Self.lowest, id: id(i, .hugWidth))
        b.size(a(v, .height), .lessThanOrEqual, 44, priority: Self.lowest, id: id(i, .hugHeight))
        b.size(a(v, .width), .greaterThanOrEqual, 40, priority: Self.middle, id: id(i, .compressWidth))
        b.size(a(v, .height), .greaterThanOrEqual, 30, priority: Self.middle, id: id(i, .compressHeight))
    }

    private func addGrid(_ i: Int, _ b: inout CaseBuilder) {
        let v = "v\(i)"
        if Self.isLastInRow(i, views: views, columns: columns) {
            b.add(a(v, .right), .equal, a("main", .right), -8, id: id(i, .right))
        }
        if Self.isLastInColumn(i, views: views, columns: columns) {
            b.add(a(v, .bottom), .equal, a("main", .bottom), -8, id: id(i, .bottom))
        }
        if i % columns != 0 {
            b.add(a(v, .width), .equal, a("v\(i - 1)", .width), priority: Self.middle, id: id(i, .equalWidth))
        }
        if i >= columns {
            b.add(a(v, .height), .equal, a("v\(i - columns)", .height), priority: Self.middle, id: id(i, .equalHeight))
        }
        b.size(a(v, .width), .equal, 80, priority: Self.lowest, id: id(i, .preferredWidth))
        b.size(a(v, .height), .equal, 44, priority: Self.lowest, id: id(i, .preferredHeight))
    }

    private func addChain(_ i: Int, _ b: inout CaseBuilder) {
        let v = "v\(i)"
        b.add(a(v, .left), .equal, i == 0 ? a("main", .left) : a("v\(i - 1)", .right), 8, id: id(i, .left))
        b.add(a(v, .top), .equal, a("main", .top), 8, id: id(i, .top))
        b.size(a(v, .width), .greaterThanOrEqual, 10, id: id(i, .minWidth))
        b.size(a(v, .height), .greaterThanOrEqual, 20, id: id(i, .minHeight))
        b.add(a(v, .bottom), .lessThanOrEqual, a("main", .bottom), -8, id: id(i, .bottomLimit))
        if i == views - 1 { b.add(a(v, .right), .equal, a("main", .right), -8, id: id(i, .right)) }
        if i > 0 { b.add(a(v, .width), .equal, a("v\(i - 1)", .width), priority: Self.middle, id: id(i, .equalWidth)) }
        b.size(a(v, .width), .equal, 80, priority: Self.lowest, id: id(i, .preferredWidth))
        b.size(a(v, .height), .equal, 44, priority: Self.lowest, id: id(i, .preferredHeight))
    }
}
