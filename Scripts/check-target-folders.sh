#!/usr/bin/env bash
# Every target's folder is its name (ARCHITECTURE.md, "The folders"): the last component of each target's
# path in Package.swift equals the target's name exactly, so `swift run schema-check` is built from a
# folder named schema-check and a module's tests are found in Tests/<Module>Tests. Prints each target
# that breaks the rule and exits 1; exits 0 when every target keeps it. Run by CI (.ci/run).
#
# Usage: Scripts/check-target-folders.sh [package folder, default: this repository]
set -euo pipefail
package=${1:-"$(dirname "$0")/.."}
# A scratch folder of its own, so the check neither waits for nor disturbs a build in progress.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
swift package --package-path "$package" --scratch-path "$scratch" dump-package >"$scratch/package.json"
python3 - "$scratch/package.json" <<'PY'
import json, sys
targets = json.load(open(sys.argv[1]))["targets"]
# A target without `path:` lives in Sources/<name> (Tests/<name>, Plugins/<name>): its name by construction.
wrong = [(t["name"], t["path"]) for t in targets if t.get("path") and t["path"].rstrip("/").split("/")[-1] != t["name"]]
for name, path in wrong:
    print(f"Package.swift: target '{name}' lives in '{path}'; its folder must be named '{name}'", file=sys.stderr)
if wrong:
    sys.exit(1)
print(f"target folders: all {len(targets)} targets live in a folder named after them")
PY
