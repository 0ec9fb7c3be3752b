#!/usr/bin/env bash
# A minimal reproduction of SwiftPM's slow no-op builds with a build-tool plugin (issue 29 line 3;
# docs/Plugin.md, "Slow no-op builds after `cd`").
#
#   Benchmarks/plugin-env-repro.sh
#
# Writes, in a temporary folder, a package of three targets and nothing of this repository's: an executable
# `Tool` that writes one Swift file, a build-tool plugin `Gen` that runs it, and a library `Lib` that uses the
# plugin. It builds the package once, then builds it again, with nothing changed, in four ways, and prints
# for each the steps SwiftPM ran:
#
#   1. the same environment as the build before          expected and seen: nothing runs
#   2. one more environment variable (FOO=1)              seen: Tool linked twice, the plugin's command rerun
#   3. `cd` to another folder and back (OLDPWD changes)   seen: the same
#   4. as 3, with `env -u OLDPWD swift build` both times  seen: nothing runs (the workaround)
#
# SwiftPM plans the build again whenever the process environment differs from the last build's, and a
# planned build builds the plugin's tool twice: once in .build/plugin-tools.db, before it runs the plugin,
# and once in .build/build.db. The two databases record the same output files, so each sees the other's
# link as a change: the tool is relinked in both (with every C file of its dependencies compiled again,
# which for this repository's generator is Yams' libyaml) and every command of the plugin runs again.
# Exits 1 when case 1 or 4 ran a step, or when 2 or 3 did not (SwiftPM fixed: update the docs).
set -euo pipefail
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
package=$dir/repro
mkdir -p "$package/Sources/Tool" "$package/Sources/Lib" "$package/Plugins/Gen" "$dir/elsewhere"
cat >"$package/Package.swift" <<'EOF'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "repro", targets: [
    .executableTarget(name: "Tool"),
    .plugin(name: "Gen", capability: .buildTool(), dependencies: ["Tool"]),
    .target(name: "Lib", plugins: ["Gen"]),
])
EOF
cat >"$package/Sources/Tool/main.swift" <<'EOF'
import Foundation
// Writes the file only when it differs, as a generator should, so a rerun recompiles nothing.
let path = CommandLine.arguments[1], text = "public let generated = 1\n"
if (try? String(contentsOfFile: path, encoding: .utf8)) != text {
    try! text.write(toFile: path, atomically: true, encoding: .utf8)
}
EOF
echo 'public let handWritten = 1' >"$package/Sources/Lib/Lib.swift"
cat >"$package/Plugins/Gen/plugin.swift" <<'EOF'
import PackagePlugin
@main struct Gen: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated.swift")
        return [.buildCommand(displayName: "Generating", executable: try context.tool(named: "Tool").url,
                              arguments: [output.path], inputFiles: [], outputFiles: [output])]
    }
}
EOF

# `steps LOG`: the build steps a log shows ("Compiling plugin" is printed on every build, run or not).
steps() { grep -oE "(Linking|Compiling|Generating)( [A-Za-z_.-]+)?" "$1" | grep -v "Compiling plugin" | sort | uniq -c | awk '{ $1 = $1 "x"; print }' | paste -sd, - || true; }
failures=0
# `check NAME EXPECT COMMAND...`: runs the build command, prints its steps and whether that was EXPECTed
# (nothing: no step; rebuild: some step).
check() {
    local name=$1 expect=$2
    shift 2
    "$@" >"$dir/log" 2>&1 || { cat "$dir/log"; exit 1; }
    local ran
    ran=$(steps "$dir/log")
    local verdict=ok
    if [ "$expect" = nothing ] && [ -n "$ran" ]; then verdict=UNEXPECTED failures=$((failures + 1)); fi
    if [ "$expect" = rebuild ] && [ -z "$ran" ]; then verdict="UNEXPECTED (fixed in this SwiftPM?)" failures=$((failures + 1)); fi
    printf '%-46s %-40s %s\n' "$name" "${ran:-nothing}" "$verdict"
}

cd "$package"
swift --version 2>&1 | head -1
swift build >"$dir/first.log" 2>&1 || { cat "$dir/first.log"; exit 1; }
swift build >/dev/null 2>&1   # settles: the environment of this build is the one case 1 repeats
printf '%-46s %-40s %s\n' "no-op build, nothing changed" "steps run" ""
check "1. same environment" nothing swift build
check "2. FOO=1 added to the environment" rebuild env FOO=1 swift build
swift build >/dev/null 2>&1
cd "$dir/elsewhere" && cd "$package"
check "3. after cd elsewhere and back (OLDPWD)" rebuild swift build
env -u OLDPWD swift build >/dev/null 2>&1
cd "$dir/elsewhere" && cd "$package"
check "4. the same, with env -u OLDPWD" nothing env -u OLDPWD swift build
exit $((failures > 0))
