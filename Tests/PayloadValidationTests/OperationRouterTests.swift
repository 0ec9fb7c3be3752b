import Foundation
import PayloadValidation
import SchemaModel
import TestSupport
import XCTest

/// The router the sandbox and `schema-check traffic` share: which operation a method and a path below
/// the base call, and where that base ends.
final class OperationRouterTests: XCTestCase {
    /// `getItem` is declared before `searchItems` on purpose: the literal segment must still win.
    private static let schema: Schema = {
        let text = """
            api: Routes
            version: "1"
            environments:
              production: { url: "https://api.example.com/shop/v1" }
            types:
              Item: { fields: { sku: string } }
            operations:
              root:
                http: GET /
              listItems:
                http: GET /items
                response: "[Item]"
              addItem:
                http: POST /items
                body: Item
              getItem:
                http: GET /items/{sku}
                path: { sku: string }
                response: Item
              searchItems:
                http: GET /items/search
                response: "[Item]"
              getVariant:
                http: GET /items/{sku}/variants/{variant}
                path: { sku: string, variant: string }
              getItemDocument:
                http: GET /items/{sku}.json
                path: { sku: string }
              getTile:
                http: GET /tiles/tile-{name}.{ext}
                path: { name: string, ext: string }
              getShard:
                http: GET /shards/{a}.{b}.{c}.{d}.{e}.{f}.{g}.{h}.tar
                path: { a: string, b: string, c: string, d: string, e: string, f: string, g: string, h: string }
              upload:
                http: PUT {uploadUrl}
                path: { uploadUrl: uri }
                body: { type: binary, encoding: raw, contentType: image/jpeg }
            """
        let result = SchemaLoader.load(text: text, file: "routes.yaml")
        guard let schema = result.schema else { fatalError("\(result.diagnostics)") }
        return schema
    }()

    private let router = OperationRouter(schema: OperationRouterTests.schema)

