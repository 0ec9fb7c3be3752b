#!/usr/bin/env python3
"""Writes a synthetic API of N operations in the schema language (default 100) to standard output.

Deterministic: the same N gives the same bytes. The API is N/5 resources, each with the five
operations a REST resource usually has (list with paging and filters, get, create, update, delete),
so its shape is what vendor APIs look like: objects with required and optional (some nullable)
fields, string enums, arrays of nested objects, dates, path and query parameters, request bodies and
an error catalogue every operation names a part of. N that is not a multiple of 5 drops the last
resource's trailing operations.

    Benchmarks/compile/make-api.py 100 > /tmp/synthetic-100.yaml
"""
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
resources = (count + 4) // 5
nouns = ["Account", "Invoice", "Order", "Customer", "Payment", "Refund", "Product", "Shipment", "Ticket", "Report"]


def name(index):
    return "%s%d" % (nouns[index % len(nouns)], index // len(nouns) + 1)


out = []
w = out.append
w("# Synthetic API of %d operations made by Benchmarks/compile/make-api.py; do not edit." % count)
w("api: Synthetic")
w("version: 1.0.0")
w("summary: A synthetic API for compile-time benchmarks (%d operations)." % count)
w("")
w("environments:")
w("  production:")
w("    docs: The production host.")
w('    url: "https://api.example.com/v1"')
w("")
w("auth:")
w("  bearer:")
w("    kind: bearer")
w("    docs: An OAuth access token.")
w("defaultAuth: bearer")
w("")
w("errors:")
w("  docs: Errors every endpoint may answer.")
w("  body: ErrorBody")
w("  code: code")
w("  cases:")
errors = [("invalidRequest", "INVALID_REQUEST", 400, False), ("unauthorized", "UNAUTHORIZED", 401, False),
          ("forbidden", "FORBIDDEN", 403, False), ("notFound", "NOT_FOUND", 404, False),
          ("conflict", "CONFLICT", 409, False), ("rateLimited", "RATE_LIMITED", 429, True),
          ("serverError", "SERVER_ERROR", 500, True), ("unavailable", "UNAVAILABLE", 503, True)]
for case, code, status, retryable in errors:
    w("    %s:" % case)
    w("      code: %s" % code)
    w("      status: %d" % status)
    if retryable:
        w("      retryable: true")
    w("      docs: The server answered %s (HTTP %d)." % (code, status))
w("")
w("types:")
w("  ErrorBody:")
w("    docs: The body of every error response.")
w("    fields:")
w("      code: { type: string, docs: The machine-readable error code. }")
w("      message: { type: string, docs: A message for developers. }")
w("      requestId: { type: string, optional: true, docs: The id to quote to support. }")
w("      details: { type: \"[string]\", optional: true, docs: Per-field problems. }")
for index in range(resources):
    noun = name(index)
    w("")
    w("  %sStatus:" % noun)
    w("    docs: The lifecycle state of a %s." % noun)
    w("    enum:")
    for value in ["draft", "active", "suspended", "closed"]:
        w("      %s: { value: %s, docs: The %s is %s. }" % (value, value.upper(), noun, value))
    w("  %sLine:" % noun)
    w("    docs: One line of a %s." % noun)
    w("    fields:")
    w("      sku: { type: string, minLength: 1, docs: The stock keeping unit. }")
    w("      quantity: { type: int32, minimum: 1, docs: How many. }")
    w("      unitPrice: { type: decimal, minimum: 0, docs: The price of one unit. }")
    w("      note: { type: string, optional: true, docs: A free-text note. }")
    w("  %s:" % noun)
    w("    docs: A %s as the server stores it." % noun)
    w("    fields:")
    w("      id: { type: uuid, docs: The identifier. }")
    w("      status: { type: %sStatus, docs: The state. }" % noun)
    w("      displayName: { type: string, minLength: 1, maxLength: 200, docs: The name shown to people. }")
    w("      createdAt: { type: date-time, docs: When it was created. }")
    w("      updatedAt: { type: date-time, optional: true, docs: When it last changed. }")
    w("      amount: { type: decimal, optional: true, docs: The total amount. }")
    w("      currency: { type: string, optional: true, pattern: \"^[A-Z]{3}$\", docs: The ISO 4217 currency. }")
    w("      lines: { type: \"[%sLine]\", docs: The lines. }" % noun)
    w("      tags: { type: \"[string]\", optional: true, docs: Labels. }")
    w("      externalReference: { type: string, optional: true, nullable: true, docs: The caller's own id. }")
    w("      archived: { type: bool, optional: true, docs: Whether it is archived. }")
    w("  %sCreate:" % noun)
    w("    docs: What creating a %s needs." % noun)
    w("    fields:")
    w("      displayName: { type: string, minLength: 1, maxLength: 200, docs: The name shown to people. }")
    w("      currency: { type: string, optional: true, pattern: \"^[A-Z]{3}$\", docs: The ISO 4217 currency. }")
    w("      lines: { type: \"[%sLine]\", docs: The lines. }" % noun)
    w("      tags: { type: \"[string]\", optional: true, docs: Labels. }")
    w("      externalReference: { type: string, optional: true, docs: The caller's own id. }")
    w("  %sUpdate:" % noun)
    w("    docs: The changes to a %s; absent fields stay unchanged." % noun)
    w("    fields:")
    w("      displayName: { type: string, optional: true, minLength: 1, docs: The new name. }")
    w("      status: { type: %sStatus, optional: true, docs: The new state. }" % noun)
    w("      tags: { type: \"[string]\", optional: true, docs: The new labels. }")
    w("  %sPage:" % noun)
    w("    docs: One page of %ss." % noun)
    w("    fields:")
    w("      items: { type: \"[%s]\", docs: The items on this page. }" % noun)
    w("      total: { type: int64, minimum: 0, docs: How many there are in all. }")
    w("      nextCursor: { type: string, optional: true, docs: Pass it as `cursor` for the next page. }")
w("")
w("operations:")
emitted = 0
for index in range(resources):
    noun = name(index)
    path = "/%ss" % noun.lower()
    operations = [
        ("list%ss" % noun, "GET %s" % path, None, "%sPage" % noun, ["invalidRequest", "unauthorized", "rateLimited", "serverError"]),
        ("get%s" % noun, "GET %s/{id}" % path, None, noun, ["unauthorized", "notFound", "rateLimited", "serverError"]),
        ("create%s" % noun, "POST %s" % path, "%sCreate" % noun, noun, ["invalidRequest", "unauthorized", "conflict", "serverError"]),
        ("update%s" % noun, "PATCH %s/{id}" % path, "%sUpdate" % noun, noun, ["invalidRequest", "notFound", "conflict", "serverError"]),
        ("delete%s" % noun, "DELETE %s/{id}" % path, None, None, ["unauthorized", "forbidden", "notFound", "unavailable"]),
    ]
    for operation, http, body, response, errs in operations:
        if emitted == count:
            break
        emitted += 1
        w("  %s:" % operation)
        w("    docs: %s (%s)." % (operation, http))
        w("    http: %s" % http)
        if "{id}" in http:
            w("    path:")
            w("      id: { type: uuid, docs: The identifier. }")
        if operation.startswith("list"):
            w("    query:")
            w("      status: { type: %sStatus, optional: true, docs: Only items in this state. }" % noun)
            w("      cursor: { type: string, optional: true, docs: Where the page starts. }")
            w("      limit: { type: int32, default: 20, minimum: 1, maximum: 100, docs: The page size. }")
            w("      tag: { type: \"[string]\", optional: true, docs: Only items with all these labels. }")
        if body:
            w("    body: %s" % body)
        if response:
            w("    response: %s" % response)
        else:
            w("    status: 204")
        if operation.startswith("create"):
            w("    status: 201")
        w("    errors: [%s]" % ", ".join(errs))
print("\n".join(out))
