import BenchmarkFixtures
import ClientRuntime
import Foundation
import HandWrittenModels
import WhitelabelPay

// `decode-driver generated|hand-written [transactions]`: builds the benchmark's page, then decodes it once
// with the chosen model. run.sh runs it under `valgrind --tool=callgrind` and subtracts a run with
// `none` (building the page only), which leaves the instructions the decoding took.
let arguments = CommandLine.arguments.dropFirst()
let model = arguments.first ?? ""
let count = arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
let page = TransactionPageFixture.json(transactions: count)
let decoder = JSONCoding.makeDecoder()

do {
    switch model {
    case "generated":
        let decoded = try decoder.decode(TransactionResponse.self, from: page)
        print("decoded \(decoded.content.count) transactions with the generated models")
    case "hand-written":
        let decoded = try decoder.decode(HandWrittenTransactionPage.self, from: page)
        print("decoded \(decoded.content.count) transactions with the hand-written models")
    case "none":
        print("built a page of \(page.count) bytes, decoded nothing")
    default:
        FileHandle.standardError.write(Data("usage: decode-driver generated|hand-written|none [transactions]\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("decoding failed: \(error)\n".utf8))
    exit(1)
}
