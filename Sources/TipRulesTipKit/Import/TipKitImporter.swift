import TipRulesCompiler

/// TipKit Swift to `.tiprules`: recognizes each file, merges them, takes out the rules that do
/// not compile (`ImportedRuleCheck`), writes the program.
public enum TipKitImporter {
    /// The result of an import: the `.tiprules` text and each file with its diagnostics.
    public struct Result {
        public var text: String
        /// Each Swift file, in the order given, with what could not be carried over.
        public var files: [(source: SourceFile, diagnostics: DiagnosticList)]
    }

    /// Imports `sources` (Swift files) into one program.
    public static func run(_ sources: [SourceFile]) -> Result {
        var (program, files) = ImportMerger.merge(sources.map(TipKitRecognizer.recognize))
        let names = sources.map { $0.name.split(separator: "/").last.map(String.init) ?? $0.name }
        program = ImportedRuleCheck.run(program, files: &files, fileNames: names)
        return Result(text: TiprulesWriter.write(program, from: names),
                      files: files.map { ($0.source, $0.diagnostics) })
    }
}
