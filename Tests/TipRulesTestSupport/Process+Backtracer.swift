import Foundation

extension Process {
    /// Starts the child without the Swift runtime's backtracer: for a child a test kills. A child
    /// that crashed has the backtracer (`swift-backtrace`) attached while it prints the crash;
    /// killed then, the child is left a zombie that the backtracer, hung, never lets go, so its
    /// parent is never told it ended and `waitUntilExit()` hangs the whole run. Without the
    /// backtracer, a child that crashed fails its test through what it did not print. Call before
    /// `run()`, after setting any environment of the child's own.
    public func withoutBacktracer() {
        var variables = environment ?? ProcessInfo.processInfo.environment
        variables["SWIFT_BACKTRACE"] = "enable=no"
        environment = variables
    }
}
