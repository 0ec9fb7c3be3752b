import Foundation
@_spi(Generated) import WireFormat

/// The JSON coders every generated client uses, so all APIs agree on dates, data and key order.
///
/// Date-times are RFC 3339: decoding accepts any fractional precision (or none) and any offset; encoding
/// writes UTC with milliseconds. `Data` is base64. Keys are used exactly as the generated models write
/// them (`FieldKey` literals: the wire names).
public enum JSONCoding {
    /// A new encoder: RFC 3339 dates, base64 data, sorted keys (deterministic bodies), unescaped slashes.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.string(from: date))
        }
        encoder.dataEncodingStrategy = .base64
        return encoder
    }

    /// A new decoder: RFC 3339 dates (with or without fractions, any offset), base64 data.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = RFC3339.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "Expected an RFC 3339 date-time, got \"\(text)\""
                )
            }
            return date
        }
        decoder.dataDecodingStrategy = .base64
        return decoder
    }
}
