import LinearConstraints

/// How a format's items become UIKit's constraints (the same `ConstraintSpec`s a case's explicit
/// constraints are), following `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`:
///
/// - A view's predicate `[v(>=50@20)]` constrains its size along the axis: `v.width >= 50 @20`;
///   `[a(==b)]` gives `a.width == b.width` (heights in a `V:` format).
/// - A connection between an earlier item X and a later item Y constrains the gap between their
///   facing edges, the later item first: `[a]-20-[b]` is `b.leading == a.trailing + 20`,
///   `[v]-20-|` is `super.trailing == v.trailing + 20`, `|-(>=8)-[v]` is
///   `v.leading >= super.leading + 8`. A flush connection is a gap of 0; a standard one `-` is 8
///   between siblings and, next to a bar, 0 to the superview's layout margins guide
///   (`v.leading == super.margins.leading`); any explicit spacing next to a bar binds to the edge.
/// - Direction options: leading/trailing (the default) leave flipping to the layout direction;
///   `directionLeftToRight` uses left/right; `directionRightToLeft` uses left/right with the
///   format running from right to left (`[a]-8-[b]` is `a.left == b.right + 8`). `V:` formats
///   run top to bottom and ignore them.
/// - Alignment options give, for each consecutive pair of views, `next.attr == previous.attr`
///   (required); an alignment along the format's own axis is an error, as in UIKit.
///
/// Constraints come in format order: the leading bar's connection, then each view's predicates
/// followed by its connection to the next item, then the alignments.
extension VisualFormat {
    /// The constraints of this format for the views of `tree`. Names in predicates are looked up
    /// in `metrics` first, then (in a view's own predicates) among the tree's views. The
    /// superview of a bar is the superview of the view next to it.
    ///
    /// Throws, at the offending character: a view the case does not have (or a layout guide), a
    /// metric that is not defined, a metric-valued priority outside (0, 1000], a bar next to the
    /// root view (which has no superview); and at the option: an alignment along the format's
    /// axis, or two direction options. O(length of the format + metrics × names).
    public func constraints(
        metrics: [FormatSpec.Metric] = [], options: [FormatOption] = [], in tree: ViewTree
    ) throws(VisualFormatError) -> [ConstraintSpec] {
        let frame = try VisualFormatFrame(self, options: options)
        let resolver = VisualFormatResolver(format: self, metrics: metrics, tree: tree)
        for view in views { _ = try resolver.view(view.name, at: view.offset) }
        var out: [ConstraintSpec] = []
        if let bar = leadingBar {
            let superview = try resolver.superview(of: views[0], bar: bar)
            try out += resolver.gap(bar.connection, from: frame.start(of: superview, margins: bar.connection == .standard),
                                    to: frame.start(of: views[0].name), frame: frame, betweenSiblings: false)
        }
        for (i, view) in views.enumerated() {
            try out += resolver.sizes(of: view, frame.dimension)
            if i + 1 < views.count {
                try out += resolver.gap(connections[i], from: frame.end(of: view.name), to: frame.start(of: views[i + 1].name),
                                        frame: frame, betweenSiblings: true)
            }
        }
        if let bar = trailingBar, let last = views.last {
            let superview = try resolver.superview(of: last, bar: bar)
            try out += resolver.gap(bar.connection, from: frame.end(of: last.name),
                                    to: frame.end(of: superview, margins: bar.connection == .standard), frame: frame, betweenSiblings: false)
        }
        for attribute in frame.alignments {
            for i in views.indices.dropFirst() {
                out.append(ConstraintSpec(frame.anchor(views[i].name, attribute), .equal, frame.anchor(views[i - 1].name, attribute)))
            }
        }
        return out
    }
}

/// The edges a format's connections use, from its orientation and direction option, and the
/// attributes its alignment options align.
struct VisualFormatFrame {
    /// The edge an item starts at and ends at, in the format's reading order.
    var startEdge: LayoutAttribute
    var endEdge: LayoutAttribute
    /// True when the format reads against the coordinate axis (`directionRightToLeft`), so a gap
    /// is measured from the later item to the earlier one.
    var reversed: Bool
    var dimension: LayoutAttribute
    var alignments: [LayoutAttribute]

    init(_ format: VisualFormat, options: [FormatOption]) throws(VisualFormatError) {
        let error = { (k: Int, message: String) in VisualFormatError(format: format.text, .option(k), message) }
        var direction: (index: Int, option: FormatOption)?
        alignments = []
        for (k, option) in options.enumerated() {
            if let attribute = option.alignmentAttribute {
                guard attribute.axis != format.orientation else {
                    let axis = format.orientation == .horizontal ? "H:" : "V:"
                    throw error(k, "\(option.rawValue) aligns \(attribute.rawValue) edges along the axis of this \(axis) format; an alignment option must be across the format's axis, as UIKit requires")
                }
                alignments.append(attribute)
            } else {
                if let d = direction, d.option != option {
                    throw error(k, "\(option.rawValue) contradicts \(d.option.rawValue) (option \(d.index + 1)); give one direction option")
                }
                direction = (k, option)
            }
        }
        reversed = false
        switch (format.orientation, direction?.option ?? .directionLeadingToTrailing) {
        case (.vertical, _): (startEdge, endEdge, dimension) = (.top, .bottom, .height)
        case (.horizontal, .directionLeftToRight): (startEdge, endEdge, dimension) = (.left, .right, .width)
        case (.horizontal, .directionRightToLeft): (startEdge, endEdge, dimension, reversed) = (.right, .left, .width, true)
        default: (startEdge, endEdge, dimension) = (.leading, .trailing, .width)
        }
    }

    func anchor(_ name: String, _ attribute: LayoutAttribute, guide: BuiltInGuide? = nil) -> AnchorReference {
        AnchorReference(ItemReference(name, guide: guide), attribute)
    }

    /// The start edge of a view, or of a superview (its margins guide for a standard connection).
    func start(of name: String, margins: Bool = false) -> AnchorReference { anchor(name, startEdge, guide: margins ? .margins : nil) }
    func end(of name: String, margins: Bool = false) -> AnchorReference { anchor(name, endEdge, guide: margins ? .margins : nil) }
}

extension FormatOption {
    /// The attribute an `alignAll…` option aligns; nil for the direction options.
    public var alignmentAttribute: LayoutAttribute? {
        switch self {
        case .alignAllLeft: .left
        case .alignAllRight: .right
        case .alignAllTop: .top
        case .alignAllBottom: .bottom
        case .alignAllLeading: .leading
        case .alignAllTrailing: .trailing
        case .alignAllCenterX: .centerX
        case .alignAllCenterY: .centerY
        case .alignAllLastBaseline: .lastBaseline
        case .alignAllFirstBaseline: .firstBaseline
        case .directionLeadingToTrailing, .directionLeftToRight, .directionRightToLeft: nil
        }
    }
}
