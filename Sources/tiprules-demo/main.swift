#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// tiprules-demo: what an app does with the runtime and the storage library, runnable
// (`tiprules-demo --help` lists its options and commands; docs/runtime.md walks through it).
//
// With `--sync DIR`, two demos with their own state folders are two installs of one person
// (a phone and a tablet): `sync` writes what this install holds that it has not sent yet as a
// change set file into DIR, and applies every change set file there, in whatever order, as an
// app does with CloudKit records (docs/runtime.md, "Syncing a person's devices").

do {
    let options = try DemoOptions(Array(CommandLine.arguments.dropFirst()))
    if options.help {
        say(DemoOptions.usage)
        exit(0)
    }
    let app = try DemoApp(options)
    while let line = readLine() {
        let words = line.split(separator: " ").map(String.init)
        guard !words.isEmpty else { continue }
        do { try app.perform(words) } catch { say("refused: \(error)") }
    }
} catch {
    say("error: \(error)")
    exit(1)
}
