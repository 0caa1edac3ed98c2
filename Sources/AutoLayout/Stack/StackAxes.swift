import LinearConstraints

/// The attributes a stack works with, named by role rather than by side: along its axis
/// (`leading`/`trailing`/`center`/`dimension` are leading/trailing/centerX/width for a horizontal
/// stack and top/bottom/centerY/height for a vertical one) and across it (`crossLeading`, ...,
/// top/bottom/centerY/height for a horizontal stack, leading/trailing/centerX/width for a vertical
/// one). Leading and trailing stay directional, so the lowering flips them under right-to-left
/// layout and the stack follows, as UIKit's does.
struct StackAxes: Hashable, Sendable {
    let leading: LayoutAttribute
    let trailing: LayoutAttribute
    let center: LayoutAttribute
    let dimension: LayoutAttribute
    let crossLeading: LayoutAttribute
    let crossTrailing: LayoutAttribute
    let crossCenter: LayoutAttribute
    let crossDimension: LayoutAttribute

    init(_ axis: LayoutAxis) {
        switch axis {
        case .horizontal:
            (leading, trailing, center, dimension) = (.leading, .trailing, .centerX, .width)
            (crossLeading, crossTrailing, crossCenter, crossDimension) = (.top, .bottom, .centerY, .height)
        case .vertical:
            (leading, trailing, center, dimension) = (.top, .bottom, .centerY, .height)
            (crossLeading, crossTrailing, crossCenter, crossDimension) = (.leading, .trailing, .centerX, .width)
        }
    }
}

/// A stack's alignment with UIKit's aliases folded (`top` is `leading`, `bottom` is `trailing`,
/// as in `UIStackView.Alignment`, where they share raw values).
///
/// Baseline alignment only means something across a horizontal stack (baselines are vertical
/// positions). On a vertical stack Strut treats `firstBaseline` as `leading` and `lastBaseline` as
/// `trailing`, the edges a view without a baseline falls back to; docs/uikit-rules.md does not say what
/// UIKit does there, so this is Strut's documented choice.
enum CrossAlignment: Hashable, Sendable {
    case fill, leading, center, trailing, firstBaseline, lastBaseline

    init(_ alignment: StackAlignment, axis: LayoutAxis) {
        switch alignment {
        case .fill: self = .fill
        case .leading, .top: self = .leading
        case .center: self = .center
        case .trailing, .bottom: self = .trailing
        case .firstBaseline: self = axis == .horizontal ? .firstBaseline : .leading
        case .lastBaseline: self = axis == .horizontal ? .lastBaseline : .trailing
        }
    }

    /// The attribute `UISV-alignment` makes equal across the items (fill has two: both edges).
    func alignedAttributes(_ axes: StackAxes) -> [LayoutAttribute] {
        switch self {
        case .fill: [axes.crossLeading, axes.crossTrailing]
        case .leading: [axes.crossLeading]
        case .center: [axes.crossCenter]
        case .trailing: [axes.crossTrailing]
        case .firstBaseline: [.firstBaseline]
        case .lastBaseline: [.lastBaseline]
        }
    }
}

/// UIKit's generated-constraint identifiers and priorities (docs/uikit-rules.md, "Stack views"),
/// in one place so the generator and its tests cannot drift apart silently.
enum StackIdentifier {
    static let canvasConnection = "UISV-canvas-connection"
    static let canvasFit = "UISV-canvas-fit"
    static let spacing = "UISV-spacing"
    static let spacingHidden = "UISV-spacing-hidden"
    static let hiding = "UISV-hiding"
    static let fillEqually = "UISV-fill-equally"
    static let fillProportionally = "UISV-fill-proportionally"
    static let distributing = "UISV-distributing"
    static let distributingEdge = "UISV-distributing-edge"
    static let alignment = "UISV-alignment"
    static let alignmentSpanner = "UISV-alignment-spanner"
    static let spanningBoundary = "UISV-spanning-boundary"
    static let spanningFit = "UISV-spanning-fit"
    static let ambiguitySuppression = "UISV-ambiguity-suppression"
}

/// The priorities of the generated stack constraints (docs/uikit-rules.md, "Stack views").
public enum StackPriority {
    static let canvasFit = Priority(49)
    static let spacingHidden = Priority(50)
    /// `UISV-hiding`: below required, so a required constraint on a hidden arranged view's
    /// length (its own, or its compression resistance at 1000) wins over it; public because
    /// `stack-semantics` reads this level's error to tell such a view from a misplaced one.
    public static let hiding = Priority(999.999)
    static let spanningBoundaryEquality = Priority(999.5)
    static let spanningFit = Priority(51)
    static let spanningFitAllHidden = Priority(0.001)
    static let ambiguitySuppression = Priority(25)

    /// `UISV-fill-equally` between equalCentering gap `i` (i ≥ 1) and gap 0: max(150 − i, 50).
    static func equalCenteringGap(_ i: Int) -> Priority { Priority(Float(max(150 - i, 50))) }

    /// `UISV-fill-proportionally` for visible item `i`: max(999 − i, 751), or required when the
    /// multiplier is exactly 1.
    static func proportional(_ i: Int, multiplier: Double) -> Priority {
        multiplier == 1 ? .required : Priority(Float(max(999 - i, 751)))
    }
}
