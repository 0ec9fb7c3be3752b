#!/bin/sh
# Peak memory of a client refusing a decompression bomb: a 6.6 MB gzip body that inflates to 1 GiB,
# served from 127.0.0.1, against a 10 MiB limit. Without a limit the client held the whole inflated
# body (issue 7 measured 2.15 GB resident); with it the test process peaks below 100 MB.
# Usage: Benchmarks/response-limit.sh   (from the package root; builds the tests first)
set -e
swift build --build-tests
RUN_MEMORY_BENCHMARK=1 swift test --skip-build \
    --filter ResponseLimitMemoryBenchmark/testPeakMemoryWhileRefusingAGzipBomb 2>&1 | grep -E "benchmark:|passed|failed|error"
