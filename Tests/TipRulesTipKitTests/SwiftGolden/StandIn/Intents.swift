// A stand-in for the part of Intents that generated Widget Suggestions use,
// so that SwiftEmitterTests can type-check them on Linux. Declarations only.
import Foundation

/// A stand-in for `INShortcut`.
public final class INShortcut {
    public init() {}
}

/// A stand-in for `INRelevanceProvider`.
public class INRelevanceProvider {}

/// A stand-in for `INDateRelevanceProvider`.
public final class INDateRelevanceProvider: INRelevanceProvider {
    public init(start: Date, end: Date?) {}
}

/// A stand-in for `INRelevantShortcut`.
public final class INRelevantShortcut {
    public var relevanceProviders: [INRelevanceProvider] = []
    public init(shortcut: INShortcut) {}
}
