// The tools read and write JSON everywhere (fixtures, results, diagnostics, the LSP): every
// module that imports the core sees `JSONValue`, `JSONParser` and `JSONWriter` too.
@_exported import TipRulesJSON
