// A stand-in for the parts of TipKit that generated code uses, so that
// SwiftEmitterTests can type-check it on Linux (there is no TipKit there).
// Declarations only, with Apple's spellings. TipKit's `#Rule` is a macro, which
// needs a compiler plugin: the test rewrites `#Rule(` to `Rule(` and this file
// declares `Rule` initialisers with the macro's inputs and closure shapes.
@_exported import Foundation
import SwiftUI

/// Something a tip's options builder accepts.
public protocol TipOption {}

/// A stand-in for TipKit's `Tip`.
public protocol Tip {
    var id: String { get }
    var title: Text { get }
    var message: Text? { get }
    var image: Image? { get }
    @Tips.RuleBuilder var rules: [Rule] { get }
    @Tips.OptionsBuilder var options: [any TipOption] { get }
    @Tips.ActionBuilder var actions: [Tips.Action] { get }
}

extension Tip {
    public var id: String { String(describing: Self.self) }
    public var message: Text? { nil }
    public var image: Image? { nil }
    public var rules: [Rule] { [] }
    public var options: [any TipOption] { [] }
    public var actions: [Tips.Action] { [] }
    /// `Tip.Action`.
    public typealias Action = Tips.Action
}

/// A rule input: a parameter (its value is the closure argument) or an event (the event itself).
public protocol RuleInput {
    associatedtype Value
}

/// A stand-in for TipKit's `Rule`; `Rule(…) { … }` stands for `#Rule(…) { … }`.
public struct Rule {
    public init<A: RuleInput>(_ a: A, _ body: @escaping (A.Value) -> Bool) {}
    public init<A: RuleInput, B: RuleInput>(_ a: A, _ b: B, _ body: @escaping (A.Value, B.Value) -> Bool) {}
    public init<A: RuleInput, B: RuleInput, C: RuleInput>(_ a: A, _ b: B, _ c: C,
                                                           _ body: @escaping (A.Value, B.Value, C.Value) -> Bool) {}
}

/// A stand-in for TipKit's `@Parameter` macro, as a property wrapper with the same projection.
@propertyWrapper
public struct Parameter<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value, _ options: Tips.ParameterOption...) { self.wrappedValue = wrappedValue }
    public var projectedValue: Tips.Parameter<Value> { Tips.Parameter() }
}

/// A donation as rules see it: its date and its `DonationInfo` fields.
public protocol DonationRecord {
    associatedtype Info
}

extension Array where Element: DonationRecord {
    public func donatedWithin(_ range: Tips.DonationTimeRange) -> [Element] { self }
    public func largestSubset<Key: Hashable>(groupedBy key: KeyPath<Element.Info, Key>) -> [Element] { self }
    public func smallestSubset<Key: Hashable>(groupedBy key: KeyPath<Element.Info, Key>) -> [Element] { self }
}

/// A stand-in for TipKit's `Tips` namespace.
public enum Tips {
    /// A parameter's projection, a rule input.
    public struct Parameter<Value>: RuleInput {}

    /// A stand-in for `Tips.ParameterOption` (`@Parameter(.transient)`).
    public struct ParameterOption: Sendable {
        /// The value is not persisted: it returns to its default on each app launch.
        public static let transient = ParameterOption()
    }

    /// The donation info of an event without fields.
    public struct EmptyDonation: Codable, Sendable {}

    /// A stand-in for `Tips.Event`.
    public struct Event<DonationInfo: Codable & Sendable>: RuleInput {
        public typealias Value = Event<DonationInfo>

        /// One donation.
        @dynamicMemberLookup
        public struct Donation: DonationRecord {
            public typealias Info = DonationInfo
            public var date: Date { Date() }
            public subscript<Field>(dynamicMember field: KeyPath<DonationInfo, Field>) -> Field {
                fatalError("stand-in")
            }
        }

        public init(id: String) {}
        @available(iOS 26, macOS 26, *)
        public init(id: String, donationLimit: DonationLimit) {}
        public var donations: [Donation] { [] }
        /// Records a donation (what the app calls; rules only read donations).
        public func donate(_ donation: DonationInfo) async {}
    }

    /// A stand-in for `Tips.DonationTimeRange`.
    public struct DonationTimeRange {
        public static func seconds(_ value: Int) -> DonationTimeRange { DonationTimeRange() }
        public static func minutes(_ value: Int) -> DonationTimeRange { DonationTimeRange() }
        public static func hours(_ value: Int) -> DonationTimeRange { DonationTimeRange() }
        public static func days(_ value: Int) -> DonationTimeRange { DonationTimeRange() }
        public static func weeks(_ value: Int) -> DonationTimeRange { DonationTimeRange() }
        public static let minute = DonationTimeRange()
        public static let hour = DonationTimeRange()
        public static let day = DonationTimeRange()
        public static let week = DonationTimeRange()
    }

    /// A stand-in for `Tips.DonationLimit` (iOS 26).
    @available(iOS 26, macOS 26, *)
    public struct DonationLimit {
        public init(maximumCount: Int, maximumAge: DonationTimeRange? = nil) {}
    }

    /// `Tips.MaxDisplayCount`.
    public struct MaxDisplayCount: TipOption {
        public init(_ count: Int) {}
    }

    /// `Tips.IgnoresDisplayFrequency`.
    public struct IgnoresDisplayFrequency: TipOption {
        public init(_ ignores: Bool) {}
    }

    /// `Tips.MaxDisplayDuration` (iOS 18).
    @available(iOS 18, macOS 15, *)
    public struct MaxDisplayDuration: TipOption {
        public init(_ seconds: TimeInterval) {}
    }

    /// `Tips.ConfigurationOption`.
    public enum ConfigurationOption {
        /// How often a new tip may appear.
        public enum DisplayFrequency {
            case immediate, hourly, daily, weekly, monthly
        }
        case displayFrequency(DisplayFrequency)
    }

    public static func configure(_ options: [ConfigurationOption] = []) throws {}

    /// `@Tips.RuleBuilder`.
    @resultBuilder
    public enum RuleBuilder {
        public static func buildBlock(_ rules: Rule...) -> [Rule] { rules }
    }

    /// `@Tips.OptionsBuilder`.
    @resultBuilder
    public enum OptionsBuilder {
        public static func buildBlock(_ options: any TipOption...) -> [any TipOption] { options }
    }

    /// `Tips.Action`: a button of a tip, told apart by its id.
    public struct Action {
        public init(id: String? = nil, title: some StringProtocol, perform handler: @escaping () -> Void = {}) {}
    }

    /// `@Tips.ActionBuilder`.
    @resultBuilder
    public enum ActionBuilder {
        public static func buildBlock(_ actions: Action...) -> [Action] { actions }
    }

    /// `@Tips.GroupBuilder`.
    @resultBuilder
    public enum GroupBuilder {
        public static func buildBlock(_ tips: any Tip...) -> [any Tip] { tips }
    }
}

extension Tips.Event where DonationInfo == Tips.EmptyDonation {
    public init(id: String) {}
}

/// A stand-in for TipKit's `TipGroup` (iOS 18).
@available(iOS 18, macOS 15, *)
@MainActor
public final class TipGroup {
    /// The order tips are shown in.
    public enum Priority {
        case firstAvailable, ordered
    }

    public init(_ priority: Priority = .firstAvailable, @Tips.GroupBuilder _ builder: () -> [any Tip]) {}
}
