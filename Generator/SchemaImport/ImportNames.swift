import SchemaModel

/// Schema names made from OpenAPI names (component keys, property and parameter names,
/// operationIds), which may hold any character: the words of the name joined in camel case.
enum ImportNames {
    /// The alphanumeric ASCII words of `text`: `pet-store_v2` → `pet`, `store`, `v2`.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `pet-store` → `PetStore`; a name starting with a digit gets `fallback` in front.
    static func upperCamel(_ text: String, fallback: String = "Type") -> String {
        let joined = words(text).map(capitalizedFirst).joined()
        guard let first = joined.unicodeScalars.first else { return fallback }
        return ("0"..."9").contains(first) ? fallback + joined : joined
    }

    /// `X-Request-Id` → `xRequestId`, `page_size` → `pageSize`, `2fa` → `_2fa`.
    static func lowerCamel(_ text: String, fallback: String = "value") -> String {
        let parts = words(text)
        guard let head = parts.first else { return fallback }
        let lowered = head == head.uppercased() ? head.lowercased() : lowercasedFirst(head)
        let joined = lowered + parts.dropFirst().map(capitalizedFirst).joined()
        guard let first = joined.unicodeScalars.first else { return fallback }
        return ("0"..."9").contains(first) ? "_" + joined : joined
    }

    /// A member name for a wire name: the wire name itself when it is an identifier without `_`,
    /// else its camel case (`access_token` → `accessToken`, as Swift code names it).
    static func member(_ wireName: String, fallback: String = "value") -> String {
        SwiftNaming.isValidName(wireName) && !wireName.contains("_") ? wireName : lowerCamel(wireName, fallback: fallback)
    }

    /// A header parameter's name: `X-Request-Id` → `requestId` (the `X-` says nothing in Swift).
    static func header(_ wireName: String) -> String {
        let lowered = wireName.lowercased()
        let bare = lowered.hasPrefix("x-") && wireName.count > 2 ? String(wireName.dropFirst(2)) : wireName
        return lowerCamel(bare, fallback: "header")
    }

    /// A variant's name from its type, without the words it shares with the union's name:
    /// `ProcessingEditText` in `ProcessingFormField` → `editText`.
    static func variant(_ typeName: String, in unionName: String) -> String {
        let typeWords = camelWords(typeName)
        let unionWords = camelWords(unionName)
        var shared = 0
        while shared < min(typeWords.count - 1, unionWords.count), typeWords[shared] == unionWords[shared] { shared += 1 }
        var rest = Array(typeWords.dropFirst(shared))
        // `InfoNotice` in `Notice` → `info`.
        var unionTail = unionWords
        while rest.count > 1, let last = unionTail.last, rest.last == last {
            rest.removeLast()
            unionTail.removeLast()
        }
        return lowerCamel(rest.joined(), fallback: "variant")
    }

    /// A variant's name from its type expression: a component's as `variant(_:in:)` gives it,
    /// `string` → `string`, `[string]` → `stringList`, `[string: int]` → `intMap`, `date-time` → `dateTime`.
    static func variant(expression: String, in unionName: String) -> String {
        if let collection = TypeTranslator.collection(expression) {
            let inner = collection.isMap ? String(collection.inner.split(separator: ":", maxSplits: 1).last ?? "") : String(collection.inner)
            let element = variant(expression: String(inner.drop(while: { $0 == " " })), in: unionName)
            return element + (collection.isMap ? "Map" : "List")
        }
        if Primitive(rawValue: expression) != nil { return lowerCamel(expression, fallback: "variant") }
        return variant(expression, in: unionName)
    }

    /// `ProcessingEditText` → `Processing`, `Edit`, `Text`.
    static func camelWords(_ name: String) -> [String] {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append(String(character)) } else { words[words.count - 1].append(character) }
        }
        return words
    }

    static func capitalizedFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    static func lowercasedFirst(_ word: String) -> String {
        word.prefix(1).lowercased() + word.dropFirst()
    }
}

/// Hands out names unique within one scope (types of a schema, fields of a struct), adding `2`, `3`…
/// to a name already taken. Names differing only by case count as taken (Swift files on
/// case-insensitive disks, and the language's own duplicate check).
struct NameScope {
    private var taken: Set<String> = []

    init(reserved: [String] = []) {
        for name in reserved { taken.insert(name.lowercased()) }
    }

    mutating func claim(_ name: String) -> String {
        var candidate = name
        var counter = 2
        while taken.contains(candidate.lowercased()) {
            candidate = name + String(counter)
            counter += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }
}
