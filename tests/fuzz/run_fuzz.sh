#!/usr/bin/env bash
# Fuzzes the GGUF reader, the recording reader, the live-server readers (scrapes, /slots, KV events) and the
# OTLP trace receiver (protobuf, JSON, HTTP framing; the export encoder by round trip, collectors' replies) with libFuzzer, SECONDS in all (default 60: a quarter each). Exits non-zero on a finding; the crashing input is left in build-fuzz/findings/.
# Usage: tests/fuzz/run_fuzz.sh [SECONDS]     (extra cmake arguments: INFERSCOPE_FUZZ_CMAKE_ARGS)
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="$root/build-fuzz"

# shellcheck disable=SC2086  # the extra arguments are meant to split
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DINFERSCOPE_FUZZ=ON -DINFERSCOPE_BUILD_GUI=OFF -DINFERSCOPE_BUILD_TESTS=ON ${INFERSCOPE_FUZZ_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" --target fuzz_gguf write_gguf_seeds fuzz_recording write_recording_seeds fuzz_remote fuzz_otlp write_otlp_seeds \
  -j"${INFERSCOPE_JOBS:-$(nproc)}"

findings="$build/findings"
mkdir -p "$build/corpus/gguf" "$build/corpus/recording" "$findings"
"$build/tests/fuzz/write_gguf_seeds" "$build/seeds/gguf"
"$build/tests/fuzz/write_recording_seeds" "$build/seeds/recording"

# Past findings (tests/fuzz/regressions/, one folder per target) run first, every time. The seed is
# fixed so that a CI run is reproducible; INFERSCOPE_FUZZ_SEED=0 lets libFuzzer pick one (use that for
# long exploratory runs).
seed="${INFERSCOPE_FUZZ_SEED:-1}"
half=$(( seconds / 4 > 0 ? seconds / 4 : 1 ))  # each target's share
# libFuzzer exits non-zero on a crash, a leak, a sanitizer report or an uncaught exception.
echo "fuzz_gguf: ${half}s, seed ${seed}"
"$build/tests/fuzz/fuzz_gguf" "$build/corpus/gguf" "$build/seeds/gguf" "$root/tests/fuzz/regressions" -max_len=65536 \
  -max_total_time="$half" -seed="$seed" -artifact_prefix="$findings/" -print_final_stats=1
echo "fuzz_gguf: no findings in ${half}s"
# Recordings: -rss_limit_mb bounds what a forged length could make the reader allocate.
echo "fuzz_recording: ${half}s, seed ${seed}"
"$build/tests/fuzz/fuzz_recording" "$build/corpus/recording" "$build/seeds/recording" \
  "$root/tests/fuzz/regressions/recording" -max_len=65536 -rss_limit_mb=1024 -malloc_limit_mb=256 \
  -max_total_time="$half" -seed="$seed" -artifact_prefix="$findings/recording-" -print_final_stats=1
echo "fuzz_recording: no findings in ${half}s"
# Live-server payloads: seeds are the test bodies, the first byte choosing the reader (0 scrape, 1 /slots).
mkdir -p "$build/corpus/remote" "$build/seeds/remote"
for f in "$root"/tests/data/remote/*/*.txt; do { printf '\x00'; cat "$f"; } > "$build/seeds/remote/$(basename "$f").seed"; done
for f in "$root"/tests/data/remote/*/*.json; do { printf '\x01'; cat "$f"; } > "$build/seeds/remote/$(basename "$f").seed"; done
echo "fuzz_remote: ${half}s, seed ${seed}"
"$build/tests/fuzz/fuzz_remote" "$build/corpus/remote" "$build/seeds/remote" -max_len=65536 -rss_limit_mb=1024 \
  -malloc_limit_mb=256 -max_total_time="$half" -seed="$seed" -artifact_prefix="$findings/remote-" -print_final_stats=1
echo "fuzz_remote: no findings in ${half}s"
# OTLP exports (the first byte choosing the way in: 0 protobuf, 1 JSON, 2 HTTP); -rss_limit_mb bounds what a
# forged length or count could make the decoders allocate.
mkdir -p "$build/corpus/otlp"
"$build/tests/fuzz/write_otlp_seeds" "$build/seeds/otlp"
echo "fuzz_otlp: ${half}s, seed ${seed}"
"$build/tests/fuzz/fuzz_otlp" "$build/corpus/otlp" "$build/seeds/otlp" -max_len=65536 -rss_limit_mb=1024 \
  -malloc_limit_mb=256 -max_total_time="$half" -seed="$seed" -artifact_prefix="$findings/otlp-" -print_final_stats=1
echo "fuzz_otlp: no findings in ${half}s"
