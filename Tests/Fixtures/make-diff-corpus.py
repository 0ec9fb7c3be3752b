#!/usr/bin/env python3
# Writes Tests/Fixtures/DiffCorpus: one schema pair per diff rule (edits of a base schema) and expected.txt.
# The examples are tuned so that each pair's breaking change is observable by the diff proof
# (Tests/SchemaDiffTests/Proof). Run from anywhere: python3 Tests/Fixtures/make-diff-corpus.py
import os, shutil
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "DiffCorpus")
BASE = '''api: Corpus
version: "1.0"
environments:
  local:
    url: "http://{host}"
    variables:
      host: { default: "127.0.0.1:8080" }
errors:
  body: ErrorBody
  code: code
  cases:
    notFound: { code: NOT_FOUND, status: 404 }
    tooMany: { code: TOO_MANY, status: 429 }
types:
  ErrorBody:
    fields:
      code: string
      message: { type: string, optional: true }
  Status:
    enum:
      active: active
      closed: closed
  Item:
    fields:
      id: string
      name: { type: string, maxLength: 40 }
      note: { type: string, optional: true }
      status: Status
  NewItem:
    fields:
      name: { type: string, maxLength: 40 }
      tag: { type: string, optional: true }
      status: Status
operations:
  getItem:
    http: GET /items/{id}
    path:
      id: string
    query:
      verbose: { type: bool, optional: true }
      status: { type: Status, optional: true }
    response: Item
    errors: [notFound]
    examples:
      ok:
        path: { id: a1 }
        query: { verbose: true, status: active }
        response: { id: a1, name: Lamp, note: Bright, status: active }
      missing:
        path: { id: zz }
        status: 404
        response: { code: NOT_FOUND }
  createItem:
    http: POST /items
    body: NewItem
    response: Item
    status: 201
    errors: [tooMany]
    examples:
      ok:
        request: { name: Lamp, status: active }
        response: { id: a1, name: Lamp, note: Bright, status: active }
        status: 201
'''

def rep(text, pairs):
    for a, b in pairs:
        everywhere = a.startswith("ALL:")
        if everywhere: a = a[4:]
        assert text.count(a) >= 1, (a, text)
        text = text.replace(a, b) if everywhere else text.replace(a, b, 1)
    return text

GET_EX = "        response: { id: a1, name: Lamp, note: Bright, status: active }\n  createItem:"
cases = {}
def case(name, new_edits, expected, old_edits=(), notes=""):
    cases[name] = (old_edits, new_edits, expected, notes)

case("identical", [], [])
case("operation-added", [("operations:\n", "operations:\n  deleteItem:\n    http: DELETE /items/{id}\n    path:\n      id: string\n")],
     ["operation-added|operation deleteItem|compatible|compatible"])
case("operation-removed", [("  createItem:\n    http: POST /items\n    body: NewItem\n    response: Item\n    status: 201\n    errors: [tooMany]\n    examples:\n      ok:\n        request: { name: Lamp, status: active }\n        response: { id: a1, name: Lamp, note: Bright, status: active }\n        status: 201\n", "")],
     ["operation-removed|operation createItem|breaks-clients|breaking"])
case("operation-renamed", [("  getItem:\n", "  fetchItem:\n    renamedFrom: getItem\n")],
     ["operation-renamed|operation fetchItem|compatible|breaking"])
case("operation-renamed-unmarked", [("  getItem:\n", "  fetchItem:\n")],
     ["operation-removed|operation getItem|compatible|breaking", "operation-added|operation fetchItem|compatible|compatible"])
case("method-changed", [("http: POST /items", "http: PUT /items")],
     ["method-changed|operation createItem|breaks-both|compatible", "idempotency-changed|operation createItem|compatible|compatible"])
case("path-changed", [("http: GET /items/{id}", "http: GET /things/{id}")],
     ["path-changed|operation getItem|breaks-both|compatible"])
case("path-literal-query-added", [("http: GET /items/{id}", "http: GET /items/{id}?api-version=2")],
     ["literal-query-added|operation getItem|breaks-clients|compatible"])
case("path-literal-query-removed", [],
     ["literal-query-removed|operation getItem|breaks-producers|compatible"],
     old_edits=[("http: GET /items/{id}", "http: GET /items/{id}?api-version=2")])
case("path-literal-query-changed", [("http: GET /items/{id}", "http: GET /items/{id}?api-version=3")],
     ["literal-query-added|operation getItem|breaks-clients|compatible", "literal-query-removed|operation getItem|breaks-producers|compatible"],
     old_edits=[("http: GET /items/{id}", "http: GET /items/{id}?api-version=2")])
case("success-status-changed", [("    status: 201\n", "    status: 200\n"), ("        status: 201\n", "        status: 200\n")],
     ["success-status-changed|operation createItem|compatible|compatible"])
case("parameter-added-required", [("      verbose: { type: bool, optional: true }\n", "      verbose: { type: bool, optional: true }\n      lang: string\n"),
                                  ("query: { verbose: true, status: active }", "query: { verbose: true, status: active, lang: en }")],
     ["field-added-required|operation getItem.parameter lang|breaks-clients|breaking"])
case("parameter-added-optional", [("      verbose: { type: bool, optional: true }\n", "      verbose: { type: bool, optional: true }\n      lang: { type: string, optional: true }\n")],
     ["field-added-optional|operation getItem.parameter lang|compatible|compatible"])
case("parameter-removed-optional", [("      verbose: { type: bool, optional: true }\n", ""), ("query: { verbose: true, status: active }", "query: { status: active }")],
     ["field-removed-optional|operation getItem.parameter verbose|compatible|breaking"])
case("parameter-retyped", [("verbose: { type: bool, optional: true }", "verbose: { type: int, optional: true }"), ("query: { verbose: true,", "query: { verbose: 5,")],
     ["field-retyped|operation getItem.parameter verbose|breaks-both|breaking"])
case("parameter-moved", [("    query:\n      verbose: { type: bool, optional: true }\n", "    headers:\n      verbose: bool\n    query:\n"),
                          ("query: { verbose: true, status: active }", "headers: { verbose: true }\n        query: { status: active }")],
     ["parameter-moved|operation getItem.parameter verbose|breaks-both|breaking"],
     old_edits=[("verbose: { type: bool, optional: true }", "verbose: bool")])
RANGE_QUERY = [("types:\n", "types:\n  Range:\n    fields:\n      min: int\n      max: int\n"),
               ("      status: { type: Status, optional: true }\n    response: Item", "      status: { type: Status, optional: true }\n      range: Range\n    response: Item"),
               ("query: { verbose: true, status: active }", "query: { verbose: true, status: active, range: { min: 1, max: 5 } }")]
# Required, so that each side's server refuses the other's request (an optional one is silently dropped).
case("query-style-changed", RANGE_QUERY + [("      range: Range\n", "      range: { type: Range, style: deepObject }\n")],
     ["query-style-changed|operation getItem.parameter range|breaks-both|compatible"], old_edits=RANGE_QUERY)
