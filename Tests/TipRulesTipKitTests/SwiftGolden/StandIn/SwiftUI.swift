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
