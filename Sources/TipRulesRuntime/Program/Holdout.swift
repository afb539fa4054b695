/// A tip's `holdout(P, of: ID, group: G)`: the units whose ID is not empty and whose **holdout
/// bucket** — `murmur3_x86_32(utf8("holdout:" + G + ":" + ID), seed: 0) % 100 + 1`, the bucket of
/// the salted group `"holdout:" + G`, so that it is drawn independently of every `bucket` and
/// `rollout` — is at most `percent` are held out (the tip never displays for them), every other
/// unit with an ID is in treatment, and a unit with an empty ID is in neither.
public struct Holdout: Hashable, Sendable {
    /// P: the share held out, 1 to 50.
    public var percent: Int
    /// G: the bucketing group (the tip's id unless the source names another).
    public var group: String
    /// The line of `holdout(…)`.
    public var line: Int
    /// The unit's holdout bucket: a `Double` block that is 0 when ID is empty, else
    /// `bucket(of: ID, group: salt + G)` (1 to 100).
    public var bucket: CodeBlock

    /// What a holdout's group is prefixed with before bucketing (`"holdout:"`).
    public static let salt = "holdout:"

    /// The largest share a holdout may hold out.
    public static let percentRange = 1...50

    public init(percent: Int, group: String, line: Int, bucket: CodeBlock) {
        self.percent = percent
        self.group = group
        self.line = line
        self.bucket = bucket
    }

    /// The arm of a unit in `bucket` (0 for an empty ID: no arm).
    public func arm(ofBucket bucket: Int) -> HoldoutArm? {
        guard bucket > 0 else { return nil }
        return bucket <= percent ? .holdout : .treatment
    }
}

/// The two arms of a holdout.
public enum HoldoutArm: String, Hashable, Sendable, CaseIterable {
    /// The tip behaves as it would without a holdout.
    case treatment
    /// The tip never displays; its exposure is recorded when it would have been presented.
    case holdout
}

/// Where a unit stands in a tip's holdout: its bucket and arm.
public struct HoldoutAssignment: Hashable, Sendable {
    /// The holdout bucket, `bucket(of: ID, group: "holdout:" + G)`, 1 to 100.
    public var bucket: Int
    public var arm: HoldoutArm

    public init(bucket: Int, arm: HoldoutArm) {
        self.bucket = bucket
        self.arm = arm
    }
}