case("parameters-reordered", [("      verbose: { type: bool, optional: true }\n      status: { type: Status, optional: true }\n", "      status: { type: Status, optional: true }\n      verbose: { type: bool, optional: true }\n")],
     ["parameters-reordered|operation getItem|compatible|breaking"])
case("request-field-added-required", [("      tag: { type: string, optional: true }\n", "      tag: { type: string, optional: true }\n      owner: string\n"),
                                      ("request: { name: Lamp, status: active }", "request: { name: Lamp, status: active, owner: me }")],
     ["field-added-required|type NewItem.field owner|breaks-clients|breaking"])
case("request-field-added-optional", [("      tag: { type: string, optional: true }\n", "      tag: { type: string, optional: true }\n      color: { type: string, optional: true }\n")],
     ["field-added-optional|type NewItem.field color|compatible|compatible"])
case("request-field-removed-required", [("      tag: { type: string, optional: true }\n      status: Status\n", "      tag: { type: string, optional: true }\n"),
                                        ("request: { name: Lamp, status: active }", "request: { name: Lamp }")],
     ["field-removed-required|type NewItem.field status|breaks-producers|breaking"])
case("request-field-retyped", [("      tag: { type: string, optional: true }\n", "      tag: { type: int, optional: true }\n"), ("request: { name: Lamp, status: active }", "request: { name: Lamp, tag: 5, status: active }")],
     ["field-retyped|type NewItem.field tag|breaks-both|breaking"],
     old_edits=[("request: { name: Lamp, status: active }", "request: { name: Lamp, tag: red, status: active }")])
case("request-field-made-required", [("      tag: { type: string, optional: true }\n", "      tag: string\n"),
                                     ("request: { name: Lamp, status: active }", "request: { name: Lamp, tag: red, status: active }")],
     ["field-made-required|type NewItem.field tag|breaks-clients|breaking"])
case("request-field-made-optional", [("  NewItem:\n    fields:\n      name: { type: string, maxLength: 40 }\n", "  NewItem:\n    fields:\n      name: { type: string, maxLength: 40, optional: true }\n"),
                                      ("request: { name: Lamp, status: active }", "request: { status: active }")],
     ["field-made-optional|type NewItem.field name|breaks-producers|breaking"])
case("response-field-added-required", [("      note: { type: string, optional: true }\n      status: Status\n  NewItem:", "      note: { type: string, optional: true }\n      status: Status\n      price: int\n  NewItem:"),
                                       ("note: Bright, status: active }", "note: Bright, status: active, price: 5 }"),
                                       ("note: Bright, status: active }\n        status: 201", "note: Bright, status: active, price: 5 }\n        status: 201")],
     ["field-added-required|type Item.field price|breaks-producers|breaking"])
case("response-field-added-optional", [("      note: { type: string, optional: true }\n      status: Status\n  NewItem:", "      note: { type: string, optional: true }\n      status: Status\n      color: { type: string, optional: true }\n  NewItem:"),
                                       ("note: Bright, status: active }", "note: Bright, status: active, color: red }")],
     ["field-added-optional|type Item.field color|compatible|compatible"])
case("response-field-removed-required", [("      id: string\n      name: { type: string, maxLength: 40 }\n", "      id: string\n"),
                                         ("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, note: Bright, status: active }"),
                                         ("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, note: Bright, status: active }")],
     ["field-removed-required|type Item.field name|breaks-clients|breaking"])
case("response-field-removed-optional", [("      note: { type: string, optional: true }\n      status: Status\n  NewItem:", "      status: Status\n  NewItem:"),
                                         ("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, name: Lamp, status: active }"),
                                         ("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, name: Lamp, status: active }")],
     ["field-removed-optional|type Item.field note|compatible|breaking"])
case("response-field-retyped", [("      id: string\n      name: { type: string, maxLength: 40 }\n", "      id: string\n      name: int\n"),
                                ("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, name: 7, note: Bright, status: active }"),
                                ("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, name: 7, note: Bright, status: active }")],
     ["field-retyped|type Item.field name|breaks-both|breaking"])
case("response-field-made-optional", [("      id: string\n      name: { type: string, maxLength: 40 }\n", "      id: string\n      name: { type: string, maxLength: 40, optional: true }\n"),
                                      ("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, note: Bright, status: active }")],
     ["field-made-optional|type Item.field name|breaks-clients|breaking"])
case("response-field-made-nullable", [("      id: string\n      name: { type: string, maxLength: 40 }\n", "      id: string\n      name: { type: string, maxLength: 40, nullable: true }\n"),
                                      ("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, name: null, note: Bright, status: active }")],
     ["field-made-nullable|type Item.field name|breaks-clients|breaking"])
case("response-field-made-required", [("      note: { type: string, optional: true }\n      status: Status\n  NewItem:", "      note: string\n      status: Status\n  NewItem:")],
     ["field-made-required|type Item.field note|breaks-producers|breaking"],
     old_edits=[("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, name: Lamp, status: active }")])
case("field-wire-name-changed", [("      id: string\n      name: { type: string, maxLength: 40 }\n", "      id: string\n      name: { type: string, maxLength: 40, wire: title }\n"),
                                 ("ALL:{ id: a1, name: Lamp,", "{ id: a1, title: Lamp,")],
     ["field-wire-name-changed|type Item.field name|breaks-both|compatible"])
case("enum-case-added", [("      closed: closed\n", "      closed: closed\n      archived: archived\n"), ("query: { verbose: true, status: active }", "query: { verbose: true, status: archived }")],
     ["enum-case-added|type Status.case archived|breaks-producers|breaking"])
case("enum-case-removed", [("      active: active\n      closed: closed\n", "      active: active\n")],
     ["enum-case-removed|type Status.case closed|breaks-clients|breaking"],
     old_edits=[("query: { verbose: true, status: active }", "query: { verbose: true, status: closed }")])
case("enum-case-renamed", [("      closed: closed\n", "      done: { value: closed, renamedFrom: closed }\n")],
     ["enum-case-renamed|type Status.case done|compatible|breaking"])
case("enum-case-value-changed", [("      active: active\n", "      active: ACTIVE\n"), ("ALL:status: active }", "status: ACTIVE }")],
     ["enum-case-value-changed|type Status.case active|breaks-both|compatible"])
case("error-case-added", [("    tooMany: { code: TOO_MANY, status: 429 }\n", "    tooMany: { code: TOO_MANY, status: 429 }\n    conflict: { code: CONFLICT, status: 409 }\n")],
     ["error-case-added|error conflict|compatible|breaking"])
case("error-case-removed", [("    tooMany: { code: TOO_MANY, status: 429 }\n", ""), ("    errors: [tooMany]\n", "")],
     ["error-case-removed|error tooMany|compatible|breaking", "operation-errors-changed|operation createItem|compatible|compatible"])
case("error-case-renamed", [("    tooMany: { code: TOO_MANY, status: 429 }\n", "    rateLimited: { code: TOO_MANY, status: 429, renamedFrom: tooMany }\n"), ("errors: [tooMany]", "errors: [rateLimited]")],
     ["error-case-renamed|error rateLimited|compatible|breaking"])
