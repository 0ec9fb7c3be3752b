import Foundation

/// Builds gzip streams of zero bytes with a minimal DEFLATE encoder (one fixed-Huffman block: a literal
/// zero, then length-258/distance-1 matches), so tests can serve a body that expands about 160-fold
/// without a compression library. Shared by the transport tests of ClientRuntime and HTTPTransportNIO.
public enum Gzip {
    /// A gzip stream that decompresses to `count` zero bytes.
    ///
    /// The trailer's CRC-32 is only computed up to 16 MiB (it would take seconds beyond); larger streams
    /// carry a wrong CRC, which a client only notices after reading the whole body, i.e. never in a test
    /// that stops it early.
    public static func zeros(_ count: Int) -> Data {
        var data = Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF])
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE = 01, fixed Huffman
        var remaining = count
        if remaining > 0 {
            bits.writeCode(0x30, length: 8)  // literal 0
            remaining -= 1
        }
        // 3 header bits + 8 literal bits + 13 bits per match: after one match the stream is byte-aligned,
        // and every 8 matches after that are the same 13 bytes, so long runs are copied in bulk.
        if remaining >= 258 {
            bits.writeMatch()
            remaining -= 258
        }
        let groups = remaining / (8 * 258)
        if groups > 0 {
            var group = BitWriter()
            for _ in 0..<8 { group.writeMatch() }
            bits.appendAligned(repeated(group.finish(), count: groups))
            remaining -= groups * 8 * 258
        }
        while remaining >= 258 {
            bits.writeMatch()
            remaining -= 258
        }
        for _ in 0..<remaining { bits.writeCode(0x30, length: 8) }
        bits.writeCode(0, length: 7)  // end of block (256)
        data.append(contentsOf: bits.finish())
        let crc = count <= 16 << 20 ? crc32(ofZeros: count) : 0
        for value in [crc, UInt32(truncatingIfNeeded: count)] {
            for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
        }
        return data
    }

    /// `pattern` repeated `count` times, built by doubling (a byte-by-byte loop takes seconds in debug builds).
    private static func repeated(_ pattern: [UInt8], count: Int) -> [UInt8] {
        var result = pattern
        result.reserveCapacity(pattern.count * count)
        while result.count * 2 <= pattern.count * count { result.append(contentsOf: result) }
        result.append(contentsOf: result[..<(pattern.count * count - result.count)])
        return result
    }

    private static func crc32(ofZeros count: Int) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            table[index] = value
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<count { crc = table[Int(crc & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// Packs bits least significant first, as DEFLATE does.
    private struct BitWriter {
        private var bytes: [UInt8] = []
        private var current: UInt32 = 0
        private var used: UInt32 = 0

        /// Writes the low `count` bits of `value`, least significant first (header fields, extra bits).
        mutating func write(_ value: UInt32, count: UInt32) {
            current |= value << used
            used += count
            while used >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: current))
                current >>= 8
                used -= 8
            }
        }

        /// Writes a Huffman code, most significant bit first.
        mutating func writeCode(_ code: UInt32, length: UInt32) {
            var reversed: UInt32 = 0
            for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            write(reversed, count: length)
        }

        /// A match of 258 bytes at distance 1 (length symbol 285, distance code 0), 13 bits.
        mutating func writeMatch() {
            writeCode(0xC5, length: 8)
            writeCode(0, length: 5)
        }

        /// Appends whole bytes; only valid on a byte boundary.
        mutating func appendAligned(_ more: [UInt8]) {
            precondition(used == 0, "not byte-aligned")
            bytes.append(contentsOf: more)
        }

        mutating func finish() -> [UInt8] {
            if used > 0 { bytes.append(UInt8(truncatingIfNeeded: current)) }
            return bytes
        }
    }
}
