/// A high-dynamic-range histogram of non-negative integers (nanoseconds, bytes), in the manner of
/// HdrHistogram: values below 2·`subBuckets` are counted exactly; above, each power of two is split
/// into `subBuckets` equal buckets, so a recorded value is known to within 1/`subBuckets`
/// (1.6% with 64) at any magnitude, from nanoseconds to hours, in a few kilobytes.
///
/// Recording is O(1) and allocates only when a larger magnitude than before appears; merging is
/// bucket-wise addition, so it is exact, commutative and associative: shards merged give the
/// histogram of the whole run. Percentiles report the highest value equivalent to the bucket
/// (HdrHistogram's convention); `max` and `min` are exact.
public struct LogHistogram: Hashable, Sendable {
    /// Sub-buckets per power of two (a power of two).
    public static let subBuckets: UInt64 = 64
    static let subBucketBits = 6

    /// Counts per bucket index, grown on demand.
    public private(set) var counts: [UInt64] = []
    public private(set) var count: UInt64 = 0
    public private(set) var min: UInt64 = .max
    public private(set) var max: UInt64 = 0
    /// Sum of the recorded values (wrapping only past 1.8e19).
    public private(set) var sum: UInt64 = 0

    public init() {}

    /// The bucket of `value`. Exact below 2·subBuckets.
    static func index(of value: UInt64) -> Int {
        if value < 2 * subBuckets { return Int(value) }
        let magnitude = 63 - value.leadingZeroBitCount          // >= subBucketBits + 1
        let shift = magnitude - subBucketBits
        let sub = Int(value >> UInt64(shift)) - Int(subBuckets)  // 0..<subBuckets
        return Int(2 * subBuckets) + (shift - 1) * Int(subBuckets) + sub
    }

    /// The highest value that falls into bucket `index`.
    static func highestValue(inBucket index: Int) -> UInt64 {
        if index < Int(2 * subBuckets) { return UInt64(index) }
        let k = index - Int(2 * subBuckets)
        let shift = k / Int(subBuckets) + 1
        let sub = UInt64(k % Int(subBuckets)) + subBuckets
        return ((sub + 1) << UInt64(shift)) - 1
    }

    /// Records one value. O(1).
    public mutating func record(_ value: UInt64) {
        let i = Self.index(of: value)
        if i >= counts.count { counts += [UInt64](repeating: 0, count: i + 1 - counts.count) }
        counts[i] += 1
        count += 1
        sum &+= value
        if value < min { min = value }
        if value > max { max = value }
    }

    /// Adds every count of `other`. O(buckets).
    public mutating func merge(_ other: LogHistogram) {
        guard other.count > 0 else { return }
        if other.counts.count > counts.count { counts += [UInt64](repeating: 0, count: other.counts.count - counts.count) }
        for (i, c) in other.counts.enumerated() { counts[i] += c }
        count += other.count
        sum &+= other.sum
        min = Swift.min(min, other.min)
        max = Swift.max(max, other.max)
    }

    /// The value at `percentile` (0...100): the highest value of the first bucket whose cumulative
    /// count reaches that share of the values, clamped to the exact max. 0 when empty.
    public func value(atPercentile percentile: Double) -> UInt64 {
        guard count > 0 else { return 0 }
        let rank = Swift.max(1, UInt64((percentile / 100 * Double(count)).rounded(.up)))
        var seen: UInt64 = 0
        for (i, c) in counts.enumerated() where c > 0 {
            seen += c
            if seen >= rank { return Swift.min(Self.highestValue(inBucket: i), max) }
        }
        return max
    }

    /// Mean of the recorded values; 0 when empty.
    public var mean: Double { count == 0 ? 0 : Double(sum) / Double(count) }

    /// The non-empty buckets as (index, count) pairs, for serialisation.
    public var nonEmptyBuckets: [(index: Int, count: UInt64)] {
        counts.enumerated().compactMap { $0.element > 0 ? ($0.offset, $0.element) : nil }
    }
}
