import SchemaModel
import TestSupport
import XCTest

/// Bad uses of form, multipart and raw bodies, binary responses, URLs given at call time, Basic auth,
/// object-valued query parameters and whole-URL environments: each is one `file:line:column: error:`,
/// at its place, never followed by a second error for the same mistake.
final class RequestShapeDiagnosticsTests: XCTestCase {
    /// The 1-based line of the first line of `text` containing `marker`.
    private func line(of marker: String, in text: String) -> Int {
        let lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(marker) }) else {
            XCTFail("no line contains \(marker)")
            return 0
        }
        return index + 1
    }

    private func assertError(_ text: String, at marker: String, contains message: String, file: StaticString = #filePath, sourceLine: UInt = #line) {
        assertSingleError(text, line: line(of: marker, in: text), contains: message, file: file, sourceLine: sourceLine)
    }

    private static let flatTypes = """
          Form:
            fields:
              name: string
              tags: "[string]"
              photo: { type: binary, optional: true }
          Nested:
            fields:
              inner: Item
        """

    func testTheValidConstructsLoadWithoutDiagnostics() {
        let text = schemaText(
            types: Self.flatTypes,
            operations: """
                  postForm:
                    http: POST /form
                    body: { type: Form, encoding: form }
                  postMultipart:
                    http: POST /multipart
                    body: { type: Form, encoding: multipart, contentType: image/png }
                  putBytes:
                    http: PUT {target}
                    path: { target: uri }
                    body: { type: binary, encoding: raw, contentType: application/pdf }
                  download:
                    http: GET /files
                    query:
                      params: "[string: string]"
                      filter: { type: Item, style: deepObject, optional: true }
                    response: { type: binary, contentType: application/pdf }
                """,
            extra: """
                auth:
                  client: { kind: basic }
                """)
        XCTAssertEqual(diagnostics(text), [])
    }

    func testUnknownBodyEncodingSuggestsTheClosest() {
        let text = schemaText(
            types: Self.flatTypes,
            operations: """
                  postForm:
                    http: POST /form
                    body: { type: Form, encoding: mulitpart }
                """)
        assertError(
            text, at: "encoding: mulitpart",
            contains: "'encoding' of the body of operation 'postForm' must be json, form, multipart, raw, found 'mulitpart'; did you mean 'multipart'?")
    }

    /// Discourse's `getSpecificPostsFromTopic` is a GET with a JSON body: URLSession refuses to send it.
    func testAGetOrHeadWithABodyIsRejected() {
        for method in ["GET", "HEAD"] {
            let text = schemaText(
                operations: """
                      searchPosts:
                        http: \(method) /posts
                        body: Item
                    """)
            assertError(
                text, at: "body: Item",
                contains: "operation 'searchPosts' is a \(method) request, which carries no body: the generated client could not send it")
        }
    }

    func testRawBodyMustBeBinaryWithAContentType() {
        assertError(
            schemaText(
                operations: """
                      putBytes:
                        http: PUT /bytes
                        body: { type: Item, encoding: raw, contentType: image/png }
                    """), at: "encoding: raw", contains: "is raw bytes (encoding: raw), so its type must be binary, found 'Item'")
        assertError(
            schemaText(
                operations: """
                      putBytes:
                        http: PUT /bytes
                        body: { type: binary, encoding: raw }
                    """), at: "encoding: raw", contains: "is raw bytes and needs a 'contentType', like image/jpeg")
    }

    func testContentTypeOfAJSONOrFormBodyIsRejected() {
        assertError(
            schemaText(
                operations: """
                      post:
                        http: POST /items
                        body: { type: Item, contentType: text/plain }
                    """), at: "contentType: text/plain",
            contains: "'contentType' of the body of operation 'post' applies only to raw and multipart bodies; json bodies are sent as application/json")
    }

    func testMalformedMediaTypeIsRejected() {
        assertError(
            schemaText(
                operations: """
                      putBytes:
                        http: PUT /bytes
                        body: { type: binary, encoding: raw, contentType: "image png" }
                    """), at: "image png", contains: "must be a media type like image/jpeg, found 'image png'")
        assertError(
            schemaText(
                operations: """
                      download:
                        http: GET /file
                        response: { type: binary, contentType: pdf }
                    """), at: "contentType: pdf",
            contains: "'contentType' of the response of operation 'download' must be a media type like image/png, found 'pdf'")
    }

    func testFormBodyFieldsMustBeFlat() {
        let text = schemaText(
            types: Self.flatTypes,
            operations: """
                  postForm:
                    http: POST /form
                    body: { type: Nested, encoding: form }
                """)
        assertError(
            text, at: "inner: Item",
            contains: "field 'inner' of type 'Nested' is 'Item', but a form body (the body of operation 'postForm') holds only scalars and lists of scalars")
    }

    func testFormBodyMustBeAStruct() {
        assertError(
            schemaText(
                operations: """
                      postForm:
                        http: POST /form
                        body: { type: "[string]", encoding: form }
                    """), at: "encoding: form", contains: "is a form body, so its type must be a struct of fields, found '[string]'")
    }

    func testAnUnknownFormBodyTypeIsReportedOnce() {
        assertError(
            schemaText(
                operations: """
                      postForm:
                        http: POST /form
                        body: { type: Missing, encoding: form }
                    """), at: "type: Missing", contains: "unknown type 'Missing'")
    }

    func testBinaryResponseContentTypeNeedsTypeBinary() {
        assertError(
            schemaText(
                operations: """
                      download:
                        http: GET /file
                        response: { type: Item, contentType: image/png }
                    """), at: "type: Item, contentType",
            contains: "'contentType' of the response of operation 'download' is for raw bytes: the type must be binary, found 'Item'")
    }

    func testCallTimeURLMustBeAURIAndTheOperationMustNotUseCredentials() {
        assertError(
            schemaText(
                operations: """
                      upload:
                        http: PUT {target}
                        path: { target: string }
                    """), at: "target: string",
            contains: "path parameter 'target' of operation 'upload' is the whole URL, so its type must be uri, found 'string'")
        assertError(
            schemaText(
                operations: """
                      upload:
                        http: PUT {target}
                        path: { target: uri }
                        auth: client
                    """,
                extra: """
                    auth:
                      client: { kind: basic }
                    """), at: "  upload:",
            contains: "takes its whole URL at call time, so it must be `auth: none`: credentials never go to a URL the schema does not fix (found auth client)")
    }

    func testCallTimeURLPlaceholderMustBeTheWholeTarget() {
        assertError(
            schemaText(
                operations: """
                      upload:
                        http: PUT {target}/x
                        path: { target: uri }
                    """), at: "PUT {target}/x", contains: "a path starting with '/' (or `{parameter}` for a URL given at call time), found 'PUT {target}/x'")
    }

    func testUndeclaredCallTimeURLParameterIsReportedOnce() {
        assertError(
            schemaText(
                operations: """
                      upload:
                        http: PUT {target}
                    """), at: "PUT {target}", contains: "path parameter 'target' of operation 'upload' is not declared under 'path'")
    }

    func testMisspelledBasicKindSuggestsIt() {
        assertError(
            schemaText(
                extra: """
                    auth:
                      client: { kind: basci }
                    """), at: "kind: basci", contains: "needs a 'kind' of bearer, apiKey, session or basic, found 'basci'; did you mean 'basic'?")
    }

    func testQueryMapsNeedStringKeysAndScalarValues() {
        assertError(
            schemaText(
                operations: """
                      search:
                        http: GET /search
                        query:
                          params: "[int: string]"
                    """), at: "params:",
            contains: "query parameter 'params' of operation 'search' is a map, so its keys must be string (query names are text), found '[int: string]'")
        assertError(
            schemaText(
                operations: """
                      search:
                        http: GET /search
                        query:
                          params: "[string: [string]]"
                    """), at: "params:",
            contains: "the values of query parameter 'params' of operation 'search' must be scalars (a primitive or an enum), found '[string]'")
    }

    func testFormStyleQueryStructMembersMustBeScalars() {
        assertError(
            schemaText(
                types: Self.flatTypes,
                operations: """
                      search:
                        http: GET /search
                        query:
                          filter: { type: Form, style: form }
                    """), at: "tags: \"[string]\"",
            contains:
                "field 'tags' of type 'Form' is '[string]', but an object-valued query parameter (query parameter 'filter' of operation 'search') holds only scalars; with `style: deepObject` structs, maps and lists nest in brackets"
        )
    }

    // MARK: Nested forms, nested deepObject queries, multipart JSON parts

    private static let nestedTypes = """
          Charge:
            fields:
              amount: int64
              card: Card
              metadata: { type: "[string: string]", optional: true }
              expand: { type: "[string]", optional: true }
              items: { type: "[LineItem]", optional: true }
              grid: { type: "[[int32]]", optional: true }
          Card:
            fields:
              number: string
              limits: { type: "[string: Range]", optional: true }
          LineItem:
            fields:
              price: string
              card: { type: Card, optional: true }
          Range:
            fields:
              gte: { type: double, optional: true }
          Upload:
            fields:
              attributes: Card
              parts: "[LineItem]"
              extra: { type: json, optional: true }
              file: binary
        """

    func testNestedFormsDeepObjectQueriesAndMultipartJSONPartsLoadWithoutDiagnostics() {
        let text = schemaText(
            types: Self.nestedTypes,
            operations: """
                  charge:
                    http: POST /charges
                    body: { type: Charge, encoding: form, style: deepObject }
                  search:
                    http: GET /search
                    query:
                      filter: { type: Charge, style: deepObject }
                      ranges: { type: "[string: Range]", style: deepObject, optional: true }
                  upload:
                    http: POST /files
                    body: { type: Upload, encoding: multipart, contentType: application/octet-stream }
                """)
        XCTAssertEqual(diagnostics(text), [])
    }

    func testAFlatFormBodySaysHowToNest() {
        assertError(
            schemaText(
                types: Self.nestedTypes,
                operations: """
                      charge:
                        http: POST /charges
                        body: { type: LineItem, encoding: form }
                    """), at: "card: { type: Card",
            contains:
                "field 'card' of type 'LineItem' is 'Card', but a form body (the body of operation 'charge') holds only scalars and lists of scalars; with `style: deepObject` structs, maps and lists nest in brackets (card[number]=4242)"
        )
    }

    func testNestedFormRefusesJSONValuesUnionsIntegerKeysAndRecursion() {
        func nested(_ fieldType: String, types: String = "") -> String {
            schemaText(
                types: """
                      Outer:
                        fields:
                          value: { type: \(fieldType), optional: true }
                    \(types)
                    """,
                operations: """
                      post:
                        http: POST /outer
                        body: { type: Outer, encoding: form, style: deepObject }
                    """)
        }
        assertError(
            nested("json"), at: "value: {",
            contains:
                "field 'value' of type 'Outer' is 'json', but a form body with style: deepObject (the body of operation 'post') cannot carry an untyped json value in brackets"
        )
        assertError(
            nested("\"[string: [json]]\""), at: "value: {", contains: "cannot carry an untyped json value in brackets")
        assertError(
            nested("\"[int: string]\""), at: "value: {", contains: "needs string map keys: a key is a bracketed name (metadata[order_id])")
        assertError(
            nested(
                "Shape",
                types: """
                      Shape:
                        union:
                          discriminator: kind
                          variants:
                            item: Item
                    """), at: "value: {", contains: "cannot hold a union: bracketed text does not say which variant it is")
        assertError(
            nested(
                "Tree",
                types: """
                      Tree:
                        fields:
                          children: "[Tree]"
                    """), at: "children: \"[Tree]\"",
            contains:
                "field 'children' of type 'Tree' is '[Tree]', but a form body with style: deepObject (the body of operation 'post') cannot hold 'Tree' again inside itself"
        )
        assertError(
            nested("Outer"), at: "value: {",
            contains: "cannot hold 'Outer' again inside itself: a form or query nests to a bounded depth, so recursion through it is refused")
    }

    func testDeepObjectQueryRefusesWhatBracketsCannotCarry() {
        assertError(
            schemaText(
                operations: """
                      search:
                        http: GET /search
                        query:
                          filter: { type: "[string: json]", style: deepObject }
                    """), at: "filter:",
            contains:
                "field 'filter' of the map is 'json', but a deepObject query parameter (query parameter 'filter' of operation 'search') cannot carry an untyped json value"
        )
    }

    func testStyleOfABodyIsOnlyForForms() {
        assertError(
            schemaText(
                operations: """
                      post:
                        http: POST /items
                        body: { type: Item, style: deepObject }
                    """), at: "style: deepObject",
            contains: "'style' of the body of operation 'post' applies only to form bodies (encoding: form), found style deepObject on a json body")
        assertError(
            schemaText(
                operations: """
                      post:
                        http: POST /items
                        body: { type: Item, encoding: form, style: deep }
                    """), at: "style: deep",
            contains: "'style' of the body of operation 'post' must be form or deepObject, found 'deep'")
    }

    func testStyleIsOnlyForObjectValuedQueryParameters() {
        assertError(
            schemaText(
                operations: """
                      search:
                        http: GET /search
                        query:
                          q: { type: string, style: deepObject }
                    """), at: "q: {",
            contains: "'style' of query parameter 'q' of operation 'search' applies only to a map ([string: T]) or a struct, found 'string'")
        assertError(
            schemaText(
                operations: """
                      search:
                        http: GET /search
                        headers:
                          h: { type: string, style: form }
                    """), at: "h: {", contains: "'style' of header parameter 'h' of operation 'search' applies only to query parameters")
        assertError(
            schemaText(
                types: """
                      Other:
                        fields:
                          x: { type: string, style: form }
                    """), at: "x: {", contains: "'style' of field 'x' of type 'Other' applies only to query parameters")
        assertError(
            schemaText(
                operations: """
                      search:
                        http: GET /search
                        query:
                          m: { type: "[string: string]", style: deep }
                    """), at: "style: deep", contains: "must be form or deepObject, found 'deep'")
    }

    func testWholeURLEnvironmentMistakes() {
        func schema(_ environment: String) -> String {
            """
            api: Test
            version: "1"
            environments:
            \(environment)
            operations:
              ping: { http: GET /ping }
            """
        }
        assertError(
            schema(
                """
                  custom:
                    url: "{serverUrl}"
                """), at: "custom:", contains: "'{serverUrl}' in the url of environment 'custom' is not a declared variable")
        assertError(
            schema(
                """
                  custom:
                    url: "{serverUrl}"
                    variables:
                      serverURL: {}
                """), at: "custom:", contains: "'{serverUrl}' in the url of environment 'custom' is not a declared variable; did you mean 'serverURL'?")
        assertError(
            schema(
                """
                  custom:
                    url: "{serverUrl}"
                    variables:
                      serverUrl: { default: "ftp://files.example.com" }
                """), at: "serverUrl: {", contains: "the default of variable 'serverUrl' of environment 'custom' must use http or https, found 'ftp'")
        assertError(
            schema(
                """
                  custom:
                    url: "{serverUrl}"
                    variables:
                      serverUrl: { default: "https://a.example.com/?x=1" }
                """), at: "serverUrl: {", contains: "must not have a query or fragment")
        assertError(
            schema(
                """
                  custom:
                    url: "{serverUrl}"
                    variables:
                      serverUrl: {}
                      extra: {}
                """), at: "custom:", contains: "environment 'custom' whose url is the variable '{serverUrl}' cannot declare other variables")
        XCTAssertEqual(
            diagnostics(
                schema(
                    """
                      custom:
                        url: "{serverUrl}"
                        variables:
                          serverUrl: { default: "https://bsa.example.com/api" }
                    """)), [])
    }
}
