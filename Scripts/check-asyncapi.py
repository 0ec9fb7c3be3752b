#!/usr/bin/env python3
"""Checks AsyncAPI 3.0 documents (`client-generator export --format asyncapi`) with the reference models PyPI
has: pydantic-asyncapi's v3 model and asyncapi-python-parser-jonaslagoni's 3.0.0 model (generated from the
specification's JSON Schema) read the document, each payload schema (`components.schemas`, AsyncAPI Schema
objects: a superset of JSON Schema draft 07) passes jsonschema's draft-07 meta-schema check, and every local
`$ref` resolves. pydantic-asyncapi's own Schema model is not applied to the payload schemas: it takes only
strings in `enum`, which JSON Schema does not require (an integer enum is valid). No PyPI package bundles
the specification's JSON Schema itself. Usage: Scripts/check-asyncapi.py doc.json..."""
import copy
import json
import sys

from jsonschema import Draft7Validator

from asyncapi_python_parser_jonaslagoni.models.asyncapi_3_0_0.AsyncApi3Dot0Dot0SchemaDot import AsyncApi3Dot0Dot0SchemaDot
from pydantic_asyncapi import AsyncAPI


def refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


def resolve(document, ref):
    assert ref.startswith("#/"), f"not a local reference: {ref}"
    node = document
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        assert isinstance(node, dict) and part in node, f"unresolved reference: {ref}"
        node = node[part]


failed = False
for path in sys.argv[1:]:
    with open(path) as file:
        document = json.load(file)
    try:
        assert document.get("asyncapi") == "3.0.0", "not an AsyncAPI 3.0.0 document"
        for name, schema in document.get("components", {}).get("schemas", {}).items():
            Draft7Validator.check_schema(schema)
        outline = copy.deepcopy(document)
        outline.get("components", {})["schemas"] = {}
        parsed = AsyncAPI.model_validate(outline)
        model = getattr(parsed, "root", parsed)
        assert type(model).__module__.endswith("v3"), f"read as {type(model).__module__}, not AsyncAPI 3"
        AsyncApi3Dot0Dot0SchemaDot(document)
        for ref in refs(document):
            resolve(document, ref)
        print(f"{path}: valid AsyncAPI 3.0.0")
    except Exception as error:  # every failure is reported, then the exit status says it
        failed = True
        print(f"{path}: INVALID: {error}")
sys.exit(1 if failed else 0)
