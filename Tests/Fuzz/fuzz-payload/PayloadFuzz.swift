import Foundation
import FuzzSupport
import PayloadValidation
import SchemaModel

/// Fuzz target (b): the JSON parser and the payload validator that schema-check and the sandbox run on
/// untrusted payloads and parameters. The first input byte picks a type (or a parameter) of the
/// bundled schemas and the pattern fixture; the rest is the payload (or the parameter's text). Any
/// input must give a verdict: never a crash or a hang.
///
/// Built with `-sanitize=fuzzer -DFUZZING` by Tests/Fuzz/run.sh, this is a libFuzzer target. In a
/// normal build it is a small tool that runs the files it is given, to replay fuzz findings by hand.
enum PayloadFuzz {
    /// The schemas, loaded once: the two bundled ones and the pattern corpus fixture.
    static let schemas: [Schema] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return ["Schemas/whitelabelpay.yaml", "Tests/GeneratedModules/KitchenSink/kitchensink.yaml", "Tests/Fixtures/Patterns/ecma262.yaml"].map {
            do { return try SchemaLoader.loadOrThrow(path: root.appendingPathComponent($0).path) } catch { fatalError("\($0): \(error)") }
        }
    }()

    /// Every payload target: a validator (open or strict enums) and a named type.
    static let types: [(PayloadValidator, TypeReference)] = schemas.flatMap { schema in
        [false, true].flatMap { strict in
            schema.types.map { (PayloadValidator(schema: schema, strictEnums: strict), TypeReference.named($0.name)) }
        }
    }

    /// Every parameter of every operation, with its schema's validator.
    static let parameters: [(PayloadValidator, Field)] = schemas.flatMap { schema in
        let validator = PayloadValidator(schema: schema)
        return schema.operations.flatMap { $0.pathParameters + $0.queryParameters + $0.headerParameters }.map { (validator, $0) }
    }

    /// Seed inputs: every type example with its type's selector, and every parameter's example or
    /// default with its parameter's selector (`fuzz-payload --write-seeds <folder>` writes them).
    static func seeds() -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        var index = 0
        for schema in schemas {
            for strict in [false, true] {
                for type in schema.types {
                    // Selectors are one byte: types past 127 are reached by wrapping, like the fuzzer's.
                    if !strict, index < 128 {
                        for example in type.examples { seeds.append([UInt8(index * 2)] + Array(example.value.jsonText.utf8)) }
                    }
                    index += 1
                }
            }
        }
        for (position, (_, field)) in parameters.enumerated() where position < 128 {
            if let text = field.example?.scalar?.text ?? field.defaultValue?.scalar?.text {
                seeds.append([UInt8(position * 2 + 1)] + Array(text.utf8))
            }
        }
        return seeds
    }

    static func run(_ bytes: UnsafeRawBufferPointer) {
        guard let selector = bytes.first else { return }
        let rest = UnsafeRawBufferPointer(rebasing: bytes.dropFirst())
        // Even selectors: a JSON payload; odd: parameter text (as one value, and split at commas as
        // repeated values).
        if selector % 2 == 0 {
            let (validator, type) = types[Int(selector / 2) % types.count]
            _ = validator.validate(data: Data(rest), against: type)
        } else {
            let (validator, field) = parameters[Int(selector / 2) % parameters.count]
            let text = String(decoding: rest, as: UTF8.self)
            _ = validator.validateParameter(text, as: field)
            _ = validator.validateParameter(values: text.split(separator: ",", omittingEmptySubsequences: false).map(String.init), as: field)
        }
    }
}

@main
struct PayloadFuzzMain {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--write-seeds", arguments.count > 1 {
            let folder = arguments[1]
            for (number, seed) in PayloadFuzz.seeds().enumerated() {
                try Data(seed).write(to: URL(fileURLWithPath: folder).appendingPathComponent(String(format: "seed-%03d", number)))
            }
            print("wrote \(PayloadFuzz.seeds().count) seeds to \(folder)")
            arguments = []
        }
        try FuzzDriver.run(PayloadFuzz.run, arguments: arguments)
    }
}
