# Helpers the compile benchmarks share (run.sh, edit-floor.sh); sourced after setting $log, the file that
# holds the last command's output.

# Runs the command with its output in $log; a failure prints that output and stops the benchmark.
quiet() { if ! "$@" >"$log" 2>&1; then cat "$log" >&2; echo "${0##*/}: failed: $*" >&2; exit 1; fi; }
# Milliseconds the command took, run as `quiet` runs it.
timed() { local start; start=$(date +%s%N); quiet "$@"; echo $((($(date +%s%N) - start) / 1000000)); }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# A skipped measurement is 0 ms, shown as "-".
seconds() { awk -v ms="$1" 'BEGIN { if (ms > 0) printf "%.2f s", ms / 1000; else printf "-" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.2fx", a / b; else printf "-" }'; }

# What run.sh uses where one API's failure must not stop the others: the failure goes into that API's cells.
# Runs the command with its output in $log; returns its status.
attempt() { "$@" >"$log" 2>&1; }
# Milliseconds the command took, run as `attempt` runs it; nothing and a failed status when it failed.
timed_attempt() { local start; start=$(date +%s%N); attempt "$@" || return 1; echo $((($(date +%s%N) - start) / 1000000)); }
# `failed STEP`: a table cell for a failed step, `FAILED (STEP: reason)`, the reason being the first line of
# $log that says error (else its first line), folders left out, at most 100 characters, no `|`.
failed() {
    local line
    line=$(grep -m1 -iE 'error|fatal|failed' "$log" || grep -m1 . "$log" || echo "no output")
    # A tool's own output may run into the error on one line: the error starts at the file it names.
    line=$(sed -E 's#(/[^/ :]+)+/([^/ :]+)#\2#g; s/^(.*[^[:alnum:]_.:-])?([[:alnum:]_.-]+(:[0-9]+)*: error:)/\2/; s/[|]/\//g; s/^[[:space:]]+//' <<<"$line" | cut -c1-100)
    echo "FAILED ($1: $line)"
}
