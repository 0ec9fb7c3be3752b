import Foundation

/// The JSON the benchmarks decode: a WhitelabelPay `TransactionResponse` page in the shape of the
/// schema's transaction example (Schemas/whitelabelpay/examples/transaction-response-page-1.json), with
/// varied values: distinct ids, a few payment means, every type and status, amounts with cents, merchants
/// present, null, absent or without a store id, failure reasons on failed payments, and date-times
/// with and without fractions and offsets (both models parse them with the same RFC 3339 strategy).
public enum TransactionPageFixture {
    /// A page holding `count` transactions; the same `seed` gives the same bytes.
    public static func json(transactions count: Int, seed: UInt64 = 14) -> Data {
        var random = SplitMix64(seed: seed)
        let paymentMeans = (0..<5).map { _ in random.uuid() }
        let statuses = ["SUCCEEDED", "SUCCEEDED", "SUCCEEDED", "SUCCEEDED", "SUCCEEDED", "FAILED", "PENDING", "CANCELLED"]
        let merchants = [
            #"{ "name": "Example Markt Berlin-Mitte", "storeId": "store-0042" }"#,
            #"{ "name": "Example Markt Hamburg-Altona", "storeId": "store-0107" }"#,
            #"{ "name": "Bäckerei am Markt" }"#,
            "null",
        ]
        var items: [String] = []
        items.reserveCapacity(count)
        for index in 0..<count {
            let status = statuses[Int(random.next() % UInt64(statuses.count))]
            let cents = 50 + random.next() % 25_000
            var fields = [
                #""id": "\#(random.uuid())""#,
                #""paymentMeansId": "\#(paymentMeans[index % paymentMeans.count])""#,
                #""type": "\#(index % 10 == 9 ? "REFUND" : "PAYMENT")""#,
                #""status": "\#(status)""#,
                #""amount": \#(cents / 100).\#(cents % 100 < 10 ? "0" : "")\#(cents % 100)"#,
                #""currency": "\#(index % 7 == 6 ? "CHF" : "EUR")""#,
            ]
            if index % 13 != 12 {  // every 13th transaction has no merchant key at all
                fields.append(#""merchant": \#(merchants[index % merchants.count])"#)
            }
            if status == "FAILED" {
                fields.append(#""failureReason": "Payment declined by the issuer.""#)
            }
            fields.append(#""createdAt": "\#(dateTime(index: index))""#)
            items.append("{ " + fields.joined(separator: ", ") + " }")
        }
        let page = """
            { "content": [
            \(items.joined(separator: ",\n")) ],
              "number": 1, "size": \(count), "numberOfElements": \(count), "totalElements": \(count),
              "totalPages": 1, "first": true, "last": true, "empty": \(count == 0),
              "sort": { "sorted": true, "unsorted": false, "empty": false } }
            """
        return Data(page.utf8)
    }

    /// Date-times going back from the example's 2024-05-31T10:00:00Z, in the three forms servers send.
    private static func dateTime(index: Int) -> String {
        let day = 31 - index % 28
        let second = index * 37 % 86_400
        let clock = "\(pad(second / 3600)):\(pad(second / 60 % 60)):\(pad(second % 60))"
        switch index % 3 {
        case 0: return "2024-05-\(pad(day))T\(clock)Z"
        case 1: return "2024-05-\(pad(day))T\(clock).\(100 + index % 900)Z"
        default: return "2024-05-\(pad(day))T\(clock)+02:00"
        }
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// A small seeded generator so the fixture is the same on every run.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A random version-4 UUID in canonical lowercase form.
    mutating func uuid() -> String {
        let high = next()
        let low = next()
        let bytes = withUnsafeBytes(of: (high, low)) { Array($0) }
        var uuid = bytes
        uuid[6] = uuid[6] & 0x0F | 0x40
        uuid[8] = uuid[8] & 0x3F | 0x80
        let hex = uuid.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}
