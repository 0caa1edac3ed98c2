import AutoLayout
import PropertyBased
import Testing

@Suite struct DevicesPixelGridTests {
    static let x1 = try! PixelGrid(scale: 1)
    static let x2 = try! PixelGrid(scale: 2)
    static let x3 = try! PixelGrid(scale: 3)

    @Test func uikitExamples() {
        #expect(Self.x2.snap(950.25) == 950.5)
        #expect(Self.x3.snap(173.5) == 521.0 / 3)
    }

    /// (scale, value, expected pixel index): nearest, ties up (towards +∞, also below zero).
    static let examples: [(Double, Double, Double)] = [
        (2, 0.25, 1), (2, 0.2, 0), (2, 0.3, 1), (2, 10.2, 20), (2, -0.25, 0), (2, -0.26, -1),
        (3, 1.0 / 6, 1), (3, 0.16, 0), (3, 100, 300), (1, 1.5, 2), (1, 2.5, 3), (1, -1.5, -1),
        (2, 0.5, 1), (3, 2.0 / 3, 2),
    ]

    @Test func nearestPixelTiesUp() {
        for (scale, value, index) in Self.examples {
            let grid = try! PixelGrid(scale: scale)
            #expect(grid.pixelIndex(value) == index, "\(value) @\(scale)x")
            #expect(grid.snap(value) == index / scale, "\(value) @\(scale)x")
        }
    }

    /// A solver's near-tie (a fraction of 0.49999999 pixel) rounds like the tie it stands for,
    /// while a real quarter-pixel still rounds down.
    @Test func nearTieNoiseRoundsUp() {
        #expect(Self.x2.snap(0.25 - 1e-10) == 0.5)
        #expect(Self.x2.snap(950.25 - 1e-9) == 950.5)
        #expect(Self.x3.snap(173.5 - 1e-9) == 521.0 / 3)
        #expect(Self.x2.snap(0.25 - 1e-4) == 0)
        #expect(Self.x1.snap(0.4999) == 0)
    }

    @Test func nonFiniteValuesComeBackUnchanged() {
        #expect(Self.x2.snap(.infinity) == .infinity)
        #expect(Self.x2.snap(.nan).isNaN)
        let r = PixelRect(x: .nan, y: 0, width: 1, height: 1)
        #expect(Self.x2.snapFrame(r).x.isNaN)
    }

    @Test func scaleMustBeFiniteAndPositive() {
        for bad in [0.0, -2, .nan, .infinity] {
            #expect(throws: DeviceError.self) { try PixelGrid(scale: bad) }
        }
    }

    static let values = Gen.double(in: -5000...5000)
    static let scales = Gen.element(of: [1.0, 2, 3])

    @Test func snappingIsIdempotent() async {
        await propertyCheck(count: 500, input: Self.values, Self.scales) { v, s in
            let grid = try! PixelGrid(scale: s!)
            let once = grid.snap(v)
            #expect(grid.snap(once) == once)
        }
    }

    @Test func snappingMovesAtMostHalfAPixel() async {
        await propertyCheck(count: 500, input: Self.values, Self.scales) { v, s in
            let grid = try! PixelGrid(scale: s!)
            #expect(abs(grid.snap(v) - v) <= 0.5 / s! + 1e-6)
        }
    }

    @Test func snappingIsMonotone() async {
        await propertyCheck(count: 500, input: Self.values, Gen.double(in: 0...3), Self.scales) { v, d, s in
            let grid = try! PixelGrid(scale: s!)
            #expect(grid.snap(v) <= grid.snap(v + d))
        }
    }

    @Test func snappedValuesLieOnTheGrid() async {
        await propertyCheck(count: 500, input: Self.values, Self.scales) { v, s in
            let pixels = try! PixelGrid(scale: s!).snap(v) * s!
            #expect(abs(pixels - pixels.rounded()) < 1e-6)
        }
    }

    /// Hand-computed at @2x. x: the superview at window 10.3 snaps to 10.5; the child at 0.2 wide
    /// 5.25 has window edges 10.5 and 15.75, which snap to 10.5 and 16.0: x 0, width 5.5.
    /// y: the superview at 0.3 snaps to 0.5; the child's window edges 1.4 and 3.6 snap to 1.5 and
    /// 3.5: y 1.5 − 0.5 = 1, height 2.
    @Test func frameSnapsByWindowEdges() {
        let r = Self.x2.snapFrame(PixelRect(x: 0.2, y: 1.1, width: 5.25, height: 2.2), superviewOrigin: (10.3, 0.3))
        #expect(r == PixelRect(x: 0, y: 1, width: 5.5, height: 2))
    }

    /// Two views that touch in the unsnapped layout (one's max edge is the other's min edge in
    /// window coordinates) still touch after snapping, even under different superviews.
    @Test func adjacentViewsStayAdjacent() async {
        let g = Gen.double(in: -300...300)
        await propertyCheck(count: 300, input: g, g, Gen.double(in: 0...200), g, Self.scales) { o1, o2, w, x, s in
            let grid = try! PixelGrid(scale: s!)
            let a = grid.snapFrame(PixelRect(x: x - o1, y: 0, width: w, height: 1), superviewOrigin: (o1, 0))
            let b = grid.snapFrame(PixelRect(x: x + w - o2, y: 0, width: 10, height: 1), superviewOrigin: (o2, 0))
            let aMax = grid.snap(o1) + a.x + a.width
            let bMin = grid.snap(o2) + b.x
            #expect(abs(aMax - bMin) < 1e-9)
        }
    }

    /// Moving a whole subtree by a whole number of pixels moves its snapped window edges by the
    /// same amount, so frames relative to the superview do not change.
    @Test func wholePixelTranslationLeavesRelativeFramesAlone() async {
        let g = Gen.double(in: -300...300)
        await propertyCheck(count: 300, input: g, g, Gen.int(in: -500...500), Self.scales) { origin, x, k, s in
            let grid = try! PixelGrid(scale: s!)
            let frame = PixelRect(x: x, y: x / 2, width: abs(x) / 3, height: 7.3)
            let shift = Double(k) / s!
            let before = grid.snapFrame(frame, superviewOrigin: (origin, origin))
            let after = grid.snapFrame(frame, superviewOrigin: (origin + shift, origin + shift))
            #expect(abs(before.x - after.x) < 1e-9 && abs(before.width - after.width) < 1e-9)
            #expect(abs(before.y - after.y) < 1e-9 && abs(before.height - after.height) < 1e-9)
        }
    }
}
