extension Program {
    /// Whether `other` holds the same rules: the same parts, whatever source file each was
    /// compiled from and whatever format version each was read from (`tiprulec eval --state`
    /// says when a folder's rules in force are not the program it was given).
    public func hasSameRules(as other: Program) -> Bool {
        var mine = contents
        mine.sourceName = other.sourceName
        return mine == other.contents
    }
}
