#!/usr/bin/env python3
"""Prints an OpenAPI document's operation count (paths x methods, the corpus README's count) and its
number of components.schemas, space-separated: the "document" side of Benchmarks/compile/run.sh's
operations-kept and types columns.

    Benchmarks/compile/openapi-counts.py Tests/Fixtures/OpenAPICorpus/openai.yaml    ->  57 ...
"""
import json
import sys

path = sys.argv[1]
text = open(path, encoding="utf-8").read()
if path.endswith(".json"):
    document = json.loads(text)
else:
    import yaml

    document = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
methods = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
operations = sum(
    len(methods & set(item)) for item in (document.get("paths") or {}).values() if isinstance(item, dict)
)
schemas = len((document.get("components") or {}).get("schemas") or {})
print(operations, schemas)
