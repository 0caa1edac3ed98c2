/// A binary min-heap of ids kept in a plain array: the reached updates of `SparseLU` and, in
/// Cassowary, the candidate columns per level and the suspect positions of `RevisedCore`. Push
/// and pop O(log n), no allocation once warm.
extension Array where Element == Int32 {
    @inlinable package mutating func heapPush(_ x: Int32) {
        append(x)
        withUnsafeMutableBufferPointer { h in
            var i = h.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                if h[parent] <= h[i] { return }
                h.swapAt(parent, i)
                i = parent
            }
        }
    }

    /// The smallest id, removed; nil when empty.
    @inlinable package mutating func heapPop() -> Int32? {
        guard let top = first else { return nil }
        let last = removeLast()
        guard !isEmpty else { return top }
        withUnsafeMutableBufferPointer { h in
            h[0] = last
            var i = 0
            while true {
                var m = i
                let left = 2 * i + 1, right = left + 1
                if left < h.count, h[left] < h[m] { m = left }
                if right < h.count, h[right] < h[m] { m = right }
                if m == i { return }
                h.swapAt(i, m)
                i = m
            }
        }
        return top
    }
}
