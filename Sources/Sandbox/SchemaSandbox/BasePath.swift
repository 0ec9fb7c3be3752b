import Foundation
import SchemaModel

extension Schema {
    /// The path of the first environment's URL: `https://{host}/wlp/v1` -> `/wlp/v1`. Variables in the
    /// path take their default; "" for a URL without a path.
    var sandboxBasePath: String {
        guard let environment = environments.first else { return "" }
        var url = environment.url
        for variable in environment.variables {
            if let value = variable.defaultValue { url = url.replacingOccurrences(of: "{\(variable.name)}", with: value) }
        }
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        guard let slash = rest.firstIndex(of: "/") else { return "" }
        var path = String(rest[slash...])
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<query]) }
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
