/// Renders the members of an enum that must name every case (raw value mapping, error matching).
///
/// Swift warns wherever a deprecated case is named, even inside its own type, and generated code
/// must build without warnings. When a type has deprecated cases, these members are therefore
/// marked deprecated themselves and reached through a private protocol, which Swift does not warn
/// about; otherwise they are plain static functions.
struct CaseTable {
    struct Member {
        /// e.g. "fromRawValue"
        let name: String
        /// e.g. "_ value: {Self}"; `{Self}` stands for the type and is spelled per context.
        let parameters: String
        /// The argument list to call it with, e.g. "rawValue"
        let arguments: String
        let returnType: String
        let body: (inout SwiftWriter) -> Void
    }

    let typeName: String
    let isShielded: Bool
    let members: [Member]

    private var protocolName: String { "_\(typeName)CaseTable" }

    /// The expression that calls `member` from the type's public API.
    func call(_ memberName: String, _ arguments: String) -> String {
        isShielded ? "_\(typeName)_\(memberName)(Self.self, \(arguments))" : "Self._\(memberName)(\(arguments))"
    }

    private func spell(_ text: String, _ selfType: String) -> String {
        text.replacingOccurrences(of: "{Self}", with: selfType)
    }

    func render(into writer: inout SwiftWriter) {
        if isShielded {
            writer.line("/// Names every case of `\(typeName)`, deprecated ones included, without deprecation warnings.")
            writer.block("private protocol \(protocolName)") { writer in
                for member in members {
                    writer.line("static func _\(member.name)(\(spell(member.parameters, "Self"))) -> \(spell(member.returnType, "Self"))")
                }
            }
            writer.line()
            for member in members {
                let parameters = member.parameters.isEmpty ? "_: T.Type" : "_: T.Type, \(spell(member.parameters, "T"))"
                writer.block("private func _\(typeName)_\(member.name)<T: \(protocolName)>(\(parameters)) -> \(spell(member.returnType, "T"))") { writer in
                    writer.line("T._\(member.name)(\(member.arguments))")
                }
                writer.line()
            }
        }
        writer.block("extension \(typeName)\(isShielded ? ": \(protocolName)" : "")") { writer in
            for (index, member) in members.enumerated() {
                if index > 0 { writer.line() }
                if isShielded {
                    writer.line("@available(*, deprecated, message: \"Names deprecated cases on purpose; use the public API.\")")
                }
                writer.block("fileprivate static func _\(member.name)(\(spell(member.parameters, typeName))) -> \(spell(member.returnType, typeName))") {
                    writer in
                    member.body(&writer)
                }
            }
        }
    }
}
