import PayloadValidation

/// A short string a `pattern:` accepts, for the values the sandbox synthesizes where the schema gives no
/// example (imported documents have none: SwiftPM's registry's `version`, ConsoleMe's 12-digit
/// `accountId`). Walks the pattern once: the first alternative, each quantifier's minimum, a class's
/// first member, nothing for anchors and lookarounds; the result is kept only when the validator's own
/// matcher accepts it, so a pattern this walk does not understand gives nil, never a wrong value.
///
/// With a `minimumLength` (a `minLength` beside the pattern: GitHub's 40-character `commit_sha`,
/// `^[0-9a-fA-F]+$`), the quantifiers that allow more repeat their atom more, first to last, until the
/// text is that long; nil when they cannot.
enum PatternSample {
    static func text(matching pattern: String, minimumLength: Int = 0) -> String? {
        var parser = Parser(characters: Array(pattern), missing: 0)
        guard var text = parser.alternatives(), parser.index == parser.characters.count else { return nil }
        if text.count < minimumLength {
            // Walked again, adding what the shortest text lacks.
            var stretching = Parser(characters: parser.characters, missing: min(minimumLength - text.count, maximumStretch))
            guard let longer = stretching.alternatives() else { return nil }
            text = longer
        }
        return text.count >= minimumLength && Pattern(pattern).matches(text) ? text : nil
    }

    /// How many characters a stretch adds at most: a `minLength` is schema text, so the sample stays bounded.
    private static let maximumStretch = 10_000

    /// One level per group; a pattern is schema text, so its nesting is bounded to keep the walk finite.
    private static let maximumDepth = 64

    private struct Parser {
        let characters: [Character]
        var index = 0
        var depth = 0
        /// Characters still to add by repeating an atom more often than its quantifier's minimum.
        var missing: Int

        var current: Character? { index < characters.count ? characters[index] : nil }

        /// `a|b|…` up to a `)` or the end: the first alternative's text.
        mutating func alternatives() -> String? {
            guard depth < PatternSample.maximumDepth else { return nil }
            depth += 1
            defer { depth -= 1 }
            var first: String?
            repeat {
                if current == "|" { index += 1 }
                guard let text = sequence() else { return nil }
                if first == nil { first = text }
            } while current == "|"
            return first
        }

        mutating func sequence() -> String? {
            var text = ""
            while let character = current, character != "|", character != ")" {
                guard let atom = atom(), let (minimum, maximum) = quantifier() else { return nil }
                var count = minimum
                // Where the text is still short, a quantifier that allows more repeats its atom more.
                if missing > 0, !atom.isEmpty {
                    let wanted = (missing + atom.count - 1) / atom.count
                    count += min(wanted, (maximum ?? .max) - minimum)
                    missing = max(0, missing - (count - minimum) * atom.count)
                }
                text += String(repeating: atom, count: count)
            }
            return text
        }

        /// How often the atom before it may be repeated: the quantifier's minimum (1 without one) and
        /// maximum (nil: no limit).
        mutating func quantifier() -> (minimum: Int, maximum: Int?)? {
            var bounds: (minimum: Int, maximum: Int?) = (1, 1)
            switch current {
            case "*": bounds = (0, nil)
            case "?": bounds = (0, 1)
            case "+": bounds = (1, nil)
            case "{":
                guard let close = characters[index...].firstIndex(of: "}") else { return (1, 1) }
                let body = String(characters[(index + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
                guard let count = Int(body.first ?? ""), count <= 1_000 else {
                    return (1, 1)
                }
                // `{n}`: exactly n; `{n,}`: at least n; `{n,m}`: up to m.
                bounds = (count, body.count == 1 ? count : body.count == 2 && body[1].isEmpty ? nil : Int(body[1]).map { max($0, count) } ?? count)
                index = close
            default: return (1, 1)
            }
            index += 1
            if current == "?" || current == "+" { index += 1 }
            return bounds
        }

        mutating func atom() -> String? {
            guard let character = current else { return nil }
            index += 1
            switch character {
            case "^", "$": return ""
            case ".": return "a"
            case "\\": return escape(inClass: false)
            case "[": return characterClass()
            case "(":
                var lookaround = false
                if current == "?" {
                    index += 1
                    if current == "=" || current == "!" {
                        lookaround = true
                        index += 1
                    } else if current == "<", index + 1 < characters.count, characters[index + 1] == "=" || characters[index + 1] == "!" {
                        lookaround = true
                        index += 2
                    } else if current == "<" {
                        // A named group: `(?<name>…)`.
                        guard let close = characters[index...].firstIndex(of: ">") else { return nil }
                        index = close + 1
                    } else if current == ":" {
                        index += 1
                    } else {
                        return nil
                    }
                }
                guard let text = alternatives(), current == ")" else { return nil }
                index += 1
                return lookaround ? "" : text
            default:
                return String(character)
            }
        }

        /// After a `\`: a class escape's first member, an anchor's nothing, else the character itself.
        mutating func escape(inClass: Bool) -> String? {
            guard let character = current else { return nil }
            index += 1
            switch character {
            case "d": return "0"
            case "w", "D", "S": return "a"
            case "s": return " "
            case "W": return "-"
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "A", "z", "Z", "b", "B", "G": return inClass ? String(character) : ""
            case "u", "x", "p", "P", "c": return nil
            default: return String(character)
            }
        }

        /// `[…]`: its first member; `[^…]`: the first of a few common characters it does not exclude.
        mutating func characterClass() -> String? {
            let negated = current == "^"
            if negated { index += 1 }
            var members: [String] = []
            var ranges: [ClosedRange<Character>] = []
            var first = true
            while let character = current, character != "]" || first {
                first = false
                index += 1
                var member = String(character)
                if character == "\\" {
                    guard let escaped = escape(inClass: true) else { return nil }
                    member = escaped
                }
                if current == "-", index + 1 < characters.count, characters[index + 1] != "]", member.count == 1 {
                    let upper = characters[index + 1]
                    index += 2
                    guard let lower = member.first, lower <= upper else { return nil }
                    ranges.append(lower...upper)
                    members.append(member)
                } else {
                    members.append(member)
                }
            }
            guard current == "]" else { return nil }
            index += 1
            if !negated { return members.first }
            let excluded = Set(members)
            return ["a", "0", "A", "x", "_", "-", " "].first { candidate in
                !excluded.contains(candidate) && !ranges.contains { $0.contains(Character(candidate)) }
            }
        }
    }
}
