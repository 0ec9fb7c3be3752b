/// Schema patterns mean what they mean in JSON Schema: ECMA-262 regular expressions (with the `u`
/// flag, so code points, as JSON Schema 2020-12 recommends and as jsonschema-rs matches). `lint`
/// compiles and the validator runs them on ICU (`NSRegularExpression`), whose syntax is close but whose
/// meaning differs in places; `icuPattern(_:)` rewrites those places so ICU answers as ECMA-262 does:
///
/// | ECMA-262 | ICU's own meaning | rewritten to |
/// |---|---|---|
/// | `$`: the end of the input only | also before a final line terminator (`"EUR\n"` matches `^[A-Z]{3}$`) | `\z` |
/// | `.`: anything but LF, CR, U+2028, U+2029 | also not VT, FF, NEL (U+0085) | `[^\n\r\u2028\u2029]` |
/// | `\d`, `\w`, `\b`: ASCII digits / word characters | Unicode digits, letters, word boundaries | ASCII classes and lookarounds |
/// | `\s`: ECMA-262's white space and line terminators (with U+FEFF, without U+0085) | Unicode White_Space | ECMA-262's list |
/// | `\v`: U+000B; `\0`: NUL; `[\b]`: backspace | vertical white space; octal; error | `\x{0B}`, `\x{0}`, `\x{08}` |
/// | `\u{…}` | (`\x{…}` in ICU) | `\x{…}` |
/// | `[` `&` `:` `{` `$` inside a class: literal | nested sets, `&&` intersection, `[:alpha:]` | escaped |
/// | `[]` matches nothing, `[^]` any code point | errors | `(?!)`, `[\x{0}-\x{10FFFF}]` |
/// | a `{` `}` `]` that is not part of a quantifier or class: literal | error | escaped |
///
/// Not rewritten (documented in docs/SchemaCheck.md): syntax ECMA-262 rejects but ICU accepts keeps
/// its ICU meaning (inline flags `(?i)`, possessive `a++` and atomic `(?>…)` groups, `\A` `\Z` `\z`
/// `\Q…\E` `\h` `\R`, POSIX-style `\p{Alpha}`), ICU's Unicode property names may differ from ECMA-262's
/// in rare cases, and a lookbehind must have a bounded length in ICU (an unbounded one does not compile,
/// and `lint` reports it).
public enum ECMAPattern {
    private static let word = "A-Za-z0-9_"
    /// ECMA-262 `WhiteSpace` and `LineTerminator`.
    private static let space = #"\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}"#

    /// The ICU pattern that matches what `pattern` matches in ECMA-262.
    public static func icuPattern(_ pattern: String) -> String {
        let scalars = Array(pattern.unicodeScalars)
        var output = ""
        var index = 0
        var inClass = false
        /// Position of the first member of the current class (after `[` and an optional `^`).
        var classStart = 0

        func next(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }
        /// `{n}`, `{n,}` or `{n,m}` starts at `index - 1` (the `{` just read).
        func isQuantifier() -> Bool {
            var position = index
            var digits = 0
            while position < scalars.count, ("0"..."9").contains(scalars[position]) {
                position += 1
                digits += 1
            }
            guard digits > 0, position < scalars.count else { return false }
            if scalars[position] == "," {
                position += 1
                while position < scalars.count, ("0"..."9").contains(scalars[position]) { position += 1 }
            }
            return position < scalars.count && scalars[position] == "}"
        }

        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\\" {
                guard let escaped = next() else {
                    output += "\\\\"
                    break
                }
                index += 1
                output += translateEscape(escaped, inClass: inClass, scalars: scalars, index: &index)
                continue
            }
            if inClass {
                switch scalar {
                case "]":
                    inClass = false
                    output += "]"
                case "-" where index - 1 > classStart && next() != "]":
                    output += "-"  // a range
                case "[", "&", ":", "{", "}", "$", "^", "-", "|", "#", "~":
                    output += "\\" + String(scalar)
                default:
                    output.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "$":
                output += #"\z"#
            case ".":
                output += #"[^\n\r\x{2028}\x{2029}]"#
            case "[":
                if next() == "]" {
                    output += "(?!)"
                    index += 1
                } else if next() == "^", next(1) == "]" {
                    output += #"[\x{0}-\x{10FFFF}]"#
                    index += 2
                } else {
                    inClass = true
                    output += "["
                    if next() == "^" {
                        output += "^"
                        index += 1
                    }
                    classStart = index
                }
            case "{":
                if isQuantifier() {
                    // Copy the quantifier through its `}` so the `}` is not escaped below.
                    output += "{"
                    while let character = next() {
                        output.unicodeScalars.append(character)
                        index += 1
                        if character == "}" { break }
                    }
                } else {
                    output += "\\{"
                }
            case "}", "]":
                output += "\\" + String(scalar)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// The ICU form of `\` + `escaped`; `index` is past `escaped` and moves past any operand.
    private static func translateEscape(_ escaped: Unicode.Scalar, inClass: Bool, scalars: [Unicode.Scalar], index: inout Int) -> String {
        switch escaped {
        case "d": return inClass ? "0-9" : "[0-9]"
        case "D": return "[^0-9]"
        case "w": return inClass ? word : "[\(word)]"
        case "W": return "[^\(word)]"
        case "s": return inClass ? space : "[\(space)]"
        case "S": return "[^\(space)]"
        case "b" where inClass: return #"\x{08}"#
        case "b": return "(?:(?<=[\(word)])(?![\(word)])|(?<![\(word)])(?=[\(word)]))"
        case "B": return "(?:(?<=[\(word)])(?=[\(word)])|(?<![\(word)])(?![\(word)]))"
        case "v": return #"\x{0B}"#
        case "0" where !(index < scalars.count && ("0"..."9").contains(scalars[index])): return #"\x{0}"#
        case "u" where index < scalars.count && scalars[index] == "{":
            // `\u{1F600}` → `\x{1F600}`: copy the braces and hex digits.
            var result = #"\x"#
            while index < scalars.count {
                let scalar = scalars[index]
                result.unicodeScalars.append(scalar)
                index += 1
                if scalar == "}" { break }
            }
            return result
        default:
            return "\\" + String(escaped)
        }
    }
}
