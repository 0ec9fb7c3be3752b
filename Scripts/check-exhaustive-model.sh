#!/usr/bin/env bash
# The scripted experiment behind CONTRIBUTING.md, "The compiler enforces the checklist": it adds a new
# case to central enums of the schema model (and a new stored field to a model struct), one at a time,
# builds every target in Generator/ and Sources/ that links SchemaModel, counts the modules and files that
# no longer compile, and restores the model. Nothing else in the tree is edited.
#
# Usage: Scripts/check-exhaustive-model.sh [experiment ...]   (default: all; names below)
#
# The builds use their own scratch folder (.build-exhaustive, git-ignored with .build*) and the frontend
# flag -experimental-allow-module-with-compiler-errors: a module whose switches no longer compile still
# emits its interface, so the modules that depend on it are type-checked too and report their own
# errors instead of stopping at the first broken module. The first run builds the dependencies
# (Yams, swift-argument-parser, Hummingbird's stack for the sandbox): several minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-exhaustive
backup=$(mktemp -d)
cp Generator/SchemaModel/Schema.swift Generator/SchemaModel/RequestShapes.swift "$backup/"
restore() {
    cp "$backup/Schema.swift" "$backup/RequestShapes.swift" Generator/SchemaModel/
    rm -rf "$backup"
}
trap restore EXIT

# name|file|line after which the new member goes (must occur exactly once)|the new member
experiments=(
    "baseline (model unchanged)|||"
    "TypeDefinition.Kind|Generator/SchemaModel/Schema.swift|        case alias(TypeReference, Constraints)|        case experimentalKind"
    "TypeReference|Generator/SchemaModel/Schema.swift|    case map(key: MapKey, value: TypeReference)|    case experimentalReference"
    "AuthScheme.Kind|Generator/SchemaModel/Schema.swift|        case basic|        case experimentalAuth"
    "Pagination.Style|Generator/SchemaModel/Schema.swift|        case page, token, cursor|        case experimentalStyle"
    "BodyEncoding|Generator/SchemaModel/RequestShapes.swift|    case raw|    case experimentalEncoding"
    "Pagination field|Generator/SchemaModel/Schema.swift|    public var last: String?|    public var experimentalField: Int"
    "Pagination field with default|Generator/SchemaModel/Schema.swift|    public var last: String?|    public var experimentalField: Int = 0"
)

# The targets under Generator/ and Sources/ whose dependencies reach SchemaModel, and each target's folder.
targets=$(swift package dump-package 2>/dev/null | python3 -c '
import json, sys
package = json.load(sys.stdin)
byName = {t["name"]: t for t in package["targets"]}
def deps(t):
    for d in t.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in d and d[kind][0] in byName: yield d[kind][0]
def reaches(name, goal, seen=()):
    return goal(byName[name]) or any(reaches(d, goal, seen + (name,)) for d in deps(byName[name]) if d not in seen)
for t in package["targets"]:
    path = t.get("path") or ""
    if t["type"] not in ("regular", "executable") or path.split("/")[0] not in ("Generator", "Sources"): continue
    # The demos link generated API modules, which need a working generator to build at all; they read the
    # model only through DemoSupport and the sandbox, which are listed themselves.
    if reaches(t["name"], lambda u: u["name"] == "SchemaModel") and not reaches(t["name"], lambda u: u.get("pluginUsages")):
        print(t["name"], path)
')

selected=("$@")
printf '%-30s %8s %6s %7s  %s\n' "experiment" "modules" "files" "errors" "modules that fail to compile"
for experiment in "${experiments[@]}"; do
    IFS='|' read -r name file anchor member <<<"$experiment"
    if ((${#selected[@]})); then
        wanted=0
        for choice in "${selected[@]}"; do [[ "$choice" == "$name" ]] && wanted=1; done
        ((wanted)) || continue
    fi
    cp "$backup/Schema.swift" "$backup/RequestShapes.swift" Generator/SchemaModel/
    [[ -z "$file" ]] || python3 - "$file" "$anchor" "$member" <<'EOF'
import sys
path, anchor, member = sys.argv[1:]
lines = open(path).read().split("\n")
hits = [i for i, line in enumerate(lines) if line == anchor]
if len(hits) != 1:
    sys.exit(f"{path}: the anchor line {anchor!r} occurs {len(hits)} times, expected once")
lines.insert(hits[0] + 1, member)
open(path, "w").write("\n".join(lines))
EOF
    log="$scratch/experiment-${name// /-}.log"
    mkdir -p "$scratch"
    : >"$log"
    while read -r target _; do
        swift build --scratch-path "$scratch" --target "$target" \
            -Xswiftc -Xfrontend -Xswiftc -experimental-allow-module-with-compiler-errors >>"$log" 2>&1 || true
    done <<<"$targets"
    # Each error once (a file's errors can be printed by several builds), attributed to its target's folder.
    TARGETS="$targets" python3 - "$name" "$log" "$PWD" <<'EOF'
import os, re, sys
name, log, root = sys.argv[1:]
folders = [line.split(" ", 1) for line in os.environ["TARGETS"].strip().split("\n")]
errors = set()
for line in open(log, errors="replace"):
    m = re.match(r"(/\S+\.swift):(\d+):(\d+): error: (.*)", line)
    if m: errors.add((m.group(1).removeprefix(root + "/"), int(m.group(2)), m.group(4)))
modules = {}
for file, line, message in errors:
    module = next((target for target, folder in folders if file.startswith(folder + "/")), "?")
    modules.setdefault(module, set()).add(file)
files = {file for file, _, _ in errors}
print(f"{name:30} {len(modules):8} {len(files):6} {len(errors):7}  {', '.join(sorted(modules)) or '(everything compiles)'}")
with open(log + ".errors", "w") as out:
    for file, line, message in sorted(errors):
        print(f"{file}:{line}: {message}", file=out)
EOF
done
echo "(the model is restored; each experiment's errors are in $scratch/experiment-*.log.errors)"