case("error-code-changed", [("ALL:code: NOT_FOUND", "code: ITEM_NOT_FOUND")],
     ["error-code-changed|error notFound|breaks-both|compatible"])
case("error-status-changed", [("ALL:status: 404", "status: 410")],
     ["error-status-changed|error notFound|compatible|compatible"])
case("constraint-tightened-request", [("  NewItem:\n    fields:\n      name: { type: string, maxLength: 40 }\n", "  NewItem:\n    fields:\n      name: { type: string, maxLength: 3 }\n"),
                                      ("request: { name: Lamp, status: active }", "request: { name: Lam, status: active }")],
     ["constraint-tightened|type NewItem.field name|breaks-clients|compatible"])
case("constraint-loosened-request", [("  NewItem:\n    fields:\n      name: { type: string, maxLength: 40 }\n", "  NewItem:\n    fields:\n      name: { type: string, maxLength: 80 }\n"),
                                     ("request: { name: Lamp, status: active }", "request: { name: A lamp with a name longer than forty characters, status: active }")],
     ["constraint-loosened|type NewItem.field name|breaks-producers|compatible"])
case("constraint-tightened-response", [("      id: string\n      name: { type: string, maxLength: 40 }\n", "      id: string\n      name: { type: string, maxLength: 10 }\n")],
     ["constraint-tightened|type Item.field name|breaks-producers|compatible"],
     old_edits=[("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, name: A lamp with a long name, note: Bright, status: active }")])
case("constraint-loosened-response", [("      id: string\n      name: { type: string, maxLength: 40 }\n", "      id: string\n      name: { type: string, maxLength: 80 }\n"),
                                      ("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, name: Lamp-with-a-name-longer-than-forty-characters-in-it, note: Bright, status: active }")],
     ["constraint-loosened|type Item.field name|compatible|compatible"])
case("auth-added", [("errors:\n  body", "auth:\n  key: { kind: apiKey, in: header, name: X-Api-Key }\nerrors:\n  body"),
                    ("    errors: [notFound]\n", "    errors: [notFound]\n    auth: key\n")],
     ["auth-scheme-changed|auth key|compatible|compatible", "auth-added|operation getItem|breaks-clients|compatible"])
case("cache-changed", [("    errors: [notFound]\n", "    errors: [notFound]\n    cache: { mode: localFirst, maxAge: 60 }\n")],
     ["cache-changed|operation getItem|compatible|compatible"])
case("environment-added", [("environments:\n", "environments:\n  staging:\n    url: \"https://staging.corpus.example\"\n")],
     ["environment-added|environment staging|compatible|compatible"])
case("environment-url-changed", [('url: "http://{host}"', 'url: "http://{host}/v2"')],
     ["environment-url-changed|environment local|breaks-both|compatible"])
case("deprecated", [("    http: GET /items/{id}\n", "    http: GET /items/{id}\n    deprecated: Use listItems.\n")],
     ["deprecated|operation getItem|compatible|compatible"])
case("type-renamed", [("  NewItem:\n", "  ItemDraft:\n    renamedFrom: NewItem\n"), ("body: NewItem", "body: ItemDraft")],
     ["type-renamed|type ItemDraft|compatible|breaking"])
case("type-renamed-unmarked", [("  NewItem:\n", "  ItemDraft:\n"), ("body: NewItem", "body: ItemDraft")],
     ["type-removed|type NewItem|compatible|breaking", "type-added|type ItemDraft|compatible|compatible", "request-body-changed|operation createItem|compatible|breaking"])

# The rules below were pinned by unit tests only before; each pair is tuned so the proof can observe it.
AUTH_SCHEMES = "auth:\n  key: { kind: apiKey, in: header, name: X-Api-Key }\n  other: { kind: apiKey, in: header, name: X-Other-Key }\nerrors:\n  body"
case("response-type-changed", [("  Status:\n", "  Summary:\n    fields:\n      title: string\n  Status:\n"),
                               ("    response: Item\n    errors: [notFound]", "    response: Summary\n    errors: [notFound]"),
                               ("        response: { id: a1, name: Lamp, note: Bright, status: active }\n      missing", "        response: { title: Lamp }\n      missing")],
     ["type-added|type Summary|compatible|compatible", "response-type-changed|operation getItem|breaks-both|breaking"])
case("request-body-added", [],
     ["request-body-added|operation createItem|breaks-clients|breaking"],
     old_edits=[("    body: NewItem\n", ""), ("        request: { name: Lamp, status: active }\n", "")])
case("request-body-removed", [("    body: NewItem\n", ""), ("        request: { name: Lamp, status: active }\n", "")],
     ["request-body-removed|operation createItem|breaks-producers|breaking"])
case("field-renamed", [("      tag: { type: string, optional: true }\n", "      label: { type: string, optional: true, wire: tag, renamedFrom: tag }\n")],
     ["field-renamed|type NewItem.field label|compatible|breaking"],
     old_edits=[("request: { name: Lamp, status: active }", "request: { name: Lamp, tag: red, status: active }")])
case("field-made-non-nullable", [],
     ["field-made-non-nullable|type Item.field name|breaks-producers|breaking"],
     old_edits=[("      id: string\n      name: { type: string, maxLength: 40 }\n", "      id: string\n      name: { type: string, maxLength: 40, nullable: true }\n"),
                ("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, name: null, note: Bright, status: active }")])
case("field-default-changed", [("verbose: { type: bool, optional: true }", "verbose: { type: bool, default: true }")],
     ["field-default-changed|operation getItem.parameter verbose|compatible|compatible"],
     old_edits=[("verbose: { type: bool, optional: true }", "verbose: { type: bool, default: false }")])
ITEM_END = "      note: { type: string, optional: true }\n      status: Status\n  NewItem:"
# Issue 27 line 3: list elements made nullable (`items: { nullable: true }`) or no longer.
TAGS = ITEM_END.replace("      status: Status\n", "      status: Status\n      tags: { type: \"[string]\", optional: true }\n")
NULL_TAGS = ITEM_END.replace("      status: Status\n", "      status: Status\n      tags: { type: \"[string]\", optional: true, items: { nullable: true } }\n")
NULL_TAG_RESPONSE = ("{ id: a1, name: Lamp, note: Bright, status: active }", "{ id: a1, name: Lamp, note: Bright, status: active, tags: [null] }")
case("elements-made-nullable", [(ITEM_END, NULL_TAGS), NULL_TAG_RESPONSE],
     ["elements-made-nullable|type Item.field tags|breaks-clients|breaking"],
     old_edits=[(ITEM_END, TAGS)])
case("elements-made-non-nullable", [(ITEM_END, TAGS)],
     ["elements-made-non-nullable|type Item.field tags|breaks-producers|breaking"],
     old_edits=[(ITEM_END, NULL_TAGS), NULL_TAG_RESPONSE])
