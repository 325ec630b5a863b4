#!/usr/bin/env bash
# Every figure of BENCHMARKS.md in one sitting: the engine benchmark with its roofline, the serving
# comparisons of the serving-core issue, and (optionally) an older binary for the "before" column.
#   tests/bench/run_figures.sh [OUT_DIR] [BASELINE_CLI]
# Run on an otherwise idle machine; every command line is echoed into the log next to its output.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-$root/build/figures}"
baseline="${2:-}"
cli="$root/build/app/inferscope-cli"
mkdir -p "$out"
log="$out/figures.log"
: >"$log"

run() {  # run NAME CMD...: echo the command, keep its stdout as NAME.json/.txt
  local name="$1"; shift
  printf '\n$ %s\n' "$*" | tee -a "$log"
  "$@" | tee "$out/$name" | tee -a "$log" >/dev/null
}

{ lscpu | grep -E 'Model name|^CPU\(s\)|L2|L3'; uname -r; } | tee -a "$log"

run bench.json "$cli" bench -p 512 -n 128 -b 1,4,16,64 -t 1,2 -r 5 --json
run bench.txt "$cli" bench -p 512 -n 128 -b 1,4,16,64 -t 2 -r 5
if [ -n "$baseline" ]; then
  run baseline_bench.txt "$baseline" bench -p 512 -n 128 -t 1,2 -r 3
fi

# Serving core: one stream vs 16 concurrent; static vs continuous on mixed lengths; prefix caching.
run single_stream.json "$cli" run --requests 16 --max-seqs 1 --prompt-len 64:64 --gen-len 64:64 --json
run concurrent16.json "$cli" run --requests 16 --max-seqs 16 --prompt-len 64:64 --gen-len 64:64 --json
run static64.json "$cli" run --requests 64 --gen-len 20:200 --batching static --json
run continuous64.json "$cli" run --requests 64 --gen-len 20:200 --batching continuous --json
run prefix_off.json "$cli" run --requests 32 --shared-prefix 256 --prompt-len 272:288 --gen-len 16:16 --prefix-cache off --json
run prefix_on.json "$cli" run --requests 32 --shared-prefix 256 --prompt-len 272:288 --gen-len 16:16 --prefix-cache on --json
echo "figures in $out"
