// Uses the client that the ClientGeneratorPlugin generates from petshop.yaml at build time.
// The output is deterministic: Tests/PluginTests asserts on it.
import ClientRuntime
import Foundation

let json = Data(#"{"id": 7, "name": "Rex", "species": "dog", "price": 129.5, "nick_name": "Rexy"}"#.utf8)
let pet = try JSONCoding.makeDecoder().decode(Pet.self, from: json)
print("pet: \(pet.id) \(pet.name) \(pet.species.rawValue) \(pet.price) \(pet.nickname ?? "-")")

print("species: \(Species.knownCases.map(\.rawValue).joined(separator: ","))")

let environment = PetshopClient.Environment.sandbox(host: "pets.example")
print("baseURL: \(environment.baseURL.absoluteString)")

let notFound = PetshopError(response: HTTPResponse(status: 404, headers: [:], body: Data(#"{"code": "PET_NOT_FOUND"}"#.utf8)))
print("error: \(notFound.name) status=\(notFound.status.map(String.init) ?? "-") retryable=\(notFound.isRetryable)")

let busy = PetshopError(response: HTTPResponse(status: 503, headers: [:], body: Data()))
print("error: \(busy.name) status=\(busy.status.map(String.init) ?? "-") retryable=\(busy.isRetryable)")

print("operations: \(PetshopClient.Operations.all.map(\.name).joined(separator: ","))")