# The old example answers a tag the new element rule refuses, so the proof observes an old server breaking it.
case("element-constraint-tightened", [(ITEM_END, TAGS.replace('"[string]", optional: true }', '"[string]", optional: true, items: { maxLength: 3 } }')),
                                      ("response: { id: a1, name: Lamp, note: Bright, status: active }", "response: { id: a1, name: Lamp, note: Bright, status: active, tags: [red] }")],
     ["constraint-tightened|type Item.field tags|breaks-producers|compatible"],
     old_edits=[(ITEM_END, TAGS), ("response: { id: a1, name: Lamp, note: Bright, status: active }", "response: { id: a1, name: Lamp, note: Bright, status: active, tags: [reddish] }")])
case("additional-fields-added", [(ITEM_END, ITEM_END.replace("  NewItem:", "    additionalFields: string\n  NewItem:"))],
     ["additional-fields-added|type Item.additionalFields|compatible|compatible"])
case("additional-fields-removed", [],
     ["additional-fields-removed|type Item.additionalFields|compatible|breaking"],
     old_edits=[(ITEM_END, ITEM_END.replace("  NewItem:", "    additionalFields: string\n  NewItem:"))])
case("additional-fields-retyped", [(ITEM_END, ITEM_END.replace("  NewItem:", "    additionalFields: int\n  NewItem:")),
                                   ("ALL:note: Bright, status: active }", "note: Bright, status: active, shelf: 2 }")],
     ["additional-fields-retyped|type Item.additionalFields|breaks-both|breaking"],
     old_edits=[(ITEM_END, ITEM_END.replace("  NewItem:", "    additionalFields: string\n  NewItem:")),
                ("ALL:note: Bright, status: active }", "note: Bright, status: active, shelf: B2 }")])
# includes: a field added to an included struct is a field added to each struct that includes it (the
# same rule, reported where the app meets it), and to the base itself.
AUDIT = [("  Item:\n    fields:\n", "  Item:\n    includes: [Audit]\n    fields:\n"),
         ("  NewItem:\n", "  Audit:\n    fields:\n      by: { type: string, optional: true }\n  NewItem:\n")]
case("included-field-added", AUDIT + [("      by: { type: string, optional: true }\n", "      by: { type: string, optional: true }\n      at: { type: string, optional: true }\n")],
     ["field-added-optional|type Item.field at|compatible|compatible", "field-added-optional|type Audit.field at|compatible|compatible"],
     old_edits=AUDIT)
case("date-format-changed", [("      status: Status\n  NewItem:", "      status: Status\n      at: { type: date-time, format: epochSeconds }\n  NewItem:"),
                             ("ALL:note: Bright, status: active }", "note: Bright, status: active, at: 1700000000 }")],
     ["date-format-changed|type Item.field at|breaks-both|compatible"],
     old_edits=[("      status: Status\n  NewItem:", "      status: Status\n      at: date-time\n  NewItem:"),
                ("ALL:note: Bright, status: active }", "note: Bright, status: active, at: \"2023-11-14T22:13:20Z\" }")])
case("type-kind-changed", [("query: { verbose: true, status: active }", "query: { verbose: true }"), ("  Status:\n    enum:\n      active: active\n      closed: closed\n", "  Status:\n    type: int\n"), ("ALL:status: active", "status: 1")],
     ["type-kind-changed|type Status|breaks-both|breaking"])
case("error-retryable-changed", [("    notFound: { code: NOT_FOUND, status: 404 }\n", "    notFound: { code: NOT_FOUND, status: 404, retryable: true }\n")],
     ["error-retryable-changed|error notFound|compatible|compatible"])
case("auth-removed", [("errors:\n  body", AUTH_SCHEMES), ("    errors: [notFound]\n", "    errors: [notFound]\n    auth: none\n")],
     ["auth-removed|operation getItem|breaks-producers|compatible"],
     old_edits=[("errors:\n  body", AUTH_SCHEMES), ("    errors: [notFound]\n", "    errors: [notFound]\n    auth: key\n")])
case("auth-changed", [("errors:\n  body", AUTH_SCHEMES), ("    errors: [notFound]\n", "    errors: [notFound]\n    auth: other\n")],
     ["auth-changed|operation getItem|breaks-both|compatible"],
     old_edits=[("errors:\n  body", AUTH_SCHEMES), ("    errors: [notFound]\n", "    errors: [notFound]\n    auth: key\n")])
case("auth-alternative-added", [("errors:\n  body", AUTH_SCHEMES), ("    errors: [notFound]\n", "    errors: [notFound]\n    auth: [key, other]\n")],
     ["auth-alternative-added|operation getItem|compatible|compatible"],
     old_edits=[("errors:\n  body", AUTH_SCHEMES), ("    errors: [notFound]\n", "    errors: [notFound]\n    auth: key\n")])
case("auth-requirement-extended", [("errors:\n  body", AUTH_SCHEMES), ("    errors: [notFound]\n", "    errors: [notFound]\n    auth: [[key, other]]\n")],
     ["auth-requirement-extended|operation getItem|breaks-clients|compatible"],
     old_edits=[("errors:\n  body", AUTH_SCHEMES), ("    errors: [notFound]\n", "    errors: [notFound]\n    auth: key\n")])
case("cache-arguments-changed", [("    errors: [notFound]\n", "    errors: [notFound]\n    cache: { mode: network, store: true, maxAge: 60 }\n")],
     ["cache-arguments-changed|operation getItem|compatible|breaking"],
     old_edits=[("    errors: [notFound]\n", "    errors: [notFound]\n    cache: { mode: network, store: true, maxAge: 60, cacheOnlyParameter: cached }\n")])
case("undeprecated", [],
     ["undeprecated|operation getItem|compatible|compatible"],
     old_edits=[("    http: GET /items/{id}\n", "    http: GET /items/{id}\n    deprecated: Use listItems.\n")])

# Error bodies: every error is still named by its code, so what matters is whether one side's body lacks
# a field the other side's body type requires (the proof's misread check reads the body).
PROBLEM = "  Problem:\n    fields:\n      code: string\n      detail: DETAIL\n  Status:\n"
case("error-body-changed", [("errors:\n  body: ErrorBody", "errors:\n  body: Problem"), ("  Status:\n", PROBLEM.replace("DETAIL", "string")),
                            ("response: { code: NOT_FOUND }", "response: { code: NOT_FOUND, detail: gone }")],
     ["error-body-changed|errors|breaks-producers|breaking", "type-added|type Problem|compatible|compatible"])
case("error-body-changed-compatible", [("errors:\n  body: ErrorBody", "errors:\n  body: Problem"), ("  Status:\n", PROBLEM.replace("DETAIL", "{ type: string, optional: true }")),
                                       ("response: { code: NOT_FOUND }", "response: { code: NOT_FOUND, detail: gone }")],
     ["error-body-changed|errors|compatible|breaking", "type-added|type Problem|compatible|compatible"])
case("environment-variables-changed", [('host: { default: "127.0.0.1:8080" }', 'host: { default: "localhost:8080" }')],
     ["environment-variables-changed|environment local|compatible|compatible"])

