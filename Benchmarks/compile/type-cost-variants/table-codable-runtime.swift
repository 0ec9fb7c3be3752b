// Behaviour and decoding speed of the table-driven Codable prototype; built and run by
// table-codable-runtime.sh (beside this file), which says what each module is.
//
//   table-codable-bench check             the same JSON decoded (and re-encoded) both ways must agree
//   table-codable-bench time              ns per transaction decoding (and encoding) a 10,000-transaction page
//   table-codable-bench once MODEL        one decode of that page (for callgrind), MODEL: hand-written,
//                                         generated, table, cached, reader or none
import ClientRuntime
import Fixtures
import Foundation
import HandWritten
import KSCached
import KSGenerated
import KSReader
import KSTable
import WLPCached
import WLPGenerated
import WLPReader
import WLPTable

let decoder = JSONCoding.makeDecoder()
let encoder = JSONCoding.makeEncoder()

/// What decoding `json` as `Model` gives: its re-encoding (sorted keys), or the error.
func outcome<Model: Codable>(_ model: Model.Type, _ json: String) -> String {
    do {
        let value = try decoder.decode(Model.self, from: Data(json.utf8))
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
        return "error: \(error)"
    }
}

var mismatches = 0
var checks = 0

func check<Generated: Codable, Table: Codable>(_ generated: Generated.Type, _ table: Table.Type, _ json: String) {
    checks += 1
    let expected = outcome(generated, json)
    let actual = outcome(table, json)
    if expected != actual {
        mismatches += 1
        print("MISMATCH \(Generated.self) for \(json)\n  generated: \(expected)\n  table:     \(actual)")
    }
}

/// The generated form against both table forms.
func checkForms<Generated: Codable, Table: Codable, Cached: Codable>(
    _ generated: Generated.Type, _ table: Table.Type, _ cached: Cached.Type, _ json: String
) {
    check(generated, table, json)
    check(generated, cached, json)
}

