/// The names a schema declares, read from the YAML keys alone: also those whose definitions had
/// errors and were left out of the parsed model. A reference to such a name is not reported as
/// "unknown": the definition's own error already says what is wrong, and one mistake is one
/// diagnostic.
struct DeclaredNames {
    var types: Set<String> = []
    var operations: Set<String> = []
    var errorCases: Set<String> = []
    var authSchemes: Set<String> = []

    init() {}

    init(_ root: YAMLNode) {
        func keys(_ node: YAMLNode?) -> Set<String> { Set(node?.pairs?.map(\.key) ?? []) }
        types = keys(root["types"])
        operations = keys(root["operations"])
        errorCases = keys(root["errors"]?["cases"])
        authSchemes = keys(root["auth"])
    }
}