# getItem answers with `responses:`; the new schema adds a normal outcome `gone` (410) and its example
# `missing` answers with it, so an old client meets a status it has no outcome or error for.
OUTCOMES = ("    response: Item\n    errors: [notFound]\n", "    responses:\n      found: { status: 200, body: Item }\n    errors: [notFound]\n")
case("outcomes-changed", [("    response: Item\n    errors: [notFound]\n", "    responses:\n      found: { status: 200, body: Item }\n      gone: { status: 410 }\n    errors: [notFound]\n"),
                          ("        status: 404\n        response: { code: NOT_FOUND }", "        status: 410")],
     ["outcomes-changed|operation getItem|breaks-both|breaking"], old_edits=[OUTCOMES])
# A normal answer of one status (410) becomes one of its class (4XX): every 4xx is now that answer, so
# the 404 an old client throws as notFound is a value to a new one, and the case carries the status.
GONE = ("    response: Item\n    errors: [notFound]\n", "    responses:\n      found: { status: 200, body: Item }\n      gone: { status: 410 }\n    errors: [notFound]\n")
# createItem starts declaring a required response header: new clients' createItemWithHeaders needs it from
# old servers, which never send it; old clients never read it, and the method is new (an addition).
HEADERS_AT = "    status: 201\n    errors: [tooMany]\n"
LOCATION = HEADERS_AT + "    responseHeaders:\n      location: { type: uri, wire: Location }\n"
case("response-headers-changed", [(HEADERS_AT, LOCATION)],
     ["response-headers-changed|operation createItem|breaks-producers|compatible"])
# An optional header beside a declared one: absent is nil both ways, and the initialiser defaults it.
case("response-headers-added-optional", [(HEADERS_AT, LOCATION + "      etag: { type: string, wire: ETag, optional: true }\n")],
     ["response-headers-changed|operation createItem|compatible|compatible"], old_edits=[(HEADERS_AT, LOCATION)])
# A required header is no longer declared (new servers stop sending it): old clients' createItemWithHeaders
# requires it, and code reading `answer.headers.location` no longer compiles.
case("response-headers-removed-required", [(HEADERS_AT, HEADERS_AT + "    responseHeaders:\n      etag: { type: string, wire: ETag, optional: true }\n")],
     ["response-headers-changed|operation createItem|breaks-clients|breaking"], old_edits=[(HEADERS_AT, LOCATION)])
MISSING_GONE = ("        status: 404\n        response: { code: NOT_FOUND }", "        status: 410")
case("outcomes-changed-status-class", [(GONE[0], GONE[1].replace("status: 410", "status: 4XX")), MISSING_GONE],
     ["outcomes-changed|operation getItem|compatible|compatible"], old_edits=[GONE, MISSING_GONE])
# issue 28: a streamed operation changes its format: old clients cut the new body into the wrong events.
WATCH_AT = "        status: 201\n"
WATCH = WATCH_AT + "  watchItems:\n    http: GET /items/events\n    stream: { format: sse, events: Item }\n"
case("stream-changed", [(WATCH_AT, WATCH.replace("format: sse", "format: jsonLines"))],
     ["stream-changed|operation watchItems|breaks-both|breaking"], old_edits=[(WATCH_AT, WATCH)])
# issue 28: channels. LIVE appends one to the end of the base schema.
END = "        response: { id: a1, name: Lamp, note: Bright, status: active }\n        status: 201\n"
LIVE = ("channels:\n  live:\n    websocket: /items/{id}/live\n    path:\n      id: string\n    send: NewItem\n    receive: Item\n"
        "    close:\n      4001: reconnect\n      4003: { action: fail, case: forbidden }\n")
case("channel-added", [(END, END + LIVE)], ["channel-added|channel live|compatible|compatible"])
case("channel-removed", [], ["channel-removed|channel live|breaks-clients|breaking"], old_edits=[(END, END + LIVE)])
case("channel-path-changed", [(END, END + LIVE.replace("/items/{id}/live", "/items/{id}/stream"))],
     ["channel-path-changed|channel live|breaks-both|compatible"], old_edits=[(END, END + LIVE)])
# ErrorBody, as event-payload-changed: neither decodes as the other (Item -> NewItem would still read one way).
case("channel-message-changed", [(END, END + LIVE.replace("receive: Item", "receive: ErrorBody"))],
     ["channel-message-changed|channel live|breaks-both|breaking"], old_edits=[(END, END + LIVE)])
case("close-code-changed", [(END, END + LIVE.replace("4001: reconnect", "4001: finish"))],
     ["close-code-changed|channel live|breaks-both|compatible"], old_edits=[(END, END + LIVE)])
case("close-code-failure-removed", [(END, END + LIVE.replace("      4003: { action: fail, case: forbidden }\n", ""))],
     ["close-code-changed|channel live|compatible|breaking"], old_edits=[(END, END + LIVE)])
# A row the new server closes with (old clients fail it as undocumented where they should reconnect), and one
# only old servers close with (new clients fail it). The proof makes each server close with the codes it documents.
case("close-code-added", [(END, END + LIVE + "      4005: reconnect\n")],
     ["close-code-changed|channel live|breaks-clients|compatible"], old_edits=[(END, END + LIVE)])
case("close-code-removed", [(END, END + LIVE)],
     ["close-code-changed|channel live|breaks-producers|compatible"], old_edits=[(END, END + LIVE + "      4005: reconnect\n")])
# The messages a client sends change type: each server closes the other side's clients with 1008.
case("channel-send-changed", [(END, END + LIVE.replace("send: NewItem", "send: ErrorBody"))],
     ["channel-message-changed|channel live|breaks-both|breaking"], old_edits=[(END, END + LIVE)])
# The opening request gains a required query parameter, and an API key: new servers refuse old clients' upgrade.
case("channel-parameter-added", [(END, END + LIVE.replace("    send: NewItem", "    query:\n      since: string\n    send: NewItem"))],
     ["field-added-required|channel live.parameter since|breaks-clients|breaking"], old_edits=[(END, END + LIVE)])
case("channel-auth-added", [(END, END + LIVE.replace("    send: NewItem", "    auth: key\n    send: NewItem")),
                            ("errors:\n  body", "auth:\n  key: { kind: apiKey, in: header, name: X-Api-Key }\nerrors:\n  body")],
     ["auth-scheme-changed|auth key|compatible|compatible", "auth-added|channel live|breaks-clients|compatible"], old_edits=[(END, END + LIVE)])
# Message kinds: the channel sends and receives tagged unions, and one gains or loses a kind. The driver sends
# every kind its schema has, and as many messages as the server's receive union has kinds (the sandbox answers
# them in turn), so each kind either side has crosses the wire.
KINDS = ("  NewItem:\n", "  LiveCommand:\n    union:\n      discriminator: kind\n      variants:\n        create: NewItem\n"
         "  LiveEvent:\n    union:\n      discriminator: kind\n      variants:\n        created: Item\n  NewItem:\n")
LIVE_KINDS = (END, END + LIVE.replace("send: NewItem", "send: LiveCommand").replace("receive: Item", "receive: LiveEvent"))
SEND_KIND = ("        create: NewItem\n", "        create: NewItem\n        remove: ErrorBody\n")
RECEIVE_KIND = ("        created: Item\n", "        created: Item\n        removed: ErrorBody\n")
case("channel-send-kind-added", [KINDS, LIVE_KINDS, SEND_KIND],
     ["union-variant-added|type LiveCommand.variant remove|breaks-producers|breaking"], old_edits=[KINDS, LIVE_KINDS])
