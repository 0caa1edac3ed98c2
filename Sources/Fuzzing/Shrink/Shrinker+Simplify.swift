import AutoLayout
import LinearConstraints
import Subjects

/// Simplification passes: once the structure is small, numbers become rounder and smaller and
/// view fields return to their defaults, each change kept only while the subject still fails.
extension ShrinkSession {
    /// Tries `candidates(x)` in order for the number `read` finds in the best subject, keeping
    /// the first that still fails, until none does. Each candidate is strictly simpler, so
    /// this ends. Returns whether the number changed.
    mutating func simplifyNumber(
        read: (FuzzSubject) -> Double?, write: @escaping (FuzzSubject, Double) -> FuzzSubject?, candidates: (Double) -> [Double]
    ) -> Bool {
        var progress = false
        while !exhausted, let x = read(best) {
            let base = best
            guard attemptFirst(candidates(x).map { c in { write(base, c) } }) else { break }
            progress = true
        }
        return progress
    }

    /// `simplifyNumber` over a layout case, with an optional number at `read` written by `write`.
    mutating func simplifyLayoutNumber(
        _ read: @escaping (LayoutCase) -> Double?, _ write: @escaping (inout LayoutCase, Double) -> Void,
        _ candidates: (Double) -> [Double] = { SimplerNumbers.lengths($0) }
    ) -> Bool {
        simplifyNumber(
            read: { Self.layout($0).flatMap(read) },
            write: { s, x in
                guard var c = Self.layout(s) else { return nil }
                write(&c, x)
                return .layout(c)
            }, candidates: candidates)
    }

    /// Tries `change` on the best case once; true when the changed case still fails. `change`
    /// returns false when it has nothing to change.
    mutating func tryLayoutChange(_ change: (inout LayoutCase) -> Bool) -> Bool {
        guard var c = Self.layout(best), change(&c) else { return false }
        return attempt(.layout(c))
    }

    /// Case fields (direction, defaults), then per view its optional fields and numbers, then
    /// per constraint its numbers, then format metrics. Returns whether anything changed.
    mutating func simplifyLayout() -> Bool {
        var progress = tryLayoutChange { c in
            guard c.layoutDirection != nil else { return false }
            c.layoutDirection = nil
            return true
        }
        progress = tryLayoutChange { c in
            guard c.defaults != LayoutCase.Defaults() else { return false }
            c.defaults = LayoutCase.Defaults()
            return true
        } || progress
        var i = 0
        while let c = Self.layout(best), i < c.views.count, !exhausted {
            progress = simplifyView(i) || progress
            i += 1
        }
        var k = 0
        while let c = Self.layout(best), k < c.constraints.count, !exhausted {
            progress = simplifyConstraint(k) || progress
            k += 1
        }
        var f = 0
        while let c = Self.layout(best), f < c.formats.count, !exhausted {
            for m in c.formats[f].metrics.indices {
                progress = simplifyLayoutNumber({ $0.formats[f].metrics[m].value }, { $0.formats[f].metrics[m].value = $1 }) || progress
            }
            f += 1
        }
        return progress
    }

    /// View `i`: each optional field back to its default, then each intrinsic metric to none,
    /// then the numbers of the intrinsic size and the frame.
    mutating func simplifyView(_ i: Int) -> Bool {
        var progress = false
        for reset in ViewSpec.resets {
            progress = tryLayoutChange { reset(&$0.views[i]) } || progress
        }
        for axis in [\IntrinsicSize.width, \.height] {
            progress = tryLayoutChange { c in
                guard var size = c.views[i].intrinsicSize, size[keyPath: axis] != nil else { return false }
                size[keyPath: axis] = nil
                c.views[i].intrinsicSize = size.width == nil && size.height == nil ? nil : size
                return true
            } || progress
        }
        progress = simplifyLayoutNumber({ $0.views[i].intrinsicSize?.width }, { $0.views[i].intrinsicSize?.width = $1 }) {
            SimplerNumbers.lengths($0, nonNegative: true)
        } || progress
        progress = simplifyLayoutNumber({ $0.views[i].intrinsicSize?.height }, { $0.views[i].intrinsicSize?.height = $1 }) {
            SimplerNumbers.lengths($0, nonNegative: true)
        } || progress
        for part in [\LayoutRect.x, \.y, \.width, \.height] {
            progress = simplifyLayoutNumber({ $0.views[i].frame?[keyPath: part] }, { $0.views[i].frame?[keyPath: part] = $1 }) {
                SimplerNumbers.lengths($0, nonNegative: true)
            } || progress
        }
        return progress
    }

    /// Constraint `k`: size-class condition and identifier dropped, constant, multiplier and
    /// priority simplified.
    mutating func simplifyConstraint(_ k: Int) -> Bool {
        var progress = tryLayoutChange { c in
            guard c.constraints[k].when != nil else { return false }
            c.constraints[k].when = nil
            return true
        }
        progress = tryLayoutChange { c in
            guard c.constraints[k].identifier != nil else { return false }
            c.constraints[k].identifier = nil
            return true
        } || progress
        progress = simplifyLayoutNumber({ $0.constraints[k].constant }, { $0.constraints[k].constant = $1 }) || progress
        progress = simplifyLayoutNumber(
            { $0.constraints[k].second == nil ? nil : $0.constraints[k].multiplier }, { $0.constraints[k].multiplier = $1 },
            SimplerNumbers.factors) || progress
        while let c = Self.layout(best), !exhausted {
            let options = SimplerNumbers.priorities(c.constraints[k].priority)
            guard attemptFirst(options.map { p in { var d = c; d.constraints[k].priority = p; return .layout(d) } }) else { break }
            progress = true
        }
        return progress
    }
}

extension ViewSpec {
    /// Clears the optional field at `field`; false when it is already unset.
    static func reset<T>(_ field: WritableKeyPath<ViewSpec, T?>) -> (inout ViewSpec) -> Bool {
        { v in
            guard v[keyPath: field] != nil else { return false }
            v[keyPath: field] = nil
            return true
        }
    }

    /// The fields a shrink returns to UIKit's defaults, one at a time (guides have their own
    /// removal pass; `scroll` goes only if no constraint uses the scroll guides, which the
    /// validity check decides).
    static var resets: [(inout ViewSpec) -> Bool] {
        [
            reset(\.stack), reset(\.hidden), reset(\.hugging), reset(\.compressionResistance), reset(\.baseline),
            reset(\.layoutMargins), reset(\.preservesSuperviewLayoutMargins), reset(\.insetsLayoutMarginsFromSafeArea),
            reset(\.alignmentRectInsets), reset(\.semanticContentAttribute), reset(\.autoresizing),
            reset(\.translatesAutoresizingMask), reset(\.frame), reset(\.intrinsicSize), reset(\.scroll),
            reset(\.additionalSafeAreaInsets), reset(\.respectsSystemMinimumLayoutMargins),
        ]
    }
}
