/// A version as the `Version` type holds it: `MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD]`,
/// ordered by Semantic Versioning 2.0.0 precedence (§11). A missing MINOR or PATCH is 0
/// (`2.3` is `2.3.0`, as Apple's short version strings are written); BUILD is read and
/// ignored, so two versions that differ only in it are equal.
public struct SemanticVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int
    /// The pre-release identifiers, empty for a release.
    public let prerelease: [String]

    public init(major: Int, minor: Int = 0, patch: Int = 0, prerelease: [String] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
    }

    /// The version `text` spells, or nil when it is not one. A release (`2.3.1`, no
    /// pre-release or build) is read in one pass over its bytes, without allocating.
    public init?(_ text: String) {
        if let release = Self.release(text) {
            self = release
            return
        }
        guard case .success(let version) = Self.parse(text) else { return nil }
        self = version
    }

    /// `MAJOR[.MINOR[.PATCH]]` of digits without leading zeros, or nil for anything else
    /// (which `parse` then reads or explains).
    private static func release(_ text: String) -> SemanticVersion? {
        var numbers = (0, 0, 0)
        var part = 0
        var digits = 0
        var leadingZero = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, part < 2 else { return nil }
                part += 1
                digits = 0
                leadingZero = false
                continue
            }
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), digits < 18, !leadingZero else { return nil }
            leadingZero = digits == 0 && byte == UInt8(ascii: "0")
            let digit = Int(byte - UInt8(ascii: "0"))
            switch part {
            case 0: numbers.0 = numbers.0 * 10 + digit
            case 1: numbers.1 = numbers.1 * 10 + digit
            default: numbers.2 = numbers.2 * 10 + digit
            }
            digits += 1
        }
        guard digits > 0 else { return nil }
        return SemanticVersion(major: numbers.0, minor: numbers.1, patch: numbers.2)
    }

    /// The version `text` spells, or what is wrong with it (for diagnostics and fixtures).
    public static func parse(_ text: String) -> Result<SemanticVersion, VersionSyntaxError> {
        var rest = Substring(text)
        var build: Substring?
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...]
            rest = rest[..<plus]
        }
        var prerelease: [String] = []
        if let dash = rest.firstIndex(of: "-") {
            let identifiers = rest[rest.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false)
            for identifier in identifiers {
                if let problem = problem(identifier, part: "pre-release", numericWithoutLeadingZeros: true) {
                    return .failure(problem)
                }
                prerelease.append(String(identifier))
            }
            rest = rest[..<dash]
        }
        if let build {
            for identifier in build.split(separator: ".", omittingEmptySubsequences: false) {
                if let problem = problem(identifier, part: "build", numericWithoutLeadingZeros: false) {
                    return .failure(problem)
                }
            }
        }
        if rest.first == "v" || rest.first == "V" {
            return .failure(VersionSyntaxError("a version has no leading '\(rest.first ?? "v")'"))
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else {
            return .failure(VersionSyntaxError("a version has one to three numbers (MAJOR.MINOR.PATCH), found \(parts.count)"))
        }
        var numbers: [Int] = []
        for (part, name) in zip(parts, ["major", "minor", "patch"]) {
            switch number(part) {
            case .success(let value): numbers.append(value)
            case .failure(let reason): return .failure(VersionSyntaxError("the \(name) version \(reason)"))
            }
        }
        while numbers.count < 3 { numbers.append(0) }
        return .success(SemanticVersion(major: numbers[0], minor: numbers[1], patch: numbers[2], prerelease: prerelease))
    }

    /// `2.3.0`, `1.0.0-rc.1`: the canonical spelling (without build metadata).
    public var description: String {
        "\(major).\(minor).\(patch)" + (prerelease.isEmpty ? "" : "-" + prerelease.joinedText(separator: "."))
    }

    public static func < (left: SemanticVersion, right: SemanticVersion) -> Bool {
        if left.major != right.major { return left.major < right.major }
        if left.minor != right.minor { return left.minor < right.minor }
        if left.patch != right.patch { return left.patch < right.patch }
        // A pre-release is below its release.
        if left.prerelease.isEmpty || right.prerelease.isEmpty { return !left.prerelease.isEmpty && right.prerelease.isEmpty }
        for (a, b) in zip(left.prerelease, right.prerelease) where a != b {
            return identifierPrecedes(a, b)
        }
        return left.prerelease.count < right.prerelease.count
    }

    /// Pre-release identifiers: numeric ones as numbers (they have no leading zeros, so the
    /// shorter is the smaller), below alphanumeric ones, which compare in ASCII order.
    private static func identifierPrecedes(_ a: String, _ b: String) -> Bool {
        switch (isNumeric(Substring(a)), isNumeric(Substring(b))) {
        case (true, true): return a.utf8.count != b.utf8.count ? a.utf8.count < b.utf8.count : a.utf8.lexicographicallyPrecedes(b.utf8)
        case (true, false): return true
        case (false, true): return false
        case (false, false): return a.utf8.lexicographicallyPrecedes(b.utf8)
        }
    }

    private static func isNumeric(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    private static func number(_ text: Substring) -> Result<Int, VersionSyntaxError> {
        guard isNumeric(text) else {
            return .failure(VersionSyntaxError(text.isEmpty ? "is missing" : "'\(text)' is not a number"))
        }
        guard text.count == 1 || text.first != "0" else { return .failure(VersionSyntaxError("'\(text)' has a leading zero")) }
        guard let value = Int(text) else { return .failure(VersionSyntaxError("'\(text)' is too large")) }
        return .success(value)
    }

    private static func problem(_ identifier: Substring, part: String, numericWithoutLeadingZeros: Bool) -> VersionSyntaxError? {
        if identifier.isEmpty { return VersionSyntaxError("a \(part) identifier is empty") }
        let allowed = identifier.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "-")
        }
        if !allowed { return VersionSyntaxError("the \(part) identifier '\(identifier)' may hold only letters, digits and '-'") }
        if numericWithoutLeadingZeros, isNumeric(identifier), identifier.count > 1, identifier.first == "0" {
            return VersionSyntaxError("the \(part) identifier '\(identifier)' has a leading zero")
        }
        return nil
    }
}

/// Why a string is not a version, e.g. `the minor version '03' has a leading zero`.
public struct VersionSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