case("channel-send-kind-removed", [KINDS, LIVE_KINDS],
     ["union-variant-removed|type LiveCommand.variant remove|breaks-clients|breaking"], old_edits=[KINDS, LIVE_KINDS, SEND_KIND])
case("channel-receive-kind-added", [KINDS, LIVE_KINDS, RECEIVE_KIND],
     ["union-variant-added|type LiveEvent.variant removed|compatible|breaking"], old_edits=[KINDS, LIVE_KINDS])
case("channel-receive-kind-removed", [KINDS, LIVE_KINDS],
     ["union-variant-removed|type LiveEvent.variant removed|compatible|breaking"], old_edits=[KINDS, LIVE_KINDS, RECEIVE_KIND])
# issue 28 line 6: a streamed request body changes its framing: new servers cannot cut old clients' body
# into events, and the method's sequence is framed differently.
UPLOAD = WATCH_AT + "  uploadItems:\n    http: POST /items/upload\n    requestStream: { format: jsonLines, events: Item }\n"
case("request-stream-changed", [(WATCH_AT, UPLOAD.replace("format: jsonLines", "format: jsonSequence"))],
     ["request-stream-changed|operation uploadItems|breaks-both|compatible"], old_edits=[(WATCH_AT, UPLOAD)])
# issue 28: events outside calls. Receivers decode them with CorpusEvent, whose .undocumented takes what
# it does not recognise: adding or removing an event breaks no deployed receiver's decoding (the report
# still tells, and the enum's cases change); a new payload type or a new way to recognise it does, both ways.
EVENTS_AT = "        status: 201\n"
EVENTS = EVENTS_AT + "events:\n  itemChanged:\n    payload: Item\n    via: webhook\n    match: { header: X-Event, value: item.changed }\n"
REMOVED_EVENT = "  itemRemoved:\n    payload: ErrorBody\n    via: push\n    match: { field: code, value: item.removed }\n"
case("event-added", [(EVENTS_AT, EVENTS + REMOVED_EVENT)], ["event-added|event itemRemoved|compatible|breaking"], old_edits=[(EVENTS_AT, EVENTS)])
# The first event brings <API>Event: no code switches over it yet.
case("event-added-first", [(EVENTS_AT, EVENTS)], ["event-added|event itemChanged|compatible|compatible"])
case("event-removed", [], ["event-removed|event itemChanged|compatible|breaking"], old_edits=[(EVENTS_AT, EVENTS)])
case("event-payload-changed", [(EVENTS_AT, EVENTS.replace("payload: Item", "payload: ErrorBody"))],
     ["event-payload-changed|event itemChanged|breaks-both|breaking"], old_edits=[(EVENTS_AT, EVENTS)])
case("event-recognition-changed", [(EVENTS_AT, EVENTS.replace("value: item.changed", "value: item.updated"))],
     ["event-recognition-changed|event itemChanged|breaks-both|compatible"], old_edits=[(EVENTS_AT, EVENTS)])

# From the seeds' changelogs.
# The WhitelabelPay error cases and codes are the real ones (Schemas/whitelabelpay.yaml, errors), the
# changes those of the migration guides (/work/shared/seeds/whitelabelpay-ios-sdk.md lines 215-243).
WLP_MISSING = ("    notFound: { code: NOT_FOUND, status: 404 }\n", "    missingSubjectId: { code: DEVICE_NOT_ENROLLED, status: 403 }\n")
WLP_MISSING_USES = [("errors: [notFound]", "errors: [missingSubjectId]"), ("        status: 404\n        response: { code: NOT_FOUND }", "        status: 403\n        response: { code: DEVICE_NOT_ENROLLED }")]
case("seed-whitelabelpay-1.1.0-error-renamed", [("    notFound: { code: NOT_FOUND, status: 404 }\n", "    deviceNotEnrolled: { code: DEVICE_NOT_ENROLLED, status: 403, renamedFrom: missingSubjectId }\n"),
                                                ("errors: [notFound]", "errors: [deviceNotEnrolled]"), WLP_MISSING_USES[1]],
     ["error-case-renamed|error deviceNotEnrolled|compatible|breaking"],
     old_edits=[WLP_MISSING] + WLP_MISSING_USES,
     notes="WhitelabelPay 1.1.0 (whitelabelpay-ios-sdk.md line 219): missingSubjectId renamed to deviceNotEnrolled")
case("seed-whitelabelpay-1.1.0-error-removed", [("    tooMany: { code: TOO_MANY, status: 429 }\n", ""), ("    errors: [tooMany]\n", "")],
     ["error-case-removed|error failedToFetchPaymentToken|compatible|breaking", "operation-errors-changed|operation createItem|compatible|compatible"],
     old_edits=[("    tooMany: { code: TOO_MANY, status: 429 }\n", "    failedToFetchPaymentToken: { code: FAILED_TO_FETCH_PAYMENT_TOKEN, status: 502 }\n"), ("errors: [tooMany]", "errors: [failedToFetchPaymentToken]")],
     notes="WhitelabelPay 1.1.0 (whitelabelpay-ios-sdk.md line 221): failedToFetchPaymentToken removed")
WLP_108_OLD = ("    failureToRetrieveToken: { code: FAILURE_TO_RETRIEVE_PAYMENT_TOKEN, status: 502 }\n"
               "    identityRegistrationResponseError: { code: ENROLLMENT_ERROR, status: 422 }\n"
               "    deviceNotRegistered: { code: DEVICE_NOT_REGISTERED, status: 403 }\n"
               "    identityAuthorisationFailure: { code: IDENTITY_AUTHORISATION_FAILURE, status: 401 }\n")
WLP_108_NEW = ("    failureToRetrievePaymentToken: { code: FAILURE_TO_RETRIEVE_PAYMENT_TOKEN, status: 502, renamedFrom: failureToRetrieveToken }\n"
               "    enrollmentError: { code: ENROLLMENT_ERROR, status: 422, renamedFrom: identityRegistrationResponseError }\n")
case("seed-whitelabelpay-1.0.8-errors", [("    tooMany: { code: TOO_MANY, status: 429 }\n", "    tooMany: { code: TOO_MANY, status: 429 }\n" + WLP_108_NEW)],
     ["error-case-removed|error deviceNotRegistered|compatible|breaking", "error-case-removed|error identityAuthorisationFailure|compatible|breaking",
      "error-case-renamed|error failureToRetrievePaymentToken|compatible|breaking", "error-case-renamed|error enrollmentError|compatible|breaking"],
     old_edits=[("    tooMany: { code: TOO_MANY, status: 429 }\n", "    tooMany: { code: TOO_MANY, status: 429 }\n" + WLP_108_OLD)],
     notes="WhitelabelPay 1.0.8 (whitelabelpay-ios-sdk.md lines 237-241): failureToRetrieveToken and identityRegistrationResponseError renamed, deviceNotRegistered and identityAuthorisationFailure removed")
