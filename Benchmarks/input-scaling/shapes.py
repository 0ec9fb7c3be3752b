#!/usr/bin/env python3
"""Writes a schema of one shape grown to a size (Benchmarks/input-scaling/run.sh).

    shapes.py SHAPE SIZE SCHEMA PAYLOAD   # writes SCHEMA, and PAYLOAD: a JSON value of the type it prints

Each shape grows one thing a vendor document can have many of, so that a tool whose time grows faster
than the input shows on it. Prints the name of the type that PAYLOAD is a valid value of.
"""
import json
import sys

HEAD = 'api: Scale\nversion: "1"\nenvironments:\n  production:\n    url: "http://127.0.0.1"\n'


def structs(n):
    """n structs, each holding the one before it (optional, and in a list)."""
    types = ["  T0:\n    fields:\n      a: string\n"]
    types += [f'  T{i}:\n    fields:\n      a: string\n      b: {{ type: T{i - 1}, optional: true }}\n      c: "[T{i - 1}]"\n' for i in range(1, n)]
    operations = [f"  get:\n    http: GET /t\n    response: T{n - 1}\n"]
    return types, operations, "", f"T{n - 1}", {"a": "x", "c": []}


def fields(n):
    """One struct of n optional fields."""
    types = ["  Big:\n    fields:\n" + "".join(f"      f{i}: {{ type: int, optional: true }}\n" for i in range(n))]
    return types, ["  get:\n    http: GET /t\n    response: Big\n"], "", "Big", {"f1": 1}


def cases(n):
    """One enum of n cases, used by a field."""
    types = ["  E:\n    enum: [" + ", ".join(f"v{i}" for i in range(n)) + "]\n", "  H:\n    fields:\n      e: E\n"]
    return types, ["  get:\n    http: GET /t\n    response: H\n"], "", "H", {"e": "v1"}


def variants(n):
    """One tagged union of n struct variants."""
    types = [f"  V{i}:\n    fields:\n      k{i}: string\n" for i in range(n)]
    types.append("  U:\n    union:\n      discriminator: kind\n      variants:\n" + "".join(f"        v{i}: V{i}\n" for i in range(n)))
    return types, ["  get:\n    http: GET /t\n    response: U\n"], "", "U", {"kind": "v1", "k1": "x"}


def aliases(n):
    """A chain of n aliases, the last nullable, used by a field."""
    types = [f"  A{i}:\n    type: A{i + 1}\n" for i in range(n)]
    types += [f"  A{n}:\n    type: string\n    nullable: true\n", "  H:\n    fields:\n      a: A0\n"]
    return types, ["  get:\n    http: GET /t\n    response: H\n"], "", "H", {"a": None}


def operations(n):
    """n operations, each with a path and a query parameter."""
    ops = [f"  op{i}:\n    http: GET /r{i}/{{id}}\n    path:\n      id: string\n    query:\n      q: {{ type: string, optional: true }}\n    response: R\n" for i in range(n)]
    return ["  R:\n    fields:\n      a: string\n"], ops, "", "R", {"a": "x"}


def errors(n):
    """An error catalogue of n cases, each with its own code."""
    catalogue = "errors:\n  body: EB\n  code: code\n  cases:\n" + "".join(f'    e{i}:\n      status: {400 + i % 100}\n      code: "C{i}"\n' for i in range(n))
    types = ["  R:\n    fields:\n      a: string\n", "  EB:\n    fields:\n      code: string\n"]
    return types, ["  get:\n    http: GET /t\n    response: R\n"], catalogue, "R", {"a": "x"}


SHAPES = {shape.__name__: shape for shape in (structs, fields, cases, variants, aliases, operations, errors)}

if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--list":
        print(" ".join(SHAPES))
        sys.exit(0)
    if len(sys.argv) != 5 or sys.argv[1] not in SHAPES:
        sys.exit(f"usage: shapes.py {{{'|'.join(SHAPES)}}} SIZE SCHEMA PAYLOAD, or shapes.py --list")
    types, ops, catalogue, type_name, payload = SHAPES[sys.argv[1]](int(sys.argv[2]))
    with open(sys.argv[3], "w") as schema:
        schema.write(HEAD + catalogue + "types:\n" + "".join(types) + "operations:\n" + "".join(ops))
    with open(sys.argv[4], "w") as value:
        json.dump(payload, value)
    print(type_name)
