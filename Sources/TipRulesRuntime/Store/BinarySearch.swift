/// The first position in `range` for which `isAfter` is true, given that `isAfter` is false
/// for a prefix of `range` and true for the rest. Always terminates, whatever `isAfter` returns.
@inline(__always)
func partitionPoint(in range: Range<Int>, where isAfter: (Int) -> Bool) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
        let middle = low + (high - low) / 2
        if isAfter(middle) { high = middle } else { low = middle + 1 }
    }
    return low
}