case("seed-finaptic-field-added", [("      note: { type: string, optional: true }\n      status: Status\n  NewItem:", "      note: { type: string, optional: true }\n      status: Status\n      authorizedUsers: { type: \"[string]\", optional: true }\n  NewItem:"),
                                   ("note: Bright, status: active }", "note: Bright, status: active, authorizedUsers: [u1] }")],
     ["field-added-optional|type Item.field authorizedUsers|compatible|compatible"], notes="Finaptic: responses gain optional fields")
case("seed-kdpay-field-added", [("      note: { type: string, optional: true }\n      status: Status\n  NewItem:", "      note: { type: string, optional: true }\n      status: Status\n      version: int\n  NewItem:"),
                                ("note: Bright, status: active }", "note: Bright, status: active, version: 2 }"),
                                ("note: Bright, status: active }\n        status: 201", "note: Bright, status: active, version: 2 }\n        status: 201")],
     ["field-added-required|type Item.field version|breaks-producers|breaking"], notes="KD Pay: drafts gain a required version")


# More of the changelogs' entries that touch what a schema describes (docs/SchemaDiff.md lists the ones
# that do not: SDK-side types, callbacks and on-device objects).
case("seed-whitelabelpay-1.1.0-error-added", [("    tooMany: { code: TOO_MANY, status: 429 }\n", "    tooMany: { code: TOO_MANY, status: 429 }\n    offlineTokenLimitReached: { code: OFFLINE_TOKEN_LIMIT_REACHED, status: 429 }\n")],
     ["error-case-added|error offlineTokenLimitReached|compatible|breaking"],
     notes="WhitelabelPay 1.1.0 (whitelabelpay-ios-sdk.md line 217): startMonitoringUpdates reports the new offlineTokenLimitReached error")
TENANT_HEADER = ("    query:\n      verbose: { type: bool, optional: true }\n", "    headers:\n      tenantId: { type: string, wire: X-Tenant-Id }\n    query:\n      verbose: { type: bool, optional: true }\n")
UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
case("seed-whitelabelpay-1.0.8-tenant-uuid", [("    query:\n      verbose: { type: bool, optional: true }\n", "    headers:\n      tenantId: { type: string, wire: X-Tenant-Id, pattern: \"" + UUID_PATTERN + "\" }\n    query:\n      verbose: { type: bool, optional: true }\n"),
                                               ("ALL:        path: { id: ", "        headers: { tenantId: 0f7e1b46-2297-4872-96ab-7c1d213e9f0a }\n        path: { id: ")],
     ["constraint-tightened|operation getItem.parameter tenantId|breaks-clients|compatible"],
     old_edits=[TENANT_HEADER, ("ALL:        path: { id: ", "        headers: { tenantId: acme }\n        path: { id: ")],
     notes="WhitelabelPay 1.0.8 (whitelabelpay-ios-sdk.md lines 225-228): tenantId (sent as X-Tenant-Id) must be a valid UUID")
case("seed-bsa-0.12.1-parameter-added", [("      verbose: { type: bool, optional: true }\n", "      verbose: { type: bool, optional: true }\n      timeZone: { type: string, optional: true }\n")],
     ["field-added-optional|operation getItem.parameter timeZone|compatible|compatible"],
     notes="BSA 0.12.1 (bsa-ios-sdk.md line 26): retrieveAuthHistory gains a TimeZone parameter (its name and type are ours: the change log gives neither)")
case("seed-bsa-0.11.6-error-added", [("    tooMany: { code: TOO_MANY, status: 429 }\n", "    tooMany: { code: TOO_MANY, status: 429 }\n    tokenExpired: { status: 401, statusFirst: true }\n")],
     ["error-case-added|error tokenExpired|compatible|breaking"],
     notes="BSA 0.11.6 (bsa-ios-sdk.md line 35): onTokenExpired added to the APIs that use the Access Token (Schemas/bsa.yaml: tokenExpired, status 401 first)")
STATUS_REASON = ("      note: { type: string, optional: true }\n      status: Status\n  NewItem:", "      note: { type: string, optional: true }\n      status: Status\n      requestStatusReason: { type: string, optional: true }\n  NewItem:")
case("seed-finaptic-field-deprecated", [("      note: { type: string, optional: true }\n      status: Status\n  NewItem:", "      note: { type: string, optional: true }\n      status: Status\n      requestStatusReason: { type: string, optional: true, deprecated: Use requestReasonCodes instead. }\n      requestReasonCodes: { type: \"[string]\", optional: true }\n  NewItem:")],
     ["deprecated|type Item.field requestStatusReason|compatible|compatible", "field-added-optional|type Item.field requestReasonCodes|compatible|compatible"],
     old_edits=[STATUS_REASON],
     notes="Finaptic (finaptic-ios-sdk.md line 205): requestStatusReason deprecated for requestReasonCodes (Schemas/finaptic.yaml)")


# The start every small schema shares: one local environment, one error case, its body.
SMALL_SCHEMA_HEADER = """api: Corpus
version: "1.0"
environments:
  local:
    url: "http://{host}"
    variables:
      host: { default: "127.0.0.1:8080" }
errors:
  body: ErrorBody
  code: code
  cases:
    notFound: { code: NOT_FOUND, status: 404 }
types:
  ErrorBody:
    fields:
      code: string
"""

# Unions and pagination, on a second small schema (their own modules in the proof package).
UNION_BASE = SMALL_SCHEMA_HEADER + """  Card:
    fields:
      number: string
  Bank:
    fields:
      iban: string
  Means:
    union:
      discriminator: kind
      variants:
        card: Card
        bank: Bank
  MeansPage:
    fields:
      items: "[Means]"
      next: { type: string, optional: true }
operations:
  listMeans:
    http: GET /means
    query:
      cursor: { type: string, optional: true }
    response: MeansPage
    examples:
      ok:
        response: { items: [{ kind: card, number: "4111" }, { kind: bank, iban: DE00 }] }
"""
union_cases = {}
def union_case(name, new_edits, expected, old_edits=()):
    union_cases[name] = (old_edits, new_edits, expected, "", UNION_BASE)
union_case("union-variant-added", [("        bank: Bank\n", "        bank: Bank\n        wallet: Card\n"),
                                   ("{ kind: bank, iban: DE00 }]", "{ kind: bank, iban: DE00 }, { kind: wallet, number: \"5500\" }]")],
           ["union-variant-added|type Means.variant wallet|compatible|breaking"])
# An untagged union's variant may be any type (issue 27 line 3): adding a list beside a string is the same
# rule and verdict as adding a struct to a tagged union (deployed clients keep the new shape as .undocumented).
STOP_UNION = ("  MeansPage:\n", "  Stop:\n    union:\n      variants:\n        single: string\n  MeansPage:\n")
STOP_FIELD = ("      next: { type: string, optional: true }\n", "      next: { type: string, optional: true }\n      stop: { type: Stop, optional: true }\n")
union_case("union-variant-added-untagged", [STOP_UNION, STOP_FIELD, ("        single: string\n", "        single: string\n        several: \"[string]\"\n")],
           ["union-variant-added|type Stop.variant several|compatible|breaking"], old_edits=[STOP_UNION, STOP_FIELD])
