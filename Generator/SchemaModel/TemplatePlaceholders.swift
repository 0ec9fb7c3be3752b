extension String {
    /// The names between braces of a path or URL template (`/users/{id}/posts/{post}` → `id`, `post`), in
    /// order and as often as they stand; an unclosed `{` ends the template.
    public var templatePlaceholders: [String] {
        var names: [String] = []
        var rest = self[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
