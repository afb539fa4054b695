import TipRulesCompiler
import TipRulesRuntime

/// Swift source spellings of `.tiprules` constants and names.
enum SwiftSpelling {
    /// A Swift string literal: the runtime's quoting, plus `\u{…}` for the other control
    /// characters, which Swift does not allow raw in a literal.
    static func stringLiteral(_ text: String) -> String {
        var result = ""
        for scalar in ValueFormatting.quoted(text).unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A `Double` as Swift reads it back exactly (`2.0`, `0.1`, `1e+300`, `Double.infinity`).
    static func double(_ value: Double) -> String {
        if value.isFinite { return value.description }
        if value.isNaN { return "Double.nan" }
        return value > 0 ? "Double.infinity" : "-Double.infinity"
    }

    /// `Date(timeIntervalSince1970: …)`, with the type spelled `dateType`.
    static func date(_ seconds: Double, dateType: String = "Date") -> String {
        "\(dateType)(timeIntervalSince1970: \(number(seconds)))"
    }

    /// How the generated code spells Foundation's `Date`: `Foundation.Date` when the program
    /// declares a Swift member or field called `Date`, which would hide the type where it is declared.
    static func dateType(in program: CheckedProgram) -> String {
        let names = (program.parameters.map(\.name) + program.events.map(\.name)).map(SwiftHomes.member(of:))
            + program.events.flatMap { $0.fields.map(\.name) } + program.tips.map(\.swiftTypeName)
        return names.contains("Date") ? "Foundation.Date" : "Date"
    }

    /// A whole number of seconds without a fraction, otherwise the `Double`.
    static func number(_ value: Double) -> String {
        if let whole = Int(exactly: value) { return String(whole) }
        return double(value)
    }

    /// A TipKit `DonationTimeRange` in the largest whole unit: `.days(5)`, `.minutes(30)`.
    static func timeRange(_ seconds: Double) -> String {
        let units: [(String, Int)] = [("weeks", 604_800), ("days", 86_400), ("hours", 3_600), ("minutes", 60)]
        if let whole = Int(exactly: seconds), whole > 0,
           let unit = units.first(where: { whole % $0.1 == 0 }) {
            return ".\(unit.0)(\(whole / unit.1))"
        }
        return ".seconds(\(number(seconds)))"
    }

    /// Whether `text` is a TipKit `DonationTimeRange` as an app writes it: `.week`, `.days(5)`.
    static func isTimeRange(_ text: String) -> Bool {
        let units = ["minute", "hour", "day", "week"]
        guard text.hasPrefix(".") else { return false }
        let name = text.dropFirst()
        if units.contains(String(name)) { return true }
        guard let open = name.firstIndex(of: "("), name.hasSuffix(")") else { return false }
        let count = name[name.index(after: open)..<name.index(before: name.endIndex)]
        return units.contains { name[..<open] == $0 + "s" } && !count.isEmpty && count.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The Swift literal of a parameter default.
    static func scalar(_ value: ScalarValue, dateType: String = "Date") -> String {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return double(number)
        case .string(let text): return stringLiteral(text)
        case .date(let seconds): return date(seconds, dateType: dateType)
        case .duration(let seconds): return ".seconds(\(number(seconds)))"
        }
    }

    /// The Swift type of a scalar kind.
    static func type(_ kind: ScalarKind, dateType: String = "Date") -> String {
        kind == .date ? dateType : kind.description
    }

    /// `PurchaseDonation` for `purchase`, `VPNTipDismissedDonation` for `VPNTip.dismissed`.
    /// The Swift type of event `index`'s donations: its `donationType:`, else emit-swift's name.
    static func donationType(of index: Int, in program: CheckedProgram) -> String {
        let written = index < program.eventDonationTypes.count ? program.eventDonationTypes[index] : nil
        return written ?? donationTypeName(event: program.events[index].name)
    }

    static func donationTypeName(event: String) -> String {
        event.split(separator: ".").map { (($0.first.map { String($0).uppercased() } ?? "") + $0.dropFirst()) }.joined() + "Donation"
    }
}
