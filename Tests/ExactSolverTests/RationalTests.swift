import BigInt
import ExactSolver
import PropertyBased
import Testing

@Suite struct RationalTests {
    @Test func fractionsAreNormalized() {
        #expect(r(6, 4) == r(3, 2))
        #expect(r(3, -6) == r(-1, 2))
        #expect(r(0, -5) == .zero)
        #expect(r(-1, 2).denominator == 2)
        #expect(r(-1, 2).numerator == -1)
        #expect(r(10, 5).isInteger)
    }

    @Test func doublesConvertExactly() throws {
        let tenth = try #require(Rational(exactly: 0.1))
        #expect(tenth.numerator == BigInt(3602879701896397))
        #expect(tenth.denominator == BigInt(1) << 55)
        let tiny = try #require(Rational(exactly: Double.leastNonzeroMagnitude))
        #expect(tiny == Rational(numerator: 1, denominator: BigInt(1) << 1074))
        let huge = try #require(Rational(exactly: 0x1p100))
        #expect(huge == Rational(BigInt(1) << 100))
        #expect(Rational(exactly: -2.5) == r(-5, 2))
        #expect(Rational(exactly: Double.nan) == nil)
        #expect(Rational(exactly: Double.infinity) == nil)
        #expect(Rational(exactly: Float(999.5)) == r(1999, 2))
    }

    @Test func doubleValueRoundsToNearest() {
        #expect(r(1, 3).doubleValue == 1.0 / 3.0)
        #expect(r(-2, 3).doubleValue == -2.0 / 3.0)
        let big = Rational(numerator: (BigInt(1) << 200) + 1, denominator: BigInt(3) << 100)
        #expect(big.doubleValue == 0x1p100 / 3)
        #expect(Rational(BigInt(1) << 2000).doubleValue == .infinity)
    }

    @Test func arithmeticOverflowsIntoBigIntegers() {
        let m = Rational(Int(Int64.max))
        let sum = m + m
        #expect(sum == Rational(BigInt(Int64.max) * 2))
        #expect(sum - m == m)
        #expect((m * m) / m == m)
        #expect(r(1, Int(Int64.max)) + r(1, Int(Int64.max - 1)) > r(2, Int(Int64.max)))
        #expect(-(m + .one) < -m)
    }

    @Test func everyFiniteDoubleSurvivesTheRoundTrip() async {
        await propertyCheck(count: 500, input: Gen.uint64(in: 0...UInt64.max)) { bits in
            let d = Double(bitPattern: bits)
            guard d.isFinite else { return }
            #expect(Rational(exactly: d)?.doubleValue == d)
        }
    }

    @Test func fieldLawsHoldExactly() async {
        let part = Gen.int(in: -1_000_000_000...1_000_000_000)
        await propertyCheck(count: 300, input: part, part, part, Gen.int(in: 1...1_000_000_007)) { a, b, c, d in
            let x = r(a, d)
            let y = r(b, 7)
            let z = r(c, d + 1) * Rational(BigInt(1) << 70)
            #expect((x + y) + z == x + (y + z))
            #expect(x * (y + z) == x * y + x * z)
            #expect(x - x == .zero)
            if !y.isZero { #expect((x / y) * y == x) }
            #expect((x < y) == ((y - x).signum > 0))
        }
    }
}
