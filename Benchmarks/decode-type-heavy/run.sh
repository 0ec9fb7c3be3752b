#!/usr/bin/env bash
# Decoding throughput of the generated models on a type-heavy payload against hand-written Codable (issue 29
# line 2: >= 0.95x, "re-measured on a type-heavy payload too"; Benchmarks/README.md, "Decoding a type-heavy
# payload").
#
#   Benchmarks/decode-type-heavy/run.sh             build, check both decode the same, time them
#   Benchmarks/decode-type-heavy/run.sh callgrind   ... and count instructions per pull request
#
# The payload is GitHub's: the pull-request example of the corpus's github-ghes-3.0 document (a pull request
# with its user, labels, milestone, head and base with their repositories, owners and permissions, links),
# PAGE (default 200) times with ids and numbers varied, as a list. The generated models are those of the
# document's imported `PullRequest` and the 22 types it reaches (trim-schema.py), the hand-written ones the
# same stored properties with synthesized Codable (hand-written.py). Everything is built as a release
# build would be (`-O`, whole module), one module per piece as in an app: WireFormat and ClientRuntime from
# this tree, the generated models, the hand-written ones. Needs `client-generator` (GENERATOR, default
# .build/debug/client-generator). Work folder: $WORK (default .build-compile-bench/decode-type-heavy).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/Benchmarks/decode-type-heavy
work=${WORK:-$root/.build-compile-bench/decode-type-heavy}
generator=${GENERATOR:-$root/.build/debug/client-generator}
document=$root/Tests/Fixtures/OpenAPICorpus/github-ghes-3.0.yaml
mkdir -p "$work"
cd "$work"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"

"$generator" import "$document" --output github.yaml --quiet
python3 "$here/trim-schema.py" github.yaml PullRequest type-heavy.yaml
rm -rf generated
"$generator" generate type-heavy.yaml --output generated >/dev/null
python3 "$here/hand-written.py" generated HandWritten.swift
python3 - "$document" "${PAGE:-200}" <<'PY'
import copy, json, sys, yaml
example = yaml.safe_load(open(sys.argv[1]))["components"]["examples"]["pull-request"]["value"]
page = []
for index in range(int(sys.argv[2])):
    item = copy.deepcopy(example)
    item["id"], item["number"], item["title"] = index + 1, 1000 + index, f"{example['title']} #{index}"
    page.append(item)
json.dump(page, open("page.json", "w"), default=str)
PY

library() { # library NAME FILES...: a static library and its module, -O whole-module
    local name=$1
    shift
    swiftc -O -wmo -parse-as-library -swift-version 6 -module-name "$name" -emit-library -static -emit-module \
        -I . "$@" -o "lib$name.a"
}
library WireFormat "$root"/Sources/WireFormat/*.swift
library ClientRuntime "$root"/Sources/ClientRuntime/*.swift
library TypeHeavy generated/*.swift
library HandWritten HandWritten.swift
swiftc -O -swift-version 6 -module-name DecodeTypeHeavy -I . -L . -lTypeHeavy -lHandWritten -lClientRuntime -lWireFormat \
    "$here/bench.swift" -o decode-type-heavy
./decode-type-heavy check
./decode-type-heavy time
if [ "${1:-}" = callgrind ]; then
    # Instructions per pull request: one decode of the page minus a run that only reads it.
    count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null ./decode-type-heavy once "$1" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
    none=$(count none)
    for model in hand-written generated; do
        echo "$model: $(( ($(count "$model") - none) / ${PAGE:-200} )) instructions per pull request (callgrind)"
    done
fi
