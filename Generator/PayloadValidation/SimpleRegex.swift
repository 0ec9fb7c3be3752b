/// A matcher for the regular expressions schemas usually hold (`^[A-Z0-9]+$`, `^\+[0-9]{6,15}$`):
/// a sequence of single-character atoms with quantifiers, optionally anchored. It answers what
/// ECMA-262 (JSON Schema's dialect, with the `u` flag: code points) answers for such patterns, in a
/// fraction of the time `NSRegularExpression` takes; anything outside the subset is left to
/// `NSRegularExpression` on the pattern `ECMAPattern` rewrites (`compile` returns nil).
///
/// Supported: literal ASCII characters; `\` before an ASCII punctuation character; `.` (any code point
/// but LF, CR, U+2028 and U+2029, ECMA-262's line terminators); `[…]` and `[^…]` of ASCII literals and
/// ranges; quantifiers `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}` (lazy forms too: they match the same
/// strings); `^` first and `$` last, which matches at the very end only (not before a final newline,
/// as ICU's and Python's `$` do).
/// Not supported (falls back): alternation, groups, escapes of letters or digits (`\d`, `\w`, `\p{…}`,
/// which are Unicode-aware in ICU), possessive quantifiers, non-ASCII literals, flags.
struct SimpleRegex {
    private enum Matcher {
        case scalar(UInt32)
        /// Any code point but an ECMA-262 line terminator.
        case any
        /// A set of ASCII characters as a 128-bit mask; `negated` matches every code point outside it.
        case set(low: UInt64, high: UInt64, negated: Bool)

        @inline(__always)
        func matches(_ value: UInt32) -> Bool {
            switch self {
            case .scalar(let scalar): return value == scalar
            case .any: return !SimpleRegex.isLineTerminator(value)
            case .set(let low, let high, let negated):
                let inside = value < 64 ? low >> UInt64(value) & 1 == 1 : value < 128 ? high >> UInt64(value - 64) & 1 == 1 : false
                return inside != negated
            }
        }
    }

    private struct Atom {
        let matcher: Matcher
        let minimum: Int
        /// nil: unbounded.
        let maximum: Int?
        /// First state index of this atom (states count repetitions 0...cap).
        var offset = 0
        /// Repetitions tracked: the maximum, or the minimum when unbounded (more add nothing new).
        var cap: Int { maximum ?? minimum }
    }

    private var atoms: [Atom] = []
    private var anchoredStart = false
    private var anchoredEnd = false
    private var stateCount = 0
    /// The atom each (non-accepting) state belongs to.
    private var stateAtom: [Int] = []

    /// ECMA-262's `LineTerminator` (which `.` does not match): LF, CR, LS, PS. (ICU adds VT, FF and NEL.)
    static func isLineTerminator(_ value: UInt32) -> Bool {
        value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029
    }

    /// The matcher for `pattern`, or nil when the pattern is outside the supported subset.
    static func compile(_ pattern: String) -> SimpleRegex? {
        var regex = SimpleRegex()
        var scalars = Array(pattern.unicodeScalars.map(\.value))
        if scalars.first == 0x5E {  // ^
            regex.anchoredStart = true
            scalars.removeFirst()
        }
        if scalars.last == 0x24 {  // $
            // `\$` is a literal dollar, not an anchor.
            var backslashes = 0
            var index = scalars.count - 2
            while index >= 0, scalars[index] == 0x5C {
                backslashes += 1
                index -= 1
            }
            if backslashes % 2 == 0 {
                regex.anchoredEnd = true
                scalars.removeLast()
            }
        }
        var index = 0
        func isPunctuation(_ value: UInt32) -> Bool {
            (0x21...0x2F).contains(value) || (0x3A...0x40).contains(value) || (0x5B...0x60).contains(value) || (0x7B...0x7E).contains(value)
        }
        while index < scalars.count {
            let value = scalars[index]
            index += 1
            let matcher: Matcher
            switch value {
            case 0x5C:  // backslash
                guard index < scalars.count, isPunctuation(scalars[index]) else { return nil }
                matcher = .scalar(scalars[index])
                index += 1
            case 0x2E:  // .
                matcher = .any
            case 0x5B:  // [
                guard let (set, next) = parseSet(scalars, from: index) else { return nil }
                matcher = set
                index = next
            case 0x28, 0x29, 0x7C, 0x5E, 0x24, 0x2A, 0x2B, 0x3F, 0x7B, 0x7D, 0x5D:  // ( ) | ^ $ * + ? { } ]
                return nil
            case 0x20...0x7E:
                matcher = .scalar(value)
            default:
                return nil  // control characters, non-ASCII: leave to ICU
            }
            var minimum = 1
            var maximum: Int? = 1
            var quantified = true
            if index < scalars.count {
                switch scalars[index] {
                case 0x3F:
                    (minimum, maximum) = (0, 1)
                    index += 1
                case 0x2A:
                    (minimum, maximum) = (0, nil)
                    index += 1
                case 0x2B:
                    (minimum, maximum) = (1, nil)
                    index += 1
                case 0x7B:
                    guard let (low, high, next) = parseBraces(scalars, from: index + 1) else { return nil }
                    (minimum, maximum) = (low, high)
                    index = next
                default: quantified = false
                }
            } else {
                quantified = false
            }
            if quantified, index < scalars.count {
                if scalars[index] == 0x3F {
                    index += 1
                }  // lazy: matches the same strings
                else if scalars[index] == 0x2B {
                    return nil
                }  // possessive: can fail where greedy matches
            }
            regex.atoms.append(Atom(matcher: matcher, minimum: minimum, maximum: maximum))
        }
        var offset = 0
        for position in regex.atoms.indices {
            regex.atoms[position].offset = offset
            offset += regex.atoms[position].cap + 1
            guard offset <= 512 else { return nil }
            regex.stateAtom += Array(repeating: position, count: regex.atoms[position].cap + 1)
        }
        regex.stateCount = offset + 1  // + the accepting state
        return regex
    }

