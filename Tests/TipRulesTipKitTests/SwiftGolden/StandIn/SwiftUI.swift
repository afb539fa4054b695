// A stand-in for the parts of SwiftUI that generated TipKit code uses, so that
// SwiftEmitterTests can type-check it on Linux. Declarations only.

/// A stand-in for SwiftUI's `Text`.
public struct Text {
    public init(_ content: String) {}
}

/// A stand-in for SwiftUI's `Image`.
public struct Image {
    public init(systemName: String) {}
}

// What the app's own Swift for a tip's texts and images uses (`title: swift("…")`), with
// Apple's spellings: Foundation's `LocalizedStringResource` and `String(localized:defaultValue:)`,
// which Linux's Foundation lacks, SwiftUI's asset images and UIKit's `UIImage`.

/// A stand-in for Foundation's `LocalizedStringResource`.
public struct LocalizedStringResource {
    public init(_ key: StaticString, defaultValue: String, table: String? = nil, comment: StaticString? = nil) {}
}

extension String {
    /// A stand-in for Foundation's `String(localized:defaultValue:table:comment:)`.
    public init(localized key: StaticString, defaultValue: String, table: String? = nil, comment: StaticString? = nil) {
        self = defaultValue
    }
}

extension Text {
    public init(_ resource: LocalizedStringResource) {}
}

extension Image {
    public init(_ name: String) {}
    public init(decorative name: String) {}
    public init(uiImage: UIImage) {}
}

/// A stand-in for UIKit's `UIImage`, which SwiftUI re-exports on iOS.
public final class UIImage {
    public init?(named name: String) {}
}
