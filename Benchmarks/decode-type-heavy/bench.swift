// Decodes a page of GitHub pull requests (a type-heavy payload: 23 types nested up to four deep) with the
// generated models and with hand-written Codable structs of the same fields (hand-written.py), the same
// JSONDecoder for both (`JSONCoding.makeDecoder()`). Built by run.sh.
//
//   decode-type-heavy check          both decode the page and agree on what they read
//   decode-type-heavy time           best of ROUNDS (default 15) interleaved rounds, ns per pull request
//   decode-type-heavy once MODEL     decodes the page once (hand-written, generated or none), for callgrind

import ClientRuntime
import Foundation
import HandWritten
import TypeHeavy

/// The page run.sh wrote (`PAGE`, default page.json): the document's pull-request example, ids and numbers varied.
let page = try Data(contentsOf: URL(fileURLWithPath: ProcessInfo.processInfo.environment["PAGE"] ?? "page.json"))
let decoder = JSONCoding.makeDecoder()

func decodeGenerated() throws -> [PullRequest] { try decoder.decode([PullRequest].self, from: page) }
func decodeHandWritten() throws -> [HandWrittenPullRequest] { try decoder.decode([HandWrittenPullRequest].self, from: page) }

/// What both models read, field by field, for the fields a reader of a pull request looks at first.
func summary(_ request: PullRequest) -> [String] {
    [
        String(request.id), String(request.number), request.title, request.state.rawValue, request.user?.login ?? "-",
        request.head.repo.fullName, request.base.repo.owner.login, String(request.labels.count),
        request.milestone?.creator?.login ?? "-", String(request.createdAt.timeIntervalSince1970), request.links.html.href,
    ]
}

func summary(_ request: HandWrittenPullRequest) -> [String] {
    [
        String(request.id), String(request.number), request.title, request.state.rawValue, request.user?.login ?? "-",
        request.head.repo.fullName, request.base.repo.owner.login, String(request.labels.count),
        request.milestone?.creator?.login ?? "-", String(request.createdAt.timeIntervalSince1970), request.links.html.href,
    ]
}

func nanoseconds(_ body: () throws -> Int) rethrows -> (UInt64, Int) {
    let start = DispatchTime.now().uptimeNanoseconds
    let count = try body()
    return (DispatchTime.now().uptimeNanoseconds - start, count)
}

switch CommandLine.arguments.dropFirst().first {
case "check":
    let generated = try decodeGenerated()
    let handWritten = try decodeHandWritten()
    let differing = zip(generated, handWritten).filter { summary($0) != summary($1) }.count
    print("check: \(generated.count) pull requests decoded by the generated models, \(handWritten.count) by the hand-written ones; \(differing) differ")
    if generated.isEmpty || generated.count != handWritten.count || differing > 0 { exit(1) }
case "time":
    let rounds = Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "") ?? 15
    var best = (generated: UInt64.max, handWritten: UInt64.max)
    var count = 0
    for _ in 0..<rounds {
        let generated = try nanoseconds { try decodeGenerated().count }
        let handWritten = try nanoseconds { try decodeHandWritten().count }
        best = (min(best.generated, generated.0), min(best.handWritten, handWritten.0))
        count = generated.1
    }
    let perItem = (generated: Double(best.generated) / Double(count), handWritten: Double(best.handWritten) / Double(count))
    print(
        String(
            format:
                "hand-written: %.0f ns per pull request; generated: %.0f ns per pull request; throughput generated / hand-written: %.2fx (target >= 0.95x); best of %d rounds, %d pull requests, %d bytes",
            perItem.handWritten, perItem.generated, perItem.handWritten / perItem.generated, rounds, count, page.count))
case "once":
    switch CommandLine.arguments.dropFirst(2).first {
    case "generated": _ = try decodeGenerated()
    case "hand-written": _ = try decodeHandWritten()
    default: break
    }
default:
    print("usage: decode-type-heavy check | time | once hand-written|generated|none")
    exit(2)
}