    private static func parseSet(_ scalars: [UInt32], from start: Int) -> (Matcher, Int)? {
        var index = start
        var negated = false
        if index < scalars.count, scalars[index] == 0x5E {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        // `[:…:]` is an ICU property expression.
        if index < scalars.count, scalars[index] == 0x3A { return nil }
        while index < scalars.count {
            var value = scalars[index]
            if value == 0x5D, !first {
                var low: UInt64 = 0
                var high: UInt64 = 0
                for range in ranges {
                    for member in range {
                        if member < 64 { low |= 1 << UInt64(member) } else { high |= 1 << UInt64(member - 64) }
                    }
                }
                return (.set(low: low, high: high, negated: negated), index + 1)
            }
            // ICU treats a leading ']' as an error, and '[', '&', '-' specially (nested sets, operators).
            guard value != 0x5D, value != 0x5B, value != 0x26 else { return nil }
            first = false
            index += 1
            if value == 0x5C {
                guard index < scalars.count, (0x21...0x7E).contains(scalars[index]),
                    !(0x30...0x39).contains(scalars[index]), !((scalars[index] | 0x20) >= 0x61 && (scalars[index] | 0x20) <= 0x7A)
                else { return nil }
                value = scalars[index]
                index += 1
            } else if value == 0x2D {
                return nil  // a literal '-' has edge rules in ICU; leave them to it
            } else if !(0x21...0x7E).contains(value) {
                return nil  // spaces, controls and non-ASCII: leave to ICU
            }
            if index + 1 < scalars.count, scalars[index] == 0x2D, scalars[index + 1] != 0x5D {
                let high = scalars[index + 1]
                guard (0x21...0x7E).contains(high), high != 0x5C, high != 0x5B, high != 0x26, high >= value else { return nil }
                ranges.append(value...high)
                index += 2
            } else {
                ranges.append(value...value)
            }
        }
        return nil
    }

    private static func parseBraces(_ scalars: [UInt32], from start: Int) -> (Int, Int?, Int)? {
        var index = start
        func number() -> Int? {
            var value = 0
            var digits = 0
            while index < scalars.count, (0x30...0x39).contains(scalars[index]), digits < 4 {
                value = value * 10 + Int(scalars[index] - 0x30)
                digits += 1
                index += 1
            }
            return digits > 0 ? value : nil
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if index < scalars.count, scalars[index] == 0x2C {
            index += 1
            high = number()
            if let high, high < low { return nil }
        }
        guard index < scalars.count, scalars[index] == 0x7D else { return nil }
        return (low, high, index + 1)
    }

    /// Whether the pattern occurs in `text` (search, not a full match, unless anchored).
    func matches(_ text: String) -> Bool {
        if anchoredStart, anchoredEnd, atoms.count == 1 { return matchesWhole(text, atoms[0]) }
        return simulate(text)
    }

    /// `^x{m,n}$`: every code point matches `x` and the count is in range.
    private func matchesWhole(_ text: String, _ atom: Atom) -> Bool {
        var count = 0
        for scalar in text.unicodeScalars {
            guard atom.matcher.matches(scalar.value) else { return false }
            count += 1
        }
        return count >= atom.minimum && atom.maximum.map { count <= $0 } ?? true
    }

    private func simulate(_ text: String) -> Bool {
        let accept = stateCount - 1
        // Two small state sets, swapped each step.
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: stateCount * 2) { buffer in
            var current = UnsafeMutableBufferPointer(rebasing: buffer[0..<stateCount])
            var next = UnsafeMutableBufferPointer(rebasing: buffer[stateCount..<stateCount * 2])
            current.initialize(repeating: false)
            next.initialize(repeating: false)

            func add(_ atom: Int, _ count: Int, to set: UnsafeMutableBufferPointer<Bool>) {
                var atom = atom
                var count = count
                while true {
                    if atom == atoms.count {
                        set[accept] = true
                        return
                    }
                    let state = atoms[atom].offset + count
                    if set[state] { return }
                    set[state] = true
                    guard count >= atoms[atom].minimum else { return }
                    atom += 1
                    count = 0
                }
            }

            add(0, 0, to: current)
            let scalars = text.unicodeScalars
            var position = scalars.startIndex
            while true {
                // `$` (ECMA-262, not multiline): the very end of the input.
                if current[accept], !anchoredEnd || position == scalars.endIndex { return true }
                guard position != scalars.endIndex else { return false }
                let value = scalars[position].value
                for index in 0..<stateCount - 1 where current[index] {
                    let atom = stateAtom[index]
                    let count = index - atoms[atom].offset
                    let canRepeat = atoms[atom].maximum.map { count < $0 } ?? true
                    if canRepeat, atoms[atom].matcher.matches(value) {
                        add(atom, min(count + 1, atoms[atom].cap), to: next)
                    }
                }
                if !anchoredStart { add(0, 0, to: next) }
                swap(&current, &next)
                next.update(repeating: false)
                position = scalars.index(after: position)
                if anchoredStart, !current.contains(true) { return false }
            }
        }
    }
}
