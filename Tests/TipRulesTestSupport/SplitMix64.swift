/// The tests' deterministic random generator is the tooling's (SplitMix64), so that fuzz-style
/// tests are repeatable; every test target that imports the support has it.
@_exported import struct TipRulesToolingCore.SplitMix64
