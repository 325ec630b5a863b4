#!/usr/bin/env bash
# The weight-quantization and speculative-decoding figures of BENCHMARKS.md: quality and decode speed of
# every weight mode and KV dtype, and each drafter at k = 4 on three kinds of prompt.
#   tests/bench/run_quant_spec_figures.sh [OUT_DIR]
# Run on an otherwise idle machine; every command line is echoed into the log next to its output.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-$root/build/figures}"
cli="$root/build/app/inferscope-cli"
mkdir -p "$out"
log="$out/quant_spec.log"
: >"$log"

run() {  # run CMD...: echo the command, keep its output in the log
  printf '\n$ %s\n' "$*" | tee -a "$log"
  "$@" 2>/dev/null | tee -a "$log"
}

for m in stored f32 f16 bf16 q8_0 q4_1 q4_0 sim:int8:per-channel sim:int4:g128 sim:int4:per-tensor; do
  run "$cli" quality --weights "$m" --json -t 1
done
for kv in f32 f16 bf16 fp8 int8; do
  run "$cli" quality --weights f32 --kv-dtype "$kv" --json -t 1
done
for m in stored f32 f16 bf16 q8_0 q4_1 q4_0; do
  run "$cli" bench -p 64 -n 128 -b 1 -t 2 -r 3 --no-ceilings --weights "$m"
done

# A separate draft model file: the default model re-encoded as Q4_0.
draft="$out/draft_q4_0.gguf"
[ -f "$draft" ] || "$cli" requantize --weights q4_0 -o "$draft" >/dev/null
prompts=("chat|--chat|What are three tips for staying healthy?"
         "code||def quicksort(arr):"
         "repetitive||one two three four one two three four one two three four one two three four one two")
for entry in "${prompts[@]}"; do
  IFS='|' read -r kind flag text <<<"$entry"
  for spec in off ngram:3 self:q4_0 early-exit:15 "draft:$draft"; do
    # shellcheck disable=SC2086  # $flag is empty or one word
    run "$cli" generate -p "$text" $flag -n 96 --ignore-eos --spec "$spec" --spec-k 4 -t 2 --json
  done
done
echo "figures in $log"
