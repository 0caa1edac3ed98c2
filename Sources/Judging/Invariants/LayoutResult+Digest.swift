import AutoLayout
import StrutSystem

extension LayoutResult {
    /// The stable digest of the frames (`StableDigest` over each view's name and frame
    /// components): what results record as `framesDigest` and the `deterministic` invariant
    /// compares.
    package var framesDigest: String {
        var d = StableDigest()
        for f in frames {
            d.add(f.view)
            for c in f.frame.components { d.add(c) }
        }
        return d.hex
    }
}