func runChecks() {
    // Defaults (absent and null), an undocumented enum value, a nullable date, wire names.
    checkForms(KSGenerated.Item.self, KSTable.Item.self, KSCached.Item.self, #"{"sku": "A-1", "name": "Lamp", "discontinuedAt": null}"#)
    check(
        KSGenerated.Item.self, KSTable.Item.self,
        #"{"sku": "A-1", "name": "Lamp", "display_name": "The lamp", "note": null, "discontinuedAt": "2024-05-01T10:00:00.5+02:00", "quantity": 3, "price": 12.50, "weight": 0.5, "available": false, "size": "XXL", "tags": [], "origin": "6bac7eea-c120-428d-beb6-910c6f290435", "since": "2021-02-03", "homepage": "https://example.org/a", "legacyCode": "L"}"#
    )
    checkForms(
        KSGenerated.Item.self, KSTable.Item.self, KSCached.Item.self, #"{"sku": "A-1", "name": "Lamp", "discontinuedAt": null, "quantity": null, "size": "S"}"#)
    // Failures: a required field missing after others decoded (the table destroys what it decoded), a
    // wrong type, a missing nullable field, a non-canonical uuid.
    checkForms(KSGenerated.Item.self, KSTable.Item.self, KSCached.Item.self, #"{"sku": "A-1", "name": "Lamp"}"#)
    // The same with strings long enough to live on the heap, so that a leak on the failure path shows
    // under `valgrind --leak-check=full` (short strings are stored inline).
    checkForms(
        KSGenerated.Item.self, KSTable.Item.self, KSCached.Item.self,
        #"{"sku": "a stock keeping unit long enough for the heap", "name": "a name long enough for the heap", "tags": ["a tag long enough for the heap"]}"#)
    checkForms(KSGenerated.Item.self, KSTable.Item.self, KSCached.Item.self, #"{"sku": "A-1", "name": 7, "discontinuedAt": null}"#)
    checkForms(
        KSGenerated.Item.self, KSTable.Item.self, KSCached.Item.self,
        #"{"sku": "A-1", "name": "Lamp", "discontinuedAt": null, "origin": "6BAC7EEA-C120-428D-BEB6-910C6F290435"}"#)
    // Dates in every format: pattern, epoch milliseconds and seconds, optional, nullable (null, absent, set).
    let push =
        #""eventType": "PAYMENT", "transactionId": "6bac7eea-c120-428d-beb6-910c6f290434", "amount": 10.5, "transactionTime": "2024-05-01 10:00:00.123456 +0000 'UTC'", "timestamp": 1714557600123, "createdAt": 1714557600, "sentAt": "2024-05-01T10:00:00Z""#
    checkForms(KSGenerated.PushEvent.self, KSTable.PushEvent.self, KSCached.PushEvent.self, "{\(push), \"cancelledAt\": null}")
    checkForms(KSGenerated.PushEvent.self, KSTable.PushEvent.self, KSCached.PushEvent.self, "{\(push), \"cancelledAt\": 1714557600999, \"readAt\": 1714557601}")
    checkForms(KSGenerated.PushEvent.self, KSTable.PushEvent.self, KSCached.PushEvent.self, "{\(push)}")
    checkForms(KSGenerated.PushEvent.self, KSTable.PushEvent.self, KSCached.PushEvent.self, "{\(push), \"cancelledAt\": null, \"readAt\": null}")
    checkForms(KSGenerated.WarningNotice.self, KSTable.WarningNotice.self, KSCached.WarningNotice.self, #"{"id": "w", "text": "t", "until": 1714557600123}"#)
    checkForms(KSGenerated.WarningNotice.self, KSTable.WarningNotice.self, KSCached.WarningNotice.self, #"{"id": "w", "text": "t"}"#)
    // additionalFields: members beside the fields, a member named like a field.
    checkForms(KSGenerated.Note.self, KSTable.Note.self, KSCached.Note.self, #"{"at": "2024-05-01", "author": "a", "text": "t", "mood": "fine", "zz": "last"}"#)
    checkForms(KSGenerated.Note.self, KSTable.Note.self, KSCached.Note.self, #"{"at": "2024-05-01", "author": "a", "revision": 2, "text": "t"}"#)
    checkForms(KSGenerated.Note.self, KSTable.Note.self, KSCached.Note.self, #"{"at": "2024-05-01", "author": "a", "text": "t", "extra": 1}"#)
    // Nullable elements, map values and named types; absent optional lists.
    check(
        KSGenerated.Nullables.self, KSTable.Nullables.self,
        #"{"expiry": null, "history": [null, "2024-05-01T10:00:00Z"], "scores": [1, null], "files": {"a": null, "b": {"radius": 2}}, "stop": null, "grid": [[1, null]]}"#
    )
    checkForms(KSGenerated.Nullables.self, KSTable.Nullables.self, KSCached.Nullables.self, #"{"history": [], "scores": [], "files": {}}"#)
    // uuids: lists, maps, optional and defaulted.
    check(
        KSGenerated.Identifiers.self, KSTable.Identifiers.self,
        #"{"primary": "6bac7eea-c120-428d-beb6-910c6f290434", "replacedBy": null, "related": ["6bac7eea-c120-428d-beb6-910c6f290434"], "byRole": {"x": "6bac7eea-c120-428d-beb6-910c6f290434"}, "batches": [], "device": null}"#
    )
    // The page the benchmark decodes, and the undocumented enum value read through the table.
    let page = String(decoding: TransactionPageFixture.json(transactions: 200), as: UTF8.self)
    checkForms(WLPGenerated.TransactionResponse.self, WLPTable.TransactionResponse.self, WLPCached.TransactionResponse.self, page)
    check(WLPGenerated.TransactionResponse.self, WLPReader.TransactionResponse.self, page)
    check(KSGenerated.Item.self, KSReader.Item.self, #"{"sku": "A-1", "name": "Lamp", "discontinuedAt": null}"#)
    do {
        let item = try decoder.decode(
            KSTable.Item.self, from: Data(#"{"sku": "A", "name": "B", "discontinuedAt": null, "size": "XXL"}"#.utf8))
        checks += 1
        if item.size != .undocumented("XXL") || item.quantity != 1 || item.tags != ["new"] {
            mismatches += 1
            print("MISMATCH: table-decoded Item \(item)")
        }
    } catch {
        mismatches += 1
        print("MISMATCH: \(error)")
    }
    print("\(checks) checks, \(mismatches) mismatches")
}

let page = TransactionPageFixture.json(transactions: 10_000)

func decodePage(_ model: String) throws -> Int {
    switch model {
    case "hand-written": try decoder.decode(HandWrittenTransactionPage.self, from: page).content.count
    case "generated": try decoder.decode(WLPGenerated.TransactionResponse.self, from: page).content.count
    case "table": try decoder.decode(WLPTable.TransactionResponse.self, from: page).content.count
    case "cached": try decoder.decode(WLPCached.TransactionResponse.self, from: page).content.count
    case "reader": try decoder.decode(WLPReader.TransactionResponse.self, from: page).content.count
    default: 0
    }
}

func time() throws {
    let models = ["hand-written", "generated", "table", "cached", "reader"]
    var samples: [String: [Double]] = [:]
    for _ in 0..<15 {
        for model in models {
            let start = DispatchTime.now().uptimeNanoseconds
            let count = try decodePage(model)
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            samples[model, default: []].append(Double(elapsed) / Double(count))
        }
    }
    // Encoding the decoded page back (hand-written models have no undocumented values to keep, so
    // they are left out; the generated and table forms write the same text, `check` compares it).
    let generatedPage = try decoder.decode(WLPGenerated.TransactionResponse.self, from: page)
    let tablePage = try decoder.decode(WLPTable.TransactionResponse.self, from: page)
    for _ in 0..<15 {
        for (model, encode) in [("encode generated", { _ = try encoder.encode(generatedPage) }), ("encode table", { _ = try encoder.encode(tablePage) })] {
            let start = DispatchTime.now().uptimeNanoseconds
            try encode()
            samples[model, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 10_000)
        }
    }
    let handWritten = samples["hand-written"]!.min()!
    for model in ["encode generated", "encode table"] {
        let sorted = samples[model]!.sorted()
        print("\(model): best \(Int(sorted[0])) ns, median \(Int(sorted[sorted.count / 2])) ns per transaction")
    }
    for model in models {
        let sorted = samples[model]!.sorted()
        print(
            "\(model): best \(Int(sorted[0])) ns, median \(Int(sorted[sorted.count / 2])) ns per transaction; "
                + "throughput vs hand-written (best) \(String(format: "%.2f", handWritten / sorted[0]))x")
    }
}

switch CommandLine.arguments.dropFirst().first {
case "check":
    runChecks()
    if mismatches > 0 { exit(1) }
case "time": try time()
case "once": print(try decodePage(CommandLine.arguments[2]))
default:
    FileHandle.standardError.write(Data("usage: table-codable-bench check|time|once MODEL\n".utf8))
    exit(2)
}
