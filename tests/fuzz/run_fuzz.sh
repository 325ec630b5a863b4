#!/usr/bin/env bash
# Fuzzes the GGUF reader with libFuzzer for SECONDS (default 60). Exits non-zero on a finding; the
# crashing input is left in build-fuzz/findings/.
# Usage: tests/fuzz/run_fuzz.sh [SECONDS]     (extra cmake arguments: INFERSCOPE_FUZZ_CMAKE_ARGS)
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="$root/build-fuzz"

# shellcheck disable=SC2086  # the extra arguments are meant to split
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DINFERSCOPE_FUZZ=ON -DINFERSCOPE_BUILD_GUI=OFF -DINFERSCOPE_BUILD_TESTS=ON ${INFERSCOPE_FUZZ_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" --target fuzz_gguf write_gguf_seeds -j"${INFERSCOPE_JOBS:-$(nproc)}"

corpus="$build/corpus/gguf"
findings="$build/findings"
mkdir -p "$corpus" "$findings"
"$build/tests/fuzz/write_gguf_seeds" "$build/seeds/gguf"

# Past findings (tests/fuzz/regressions/) run first, every time. The seed is fixed so that a CI run is
# reproducible; INFERSCOPE_FUZZ_SEED=0 lets libFuzzer pick one (use that for long exploratory runs).
seed="${INFERSCOPE_FUZZ_SEED:-1}"
echo "fuzz_gguf: ${seconds}s, seed ${seed}"
# libFuzzer exits non-zero on a crash, a leak, a sanitizer report or an uncaught exception.
"$build/tests/fuzz/fuzz_gguf" "$corpus" "$build/seeds/gguf" "$root/tests/fuzz/regressions" -max_len=65536 \
  -max_total_time="$seconds" -seed="$seed" -artifact_prefix="$findings/" -print_final_stats=1
echo "fuzz_gguf: no findings in ${seconds}s"