# Structs told apart by a constant (issue 27 line 3): the union is unchanged, but the constant that chooses
# a variant is another value, so each side's payloads reach the other's clients as .undocumented.
TOOL_TYPES = ("  MeansPage:\n", "  CodeType: { enum: [code] }\n  FileType: { enum: [file] }\n  CodeTool:\n    fields:\n      type: CodeType\n"
              "  FileTool:\n    fields:\n      type: FileType\n  Tool:\n    union:\n      variants:\n        code: CodeTool\n        file: FileTool\n  MeansPage:\n")
TOOL_FIELD = ("      next: { type: string, optional: true }\n", "      next: { type: string, optional: true }\n      tool: { type: Tool, optional: true }\n")
# The examples carry a tool both ways: an answer (each side's clients read the other's as .undocumented) and
# a request body (each side's server rejects the other's constant).
TOOL_EXAMPLE = ("{ kind: bank, iban: DE00 }] }", "{ kind: bank, iban: DE00 }], tool: { type: code } }")
TOOL_OPERATION = ("operations:\n", "operations:\n  useTool:\n    http: POST /tools\n    body: Tool\n    examples:\n      code:\n        status: 200\n"
                  "        request: { type: code }\n")
union_case("union-variant-constant-changed",
           [TOOL_TYPES, TOOL_FIELD, TOOL_EXAMPLE, TOOL_OPERATION, ("  CodeType: { enum: [code] }\n", "  CodeType: { enum: { code: script } }\n"),
            ("tool: { type: code } }", "tool: { type: script } }"), ("request: { type: code }", "request: { type: script }")],
           ["enum-case-value-changed|type CodeType.case code|breaks-both|compatible",
            "union-variant-constant-changed|type Tool.variant code|breaks-both|compatible"], old_edits=[TOOL_TYPES, TOOL_FIELD, TOOL_EXAMPLE, TOOL_OPERATION])
union_case("union-variant-removed", [("        bank: Bank\n", ""), (", { kind: bank, iban: DE00 }]", "]")],
           ["union-variant-removed|type Means.variant bank|compatible|breaking"])
union_case("pagination-added", [("    response: MeansPage\n", "    response: MeansPage\n    paginate: { style: cursor, items: items, cursor: cursor, next: next }\n")],
           ["pagination-added|operation listMeans|compatible|compatible"])
union_case("pagination-removed", [],
           ["pagination-removed|operation listMeans|compatible|breaking"],
           old_edits=[("    response: MeansPage\n", "    response: MeansPage\n    paginate: { style: cursor, items: items, cursor: cursor, next: next }\n")])
# Both schemas have `cursor` and `after`; only which one carries the next page's cursor changes. A client
# that sends the other one gets the first page again (the proof follows every page).
PAGE_PARAMS = ("      cursor: { type: string, optional: true }\n", "      cursor: { type: string, optional: true }\n      after: { type: string, optional: true }\n")
union_case("pagination-changed", [PAGE_PARAMS, ("    response: MeansPage\n", "    response: MeansPage\n    paginate: { style: cursor, items: items, cursor: after, next: next }\n")],
           ["pagination-changed|operation listMeans|breaks-both|breaking"],
           old_edits=[PAGE_PARAMS, ("    response: MeansPage\n", "    response: MeansPage\n    paginate: { style: cursor, items: items, cursor: cursor, next: next }\n")])
union_case("union-variant-renamed", [("        card: Card\n", "        creditCard: { type: Card, value: card, renamedFrom: card }\n")],
           ["union-variant-renamed|type Means.variant creditCard|compatible|breaking"])
union_case("union-discriminator-changed", [("discriminator: kind", "discriminator: type"), ("ALL:{ kind: ", "{ type: ")],
           ["union-discriminator-changed|type Means|breaks-both|compatible"])
union_case("union-variant-changed", [("        bank: Bank\n", "        bank: Card\n"), ("{ kind: bank, iban: DE00 }", "{ kind: bank, number: \"0000\" }")],
           ["union-variant-changed|type Means.variant bank|breaks-both|breaking"])

# BSA 0.11.1 (bsa-ios-sdk.md lines 42-43): requestOTPNumberSend renamed to requestSendOTPNumber, which gains
# a bundleIdentifier. Cut from Schemas/bsa.yaml (OTPSendType, OTPSendRequest and the operation, without docs;
# the enum cases spelled as the generated Swift names them, since the proof's caller uses schema names;
# `status: 200` because the sandbox selects no request-only example by X-Sandbox-Example).
BSA_BASE = SMALL_SCHEMA_HEADER + """  OTPSendType:
    enum:
      email: Email
      sms: SMS
  OTPSendRequest:
    fields:
      sendType: OTPSendType
      sendTarget: string
      clientKey: { type: string, secret: true }
operations:
  requestOTPNumberSend:
    http: POST /otp/send
    body: OTPSendRequest
    examples:
      email:
        status: 200
        request: { sendType: Email, sendTarget: user@email.com, clientKey: a1hrg2xv }
"""
union_cases["seed-bsa-0.11.1-operation-renamed"] = ((), [("  requestOTPNumberSend:\n", "  requestSendOTPNumber:\n    renamedFrom: requestOTPNumberSend\n"),
                                                        ("      clientKey: { type: string, secret: true }\n", "      clientKey: { type: string, secret: true }\n      bundleIdentifier: string\n"),
                                                        ("clientKey: a1hrg2xv }", "clientKey: a1hrg2xv, bundleIdentifier: com.your.app }")],
     ["field-added-required|type OTPSendRequest.field bundleIdentifier|breaks-clients|breaking", "operation-renamed|operation requestSendOTPNumber|compatible|breaking"],
     "BSA 0.11.1 (bsa-ios-sdk.md lines 42-43): requestOTPNumberSend renamed to requestSendOTPNumber, which gains a bundleIdentifier", BSA_BASE)
if os.path.exists(ROOT): shutil.rmtree(ROOT)
os.makedirs(ROOT)
for name, (old_edits, new_edits, expected, notes, base) in [(k, v + (BASE,)) for k, v in cases.items()] + list(union_cases.items()):
    d = os.path.join(ROOT, name); os.makedirs(d)
    old = rep(base, old_edits); new = rep(base, new_edits)
    if name != "identical": assert old != new, name
    # Editors check the pair against the language's meta-schema (docs/SchemaLanguage.md, "Editor support").
    editor_line = "# yaml-language-server: $schema=../../../../Schemas/schema-language.schema.json\n"
    open(os.path.join(d, "old.yaml"), "w").write(editor_line + old)
    open(os.path.join(d, "new.yaml"), "w").write(editor_line + new)
    lines = ["# rule|subject|wire|source, one line per expected change, in report order"]
    if notes: lines.insert(0, "# " + notes)
    open(os.path.join(d, "expected.txt"), "w").write("\n".join(lines + expected) + "\n")
print(len(cases) + len(union_cases))
