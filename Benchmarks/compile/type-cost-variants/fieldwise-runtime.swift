// The run-time cost of fieldwise `==` and `hash(into:)` (the prototype in FieldwiseHashable.swift)
// against synthesized ones; built and run by fieldwise-runtime.sh. Both structs have the fields of a typical model (WhitelabelPay's transaction:
// strings, an optional, a decimal, a date, a UUID, an enum, a list and a nested struct) and the same
// `encode(to:)`, written as the generator writes it.
@_spi(Generated) import FieldwiseRuntime
import Foundation

enum Status: String, Codable, Hashable { case booked, pending }

struct Merchant: Codable, Hashable {
    var name: String
    var city: String?

    static func == (lhs: Self, rhs: Self) -> Bool { .fieldwise(lhs, equals: rhs) }

    func hash(into hasher: inout Hasher) { hasher.combineFields(of: self) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.fieldContainer()
        try container.encode(self.name, forKey: "name")
        try container.encodeIfPresent(self.city, forKey: "city")
    }
}

struct SynthesizedMerchant: Hashable {
    var name: String
    var city: String?
}

struct Transaction: Codable, Hashable {
    var id: UUID
    var type: String
    var status: Status
    var amount: Decimal
    var currency: String
    var bookedAt: Date
    var reference: String?
    var merchant: Merchant?
    var tags: [String]
    var fee: Double

    static func == (lhs: Self, rhs: Self) -> Bool { .fieldwise(lhs, equals: rhs) }

    func hash(into hasher: inout Hasher) { hasher.combineFields(of: self) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.fieldContainer()
        try container.encode(self.id, forKey: "id")
        try container.encode(self.type, forKey: "type")
        try container.encode(self.status, forKey: "status")
        try container.encode(self.amount, forKey: "amount")
        try container.encode(self.currency, forKey: "currency")
        try container.encode(self.bookedAt, forKey: "bookedAt")
        try container.encodeIfPresent(self.reference, forKey: "reference")
        try container.encodeIfPresent(self.merchant, forKey: "merchant")
        try container.encode(self.tags, forKey: "tags")
        try container.encode(self.fee, forKey: "fee")
    }
}

struct SynthesizedTransaction: Hashable {
    var id: UUID
    var type: String
    var status: Status
    var amount: Decimal
    var currency: String
    var bookedAt: Date
    var reference: String?
    var merchant: SynthesizedMerchant?
    var tags: [String]
    var fee: Double
}

let count = 2_000
func values(_ seed: Int) -> [Transaction] {
    (0..<count).map { index in
        let status: Status = index % 3 == 0 ? .pending : .booked
        let reference: String? = index % 2 == 0 ? "ref-\(index)" : nil
        let merchant: Merchant? = index % 4 == 0 ? nil : Merchant(name: "Shop \(index % 17)", city: "Zürich")
        let bookedAt = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
        return Transaction(
            id: UUID(uuidString: String(format: "6bac7eea-c120-428d-beb6-%012d", index))!, type: "card payment",
            status: status, amount: Decimal(index) / 100, currency: "EUR", bookedAt: bookedAt, reference: reference,
            merchant: merchant, tags: ["a", "b"], fee: 0.25)
    }
}
func synthesized(_ value: Transaction) -> SynthesizedTransaction {
    SynthesizedTransaction(
        id: value.id, type: value.type, status: value.status, amount: value.amount, currency: value.currency,
        bookedAt: value.bookedAt, reference: value.reference,
        merchant: value.merchant.map { SynthesizedMerchant(name: $0.name, city: $0.city) }, tags: value.tags, fee: value.fee)
}

// Equal pairs in separate storage, so every comparison walks every field.
let left = values(0)
let right = values(0)
let synthesizedLeft = left.map(synthesized)
let synthesizedRight = right.map(synthesized)

func measure(_ label: String, rounds: Int, _ body: () -> Int) -> Double {
    var best = Double.infinity
    var sink = 0
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        sink &+= body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
    }
    // `sink` keeps the optimiser from dropping the work.
    print(label.padding(toLength: 24, withPad: " ", startingAt: 0) + String(format: "%9.1f ns per value (best of %d)", best, rounds) + (sink == 42 ? " " : ""))
    return best
}

let rounds = 30
let fieldwiseEqual = measure("== fieldwise", rounds: rounds) { zip(left, right).reduce(0) { $0 + ($1.0 == $1.1 ? 1 : 0) } }
let synthesizedEqual = measure("== synthesized", rounds: rounds) {
    zip(synthesizedLeft, synthesizedRight).reduce(0) { $0 + ($1.0 == $1.1 ? 1 : 0) }
}
let fieldwiseHash = measure("hashValue fieldwise", rounds: rounds) { left.reduce(0) { $0 &+ $1.hashValue } }
let synthesizedHash = measure("hashValue synthesized", rounds: rounds) { synthesizedLeft.reduce(0) { $0 &+ $1.hashValue } }
let fieldwiseSet = measure("Set insert fieldwise", rounds: 10) { Set(left + right).count }
let synthesizedSet = measure("Set insert synthesized", rounds: 10) { Set(synthesizedLeft + synthesizedRight).count }
print(
    String(
        format: "ratios fieldwise / synthesized: == %.1fx, hashValue %.1fx, Set %.1fx",
        fieldwiseEqual / synthesizedEqual, fieldwiseHash / synthesizedHash, fieldwiseSet / synthesizedSet))
