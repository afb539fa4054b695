/// What string operations cost in steps of the evaluation's work budget (`Machine.workBudget`),
/// by the UTF-8 bytes they touch, so that no operation is free and none is charged less than
/// its real cost. A step is about the time of one loop iteration.
enum StringCost {
    /// Copying or comparing raw bytes (`+`, `contains(_:)`): one step per 16 bytes.
    static func copying(_ bytes: Int) -> Int { bytes / 16 + 1 }

    /// Work per character with Unicode rules (`count`, `lowercased()`, `==`, `<`, `hasPrefix`):
    /// one step per 4 bytes.
    static func scanning(_ bytes: Int) -> Int { bytes / 4 + 1 }
}