    /// `name(parameters)` for an operation, `405 [methods]` or `404`, so a failure shows what matched.
    private func route(_ method: String, _ path: String) -> String {
        switch router.match(method: method, path: path) {
        case .operation(let operation, let parameters):
            let list = parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: ",")
            return "\(operation.name)(\(list))"
        case .methodNotAllowed(let allowed):
            return "405 \(allowed)"
        case .notFound:
            return "404"
        }
    }

    func testTemplatedSegmentsTakeTheirTextAndLiteralSegmentsWin() {
        XCTAssertEqual(route("GET", "/items"), "listItems()")
        XCTAssertEqual(route("POST", "/items"), "addItem()")
        XCTAssertEqual(route("GET", "/items/A1"), "getItem(sku=A1)")
        XCTAssertEqual(route("GET", "/items/search"), "searchItems()", "a literal segment wins over a parameter declared first")
        XCTAssertEqual(route("GET", "/items/A1/variants/red"), "getVariant(sku=A1,variant=red)")
        XCTAssertEqual(route("GET", "/"), "root()")
        XCTAssertEqual(route("GET", ""), "root()")
    }

    /// Discourse's `/admin/users/{id}.json`, TomTom's `{query}.{ext}`: parameters within a segment's text.
    func testASegmentWithParametersInItsTextMatchesThatTextAroundThem() {
        XCTAssertEqual(route("GET", "/items/A1.json"), "getItemDocument(sku=A1)", "its text ranks above a whole-segment parameter declared first")
        XCTAssertEqual(route("GET", "/items/A1.xml"), "getItem(sku=A1.xml)", "other text is the whole-segment parameter's")
        XCTAssertEqual(route("GET", "/items/search"), "searchItems()", "a literal segment still wins")
        XCTAssertEqual(route("GET", "/items/.json"), "getItem(sku=.json)", "a parameter within text is not empty")
        XCTAssertEqual(route("GET", "/items/a%2Fb.json"), "getItemDocument(sku=a/b)", "values are percent-decoded")
        XCTAssertEqual(route("GET", "/tiles/tile-7.png"), "getTile(ext=png,name=7)")
        XCTAssertEqual(route("GET", "/tiles/tile-a.b.png"), "getTile(ext=b.png,name=a)", "the first fit, shorter values first")
        XCTAssertEqual(route("GET", "/tiles/7.png"), "404", "the literal prefix is required")
        XCTAssertEqual(route("PUT", "/items/A1.json"), "405 [\"GET\"]")
    }

    /// A request path nobody controls against a segment of eight parameters between dots: backtracking
    /// alone tries every way to cut 400 dots into eight values (about 10^16) before answering 404; a
    /// place that failed once is not tried again, so the answer comes at once.
    func testManyParametersInOneSegmentDoNotMakeAHostilePathSlow() {
        let dots = String(repeating: ".", count: 400)
        XCTAssertEqual(route("GET", "/shards/\(dots).zip"), "404")
        XCTAssertEqual(route("GET", "/shards/1.2.3.4.5.6.7.8.tar"), "getShard(a=1,b=2,c=3,d=4,e=5,f=6,g=7,h=8)")
        XCTAssertEqual(route("GET", "/shards/1.2.3.4.5.6.7.8.9.tar"), "getShard(a=1,b=2,c=3,d=4,e=5,f=6,g=7,h=8.9)", "shorter values first")
    }

    func testParametersArePercentDecodedAndLiteralsMatchEitherForm() {
        XCTAssertEqual(route("GET", "/items/a%2Fb%20c"), "getItem(sku=a/b c)", "an encoded slash stays inside its segment")
        XCTAssertEqual(route("GET", "/items/se%61rch"), "searchItems()", "a literal matches its percent-decoded text")
        XCTAssertEqual(route("GET", "/it%65ms"), "listItems()")
        XCTAssertEqual(route("GET", "/items/100%"), "getItem(sku=100%)", "text that does not decode is taken as sent")
    }

    func testEmptySegmentsDoNotCountSoATrailingSlashIsTheSamePath() {
        XCTAssertEqual(route("GET", "/items/"), "listItems()")
        XCTAssertEqual(route("GET", "//items"), "listItems()")
        XCTAssertEqual(route("GET", "/items//A1/"), "getItem(sku=A1)")
    }

    func testAKnownPathWithAnotherMethodListsTheAllowedMethods() {
        XCTAssertEqual(route("DELETE", "/items"), "405 [\"GET\", \"POST\"]")
        XCTAssertEqual(route("get", "/items"), "405 [\"GET\", \"POST\"]", "the method is compared as sent with the uppercased one, so `get` is neither")
        XCTAssertEqual(route("PUT", "/items/search"), "405 [\"GET\"]", "every route whose path fits, once each")
        XCTAssertEqual(route("GET", "/orders"), "404")
        XCTAssertEqual(route("GET", "/items/A1/variants"), "404", "a route needs as many segments as the path")
        XCTAssertEqual(route("GET", "/items/A1/variants/red/extra"), "404")
    }

    func testAnOperationWhoseWholeURLIsACallArgumentIsRoutedAtTheSandboxURLRoute() {
        XCTAssertEqual(OperationRouter.callTimeURLPath(of: "upload"), "/_sandbox/url/upload")
        XCTAssertEqual(route("PUT", "/_sandbox/url/upload"), "upload()", "the URL parameter is the URL itself, not a path parameter")
        XCTAssertEqual(route("GET", "/_sandbox/url/upload"), "405 [\"PUT\"]")
        XCTAssertEqual(route("PUT", "/_sandbox/url/listItems"), "404", "only operations given their URL at call time have the route")
        XCTAssertEqual(route("PUT", "/uploads"), "404", "the template `{uploadUrl}` is not a one-segment path")
    }

    /// Box's metadata routes: a literal path wins over a templated one of as many segments whatever
    /// else the schema declares between them. A shorter route whose segments begin both (`…/metadata`)
    /// tied with each, segment by segment, so schema order decided and the sort was inconsistent.
    func testALiteralRouteWinsWhenAShorterRouteBeginsTheSamePath() throws {
        let text = """
            api: Metadata
            version: "1"
            environments:
              production: { url: "https://api.example.com/v1" }
            operations:
              getMetadataInstance:
                http: GET /folders/{id}/metadata/{scope}/{key}
                path: { id: string, scope: string, key: string }
              listMetadata:
                http: GET /folders/{id}/metadata
                path: { id: string }
              getClassification:
                http: GET /folders/{id}/metadata/enterprise/classification
                path: { id: string }
            """
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "metadata.yaml").schema)
        let router = OperationRouter(schema: schema)
        func name(_ path: String) -> String? {
            guard case .operation(let operation, _) = router.match(method: "GET", path: path) else { return nil }
            return operation.name
        }
        XCTAssertEqual(name("/folders/1/metadata/enterprise/classification"), "getClassification")
        XCTAssertEqual(name("/folders/1/metadata/enterprise/other"), "getMetadataInstance")
        XCTAssertEqual(name("/folders/1/metadata"), "listMetadata")
    }

    // MARK: Shared routes

    /// Box's `GET /files/{file_id}` and `GET /files/{file_id}#get_shared_link`: one route, told apart by
    /// the required `fields` query parameter. The one that requires more is tried first, whatever the
    /// schema order; a candidate the caller refuses gives way to the next; when all are refused, the
    /// first is the answer, so its checks say what is wrong.
    func testOperationsSharingARouteAreTriedMostRequirementsFirstUntilOneIsAccepted() throws {
        let result = SchemaLoader.load(text: filesSharingARouteSchemaText, file: "files.yaml")
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics)")
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.count, 0, "\(result.diagnostics)")
        let router = OperationRouter(schema: schema)
        var asked: [String] = []
        func route(_ fits: [String: OperationRouter.CandidateFit]) -> String {
            asked = []
            guard
                case .operation(let operation, let parameters) = router.match(
                    method: "GET", path: "/files/F1",
                    fit: { candidate, _ in
                        asked.append(candidate.name)
                        return fits[candidate.name] ?? .lacksRequirements
                    })
            else { return "no operation" }
            return "\(operation.name)(\(parameters.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ",")))"
        }
        XCTAssertEqual(route(["getFile": .passes, "getFileSharedLink": .passes]), "getFileSharedLink(id=F1)")
        XCTAssertEqual(asked, ["getFileSharedLink", "getFile"], "the operation requiring more is tried first")
        XCTAssertEqual(route(["getFile": .passes]), "getFile(fileId=F1)", "each candidate's own placeholder names")
        XCTAssertEqual(
            route(["getFile": .carriesRequirements, "getFileSharedLink": .lacksRequirements]), "getFile(fileId=F1)",
            "none passes: the first whose requirements the request carries, whose checks report")
        XCTAssertEqual(route(["getFileSharedLink": .carriesRequirements]), "getFileSharedLink(id=F1)")
        XCTAssertEqual(route([:]), "getFile(fileId=F1)", "nothing fits: the one requiring least")
        let single = router.match(method: "DELETE", path: "/files/F1") { _, _ in
            XCTFail("one operation on the route: nothing to choose")
            return .lacksRequirements
        }
        guard case .operation(let only, _) = single else { return XCTFail("DELETE /files/F1 matched nothing") }
        XCTAssertEqual(only.name, "deleteFile")
    }

    /// Of two operations sharing a route whose bodies are both required, the one whose body must carry more
    /// fields is tried first, whatever the schema's order: otherwise a request for it, which the narrower
    /// body's checks also pass, goes to the narrower one (Box's metadata template schema and its
    /// classifications variant, issue 27 line 4).
    func testABodyRequiringMoreFieldsIsTriedFirstOnASharedRoute() throws {
        let text = """
            api: Templates
            version: "1"
            environments:
              production: { url: "https://api.example.com" }
            types:
              Template:
                fields:
                  scope: string
              ClassifiedTemplate:
                fields:
                  scope: string
                  classification: string
            operations:
              createTemplate:
                http: POST /templates
                body: Template
              createClassifiedTemplate:
                http: POST /templates
                body: ClassifiedTemplate
            """
        let result = SchemaLoader.load(text: text, file: "templates.yaml")
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics)")
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.count, 0, "\(result.diagnostics)")
        var asked: [String] = []
        let match = OperationRouter(schema: schema).match(method: "POST", path: "/templates") { candidate, _ in
            asked.append(candidate.name)
            return .passes
        }
        guard case .operation(let chosen, _) = match else { return XCTFail("POST /templates matched nothing") }
        XCTAssertEqual(chosen.name, "createClassifiedTemplate")
        XCTAssertEqual(asked, ["createClassifiedTemplate", "createTemplate"], "the body requiring two fields is tried before the one requiring one")
    }

    /// Whether a request carries what an operation requires, for the fallback when none passes.
    func testACandidateFitsByWhatTheRequestCarries() throws {
        let schema = try XCTUnwrap(SchemaLoader.load(text: filesSharingARouteSchemaText, file: "files.yaml").schema)
        let sharedLink = try XCTUnwrap(schema.operations.first { $0.name == "getFileSharedLink" })
        func fit(passes: Bool = false, query: [String]) -> OperationRouter.CandidateFit {
            OperationRouter.CandidateFit(passes: passes, operation: sharedLink, queryNames: query, headerNames: [], hasBody: false)
        }
        XCTAssertEqual(fit(passes: true, query: []), .passes)
        XCTAssertEqual(fit(query: ["fields", "other"]), .carriesRequirements)
        XCTAssertEqual(fit(query: ["other"]), .lacksRequirements)
    }

    // MARK: Base URLs

    func testAURLTemplateVariableMatchesAnyTextWithoutASlashAndLiteralsIgnoreCase() {
        let base = BaseURL(template: "https://{host}/shop/v1")
        XCTAssertEqual(base.text, "https://{host}/shop/v1")
        XCTAssertEqual(base.relativePath(of: "https://api.example.com/shop/v1/items/A1"), "/items/A1")
        XCTAssertEqual(base.relativePath(of: "https://tenant-7.example.com/shop/v1"), "")
        XCTAssertEqual(base.relativePath(of: "HTTPS://api.example.com/SHOP/V1/items"), "/items")
        XCTAssertNil(base.relativePath(of: "https://api.example.com/shop/v10/items"), "the base ends at a slash")
        XCTAssertNil(base.relativePath(of: "https://a.example.com/x/shop/v1/items"), "a variable takes no slash")
        XCTAssertNil(base.relativePath(of: "https://api.example.com/other/items"))
    }

    func testATrailingSlashIsNotPartOfAURLTemplate() {
        XCTAssertEqual(BaseURL(template: "https://api.example.com/v1/").relativePath(of: "https://api.example.com/v1/items"), "/items")
        XCTAssertEqual(BaseURL(template: "https://api.example.com/v1//").relativePath(of: "https://api.example.com/v1"), "")
        XCTAssertEqual(BaseURL(template: "https://{host}/").relativePath(of: "https://api.example.com/items"), "/items")
    }

    func testAServersBasePathIsMatchedExactly() {
        let base = BaseURL(path: "/shop/v1")
        XCTAssertEqual(base.relativePath(of: "/shop/v1/items"), "/items")
        XCTAssertEqual(base.relativePath(of: "/shop/v1"), "")
        XCTAssertNil(base.relativePath(of: "/SHOP/v1/items"), "a server compares paths exactly")
        XCTAssertNil(base.relativePath(of: "/shop/v1x/items"))
        XCTAssertNil(base.relativePath(of: "/items"))
        XCTAssertEqual(BaseURL(path: "/{tenant}").relativePath(of: "/{tenant}/items"), "/items", "braces are text in a path")
        XCTAssertNil(BaseURL(path: "/{tenant}").relativePath(of: "/acme/items"))
        XCTAssertEqual(BaseURL(path: "").relativePath(of: "/items"), "/items", "no base path: every path")
    }

    func testTheRouterAndABaseTogetherFindTheOperationOfAWholeURL() {
        let base = BaseURL(template: "https://{host}/shop/v1")
        let relative = base.relativePath(of: "https://api.example.com/shop/v1/_sandbox/url/upload")
        XCTAssertEqual(relative.map { route("PUT", $0) }, "upload()")
    }
}
