import Foundation

// What a developer would write by hand for WhitelabelPay's `TransactionResponse` (Schemas/whitelabelpay.yaml):
// the same fields and Swift types as the generated models, plain synthesized `Codable`, enums with
// `String` raw values. They skip what the generated models add (undocumented enum values kept instead of
// failing, canonical-UUID checks), which is the price the benchmark measures.

/// A page of transactions, as the generated `TransactionResponse`.
public struct HandWrittenTransactionPage: Codable, Sendable {
    public var content: [HandWrittenTransaction]
    public var number: Int32
    public var size: Int32
    public var numberOfElements: Int32
    public var totalElements: Int64
    public var totalPages: Int32
    public var first: Bool
    public var last: Bool
    public var empty: Bool?
    public var sort: HandWrittenPageSort?
}

/// A payment transaction, as the generated `Transaction`.
public struct HandWrittenTransaction: Codable, Sendable {
    public var id: UUID
    public var paymentMeansId: UUID
    public var type: HandWrittenTransactionType
    public var status: HandWrittenTransactionStatus
    public var amount: Decimal
    public var currency: String
    public var merchant: HandWrittenMerchant?
    public var failureReason: String?
    public var createdAt: Date
}

public enum HandWrittenTransactionType: String, Codable, Sendable {
    case payment = "PAYMENT"
    case refund = "REFUND"
}

public enum HandWrittenTransactionStatus: String, Codable, Sendable {
    case pending = "PENDING"
    case succeeded = "SUCCEEDED"
    case failed = "FAILED"
    case cancelled = "CANCELLED"
}

public struct HandWrittenMerchant: Codable, Sendable {
    public var name: String
    public var storeId: String?
}

public struct HandWrittenPageSort: Codable, Sendable {
    public var sorted: Bool
    public var unsorted: Bool
    public var empty: Bool
}
