#!/usr/bin/env bash
# Fuzzes the schema loader, the payload validator, the HAR reader/traffic check, the OpenAPI importer and
# the schema diff with libFuzzer for a bounded time each (Tests/Fuzz/README.md). Usage:
# Tests/Fuzz/run.sh [seconds per target, default 90] [target ...]
# Targets: schema-loader, payload, traffic, import, diff. Builds into .build-fuzz (git-ignored); seeds from
# Tests/Fuzz/corpus/<target>; new interesting inputs go to .build-fuzz/corpus/<target>; crash, timeout
# and out-of-memory inputs are written to Tests/Fuzz/crashes/<target>/ (FuzzRegressionTests replays
# them). Exits non-zero when a run found something.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-${FUZZ_SECONDS:-90}}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(schema-loader payload traffic import diff)
scratch=.build-fuzz
# Each input gets at most this many seconds and this much memory: more is a finding (a hang or a
# bomb), not a slow input.
per_input_timeout=${FUZZ_INPUT_TIMEOUT:-10}
rss_limit_mb=${FUZZ_RSS_LIMIT_MB:-2048}

status=0
summary=()
for target in "${targets[@]}"; do
    product="fuzz-$target"
    swift build -c release --scratch-path "$scratch" --product "$product" \
        -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -use-ld=lld 2>&1 | tail -n 3
    binary="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/$product"
    work="$scratch/corpus/$target"
    crashes="Tests/Fuzz/crashes/$target"
    log="$scratch/$target.log"
    mkdir -p "$work" "$crashes"
    before=$(ls "$crashes" | wc -l)
    dictionary=()
    [ -f "Tests/Fuzz/$target.dict" ] && dictionary=(-dict="Tests/Fuzz/$target.dict")
    # The traffic target's seeds also include the recorded captures, the import target's the OpenAPI
    # fixtures (read only: new inputs go to $work).
    seeds=("Tests/Fuzz/corpus/$target")
    [ "$target" = traffic ] && seeds+=(Tests/Fixtures/Traffic)
    [ "$target" = import ] && seeds+=(Tests/Fixtures/OpenAPI)
    echo "fuzz: $target for ${seconds}s"
    # Fork mode keeps fuzzing after a finding (each is saved), so one known problem does not use up
    # the whole run; -max_total_time bounds it.
    set +e
    "$binary" "$work" "${seeds[@]}" "${dictionary[@]}" \
        -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time="$seconds" -timeout="$per_input_timeout" -rss_limit_mb="$rss_limit_mb" \
        -artifact_prefix="$crashes/" -print_final_stats=1 >"$log" 2>&1
    fuzz_status=$?
    set -e
    after=$(ls "$crashes" | wc -l)
    # The last progress line of fork mode:
    # "#<executions>: cov: … exec/s: <n> oom/timeout/crash: a/b/c time: <s>s job: …".
    progress=$(grep -E '^#[0-9]+: cov:' "$log" | tail -n 1 || true)
    executions=$(sed -E 's/^#([0-9]+):.*/\1/' <<<"$progress")
    per_second=$(sed -E 's/.*exec\/s: ([0-9]+).*/\1/' <<<"$progress")
    findings=$(sed -E 's/.*oom\/timeout\/crash: ([0-9\/]+).*/\1/' <<<"$progress")
    line="fuzz: $target: ${executions:-?} executions, ${per_second:-?} exec/s, oom/timeout/crash ${findings:-?}, $((after - before)) new input(s) in $crashes"
    echo "$line"
    summary+=("$line")
    if [ "$after" -gt "$before" ] || [ -z "$progress" ]; then
        status=1
        [ -z "$progress" ] && { echo "fuzz: $target did not run (exit $fuzz_status); last lines of $log:"; tail -n 20 "$log"; }
    fi
done
printf '%s\n' "${summary[@]}"
exit "$status"
