import SchemaModel
import SwiftRenderer
import TestSupport
import XCTest

/// Which shard file each declaration goes to (`ShardPlacement`): with what uses it, so that a one-type
/// edit rewrites one file and that file holds the code depending on the type.
final class ShardPlacementTests: XCTestCase {
    private let orders = schemaText(
        types: """
              Money:
                fields:
                  amount: decimal
                  currency: string
              Order:
                fields:
                  id: string
                  status: OrderStatus
                  lines: "[OrderLine]"
                  total: Money
              OrderStatus:
                enum: [open, paid]
              OrderLine:
                fields:
                  sku: string
                  price: Money
              OrderPage:
                fields:
                  items: "[Order]"
              OrderCreate:
                fields:
                  lines: "[OrderLine]"
              Left:
                fields:
                  rights: "[Right]"
              Right:
                fields:
                  lefts: "[Left]"
            """,
        operations: """
              listOrders:
                http: GET /orders
                query:
                  status: { type: OrderStatus, optional: true }
                response: OrderPage
              getOrder:
                http: GET /orders/{id}
                path:
                  id: string
                response: Order
              createOrder:
                http: POST /orders
                body: OrderCreate
                response: Order
              deleteOrder:
                http: DELETE /orders/{id}
                path:
                  id: string
            """)

    private func render(_ text: String) throws -> [GeneratedFile] {
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "orders.yaml").schema, "\(diagnostics(text))")
        return SwiftRenderer.render(schema, schemaFileName: "orders.yaml")
    }

    private func file(declaring declaration: String, in files: [GeneratedFile]) throws -> String {
        let matches = files.filter { $0.contents.contains(declaration) }
        XCTAssertEqual(matches.count, 1, "\(declaration) in \(matches.map(\.name))")
        return try XCTUnwrap(matches.first?.name, declaration)
    }

    func testAResourceLivesInOneFileWithItsOperations() throws {
        let files = try render(orders)
        let orderFile = try file(declaring: "public struct Order: ", in: files)
        XCTAssertTrue(orderFile.hasPrefix("Shard."), orderFile)
        // OrderPage is the only type using Order, Order the only one using OrderStatus: one home.
        XCTAssertEqual(try file(declaring: "public struct OrderPage: ", in: files), orderFile)
        XCTAssertEqual(try file(declaring: "public enum OrderStatus: ", in: files), orderFile)
        // The operations answering with Order or OrderPage go with them.
        for method in ["func listOrders(", "func getOrder(", "func createOrder("] {
            XCTAssertEqual(try file(declaring: method, in: files), orderFile, method)
        }
        // With no type in its answer or request, an operation is placed by its own name.
        XCTAssertEqual(try file(declaring: "func deleteOrder(", in: files), GeneratedFileNames.shardFile(GeneratedFileNames.shard(of: "deleteOrder")))
    }

    func testSharedTypesStayAtTheirOwnNameAndRingsShareOneHome() throws {
        let files = try render(orders)
        // OrderLine is used by Order and OrderCreate, Money by Order and OrderLine: both stay at their own name.
        XCTAssertEqual(try file(declaring: "public struct OrderLine: ", in: files), GeneratedFileNames.shardFile(GeneratedFileNames.shard(of: "OrderLine")))
        XCTAssertEqual(try file(declaring: "public struct Money: ", in: files), GeneratedFileNames.shardFile(GeneratedFileNames.shard(of: "Money")))
        // Left and Right use only each other: both go to the ring's smallest name.
        let leftFile = try file(declaring: "public struct Left: ", in: files)
        XCTAssertEqual(leftFile, GeneratedFileNames.shardFile(GeneratedFileNames.shard(of: "Left")))
        XCTAssertEqual(try file(declaring: "public struct Right: ", in: files), leftFile)
    }

    func testAOneTypeEditRewritesOneFile() throws {
        let before = try render(orders)
        let edited = orders.replacingOccurrences(
            of: "      id: string\n      status: OrderStatus", with: "      id: string\n      note: { type: string, optional: true }\n      status: OrderStatus"
        )
        XCTAssertNotEqual(edited, orders, "the edit no longer applies")
        let after = try render(edited)
        XCTAssertEqual(before.map(\.name), after.map(\.name))
        let changed = zip(before, after).filter { $0.contents != $1.contents }.map(\.0.name)
        XCTAssertEqual(changed, [try file(declaring: "public struct Order: ", in: after)])
    }
}
