/// One layout case (docs/case-format.md): a view hierarchy with its constraints, the devices to
/// lay it out on and what the layout is expected to give.
///
/// A plain value holding the file as written (optional fields nil when absent). Read it with
/// `init(jsonText:)`, write it with `jsonText()`; `validate()` checks its meaning and returns the
/// model (`ViewTree`). Reading validates, so a case read from a file is always valid.
public struct LayoutCase: Hashable, Sendable {
    public var name: String
    public var description: String?
    /// Case-wide defaults for views; only `translatesAutoresizingMask` exists.
    public var defaults: Defaults
    /// Id of the view controller's main view; it must be the first view.
    public var root: String
    public var views: [ViewSpec]
    public var constraints: [ConstraintSpec]
    /// Visual formats, stored as written; turned into constraints by the lowering.
    public var formats: [FormatSpec]
    /// nil: the runner's device set applies.
    public var devices: [CaseDevice]?
    public var layoutDirection: LayoutDirection?
    /// Expectations by device id or `*`, in file order.
    public var expect: [DeviceExpectation]

    public init(
        name: String, description: String? = nil, defaults: Defaults = Defaults(), root: String,
        views: [ViewSpec], constraints: [ConstraintSpec] = [], formats: [FormatSpec] = [],
        devices: [CaseDevice]? = nil, layoutDirection: LayoutDirection? = nil, expect: [DeviceExpectation] = []
    ) {
        self.name = name
        self.description = description
        self.defaults = defaults
        self.root = root
        self.views = views
        self.constraints = constraints
        self.formats = formats
        self.devices = devices
        self.layoutDirection = layoutDirection
        self.expect = expect
    }

    /// The top level's `defaults` object.
    public struct Defaults: Hashable, Sendable {
        public var translatesAutoresizingMask: Bool?
        public init(translatesAutoresizingMask: Bool? = nil) { self.translatesAutoresizingMask = translatesAutoresizingMask }
    }
}

/// One visual format entry, stored as written (`format`, `metrics` in file order, `options`).
public struct FormatSpec: Hashable, Sendable {
    public var format: String
    public var metrics: [Metric]
    public var options: [FormatOption]

    public init(format: String, metrics: [Metric] = [], options: [FormatOption] = []) {
        self.format = format
        self.metrics = metrics
        self.options = options
    }

    public struct Metric: Hashable, Sendable {
        public var name: String
        public var value: Double
        public init(_ name: String, _ value: Double) {
            self.name = name
            self.value = value
        }
    }
}

/// `NSLayoutConstraint.FormatOptions` by their case-file names.
public enum FormatOption: String, Hashable, Sendable, CaseIterable {
    case alignAllLeft, alignAllRight, alignAllTop, alignAllBottom, alignAllLeading, alignAllTrailing
    case alignAllCenterX, alignAllCenterY, alignAllLastBaseline, alignAllFirstBaseline
    case directionLeadingToTrailing, directionLeftToRight, directionRightToLeft
}

/// An entry of a case's `devices`: a catalog configuration id (`iphone-x:landscape`) or a custom
/// device declared in place.
public enum CaseDevice: Hashable, Sendable {
    case id(String)
    case custom(Device)
}

/// What one device (or `*`, every device) must give; nil parts are not checked.
public struct DeviceExpectation: Hashable, Sendable {
    /// A configuration id or `*`.
    public var device: String
    /// Pixel-rounded frames in superview coordinates, by view id, in file order.
    public var frames: [ExpectedFrame]?
    /// Ids of the views whose frame is ambiguous.
    public var ambiguous: [String]?
    /// Minimal conflicting sets, each a list of constraint identifiers.
    public var conflicts: [[String]]?
    /// How far, in points, a frame may be from its expected value on any component; nil: 1e-6
    /// (frames are pixel-snapped). Frames from another engine (Interface Builder stores Apple's
    /// to fractions of a point) need more.
    public var tolerance: Double?
    /// Frames another engine gave views it marks as disagreeing with their own constraints
    /// (Interface Builder's `misplaced`): kept as reference, never checked.
    public var misplaced: [ExpectedFrame]?

    public init(
        device: String, frames: [ExpectedFrame]? = nil, ambiguous: [String]? = nil, conflicts: [[String]]? = nil,
        tolerance: Double? = nil, misplaced: [ExpectedFrame]? = nil
    ) {
        self.device = device
        self.frames = frames
        self.ambiguous = ambiguous
        self.conflicts = conflicts
        self.tolerance = tolerance
        self.misplaced = misplaced
    }

    /// The frame tolerance in points that applies (1e-6 unless the expectation gives one).
    public var frameTolerance: Double { tolerance ?? 1e-6 }

    public struct ExpectedFrame: Hashable, Sendable {
        public var view: String
        public var frame: LayoutRect
        public init(_ view: String, _ frame: LayoutRect) {
            self.view = view
            self.frame = frame
        }
    }
}
