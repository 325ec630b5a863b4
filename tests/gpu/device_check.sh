#!/usr/bin/env bash
# The GPU checks of the CUDA backend, on the lent GPU machine (see tests/gpu/prepare_device_carry.sh for
# the three calls and what each carries). `device_check.sh receive` only stores a carried model part in
# /tmp (the machine stays warm between back-to-back calls); the plain call assembles the model, builds
# the engine + CLI + GPU tests (no GUI: the CUDA image has no Qt Widgets), runs the GPU tests, the GPU
# benchmark and transformers' eager generate on the same model, and prints a short table last.
# Budget: ~1 min unpack + configure, ~3 min build (-j16), ~2 min tests, ~2 min bench + peer.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
store=/tmp/inferscope-carry
out="${OUT:-/tmp/inferscope-out}"
mkdir -p "$store" "$out"
for d in "$root"/.devcarry/m*; do [ -d "$d" ] && cp -n "$d"/* "$store"/ 2>/dev/null; done
ls -la "$store"
if [ "${1:-}" = receive ]; then echo "stored; make the next call now"; exit 0; fi

say() { echo "== $*"; }
fail() { echo "device_check: $*" >&2; exit 1; }
start=$(date +%s)

say "model: assembling and checking"
models=/tmp/xdg/inferscope/models
mkdir -p "$models"
model="$models/SmolLM2-135M-Instruct.Q4_1.gguf"
cat "$store"/part.0 "$store"/part.1 "$store"/part.2 > "$model" || fail "a model part is missing: run the receive calls first"
[ "$(sha256sum "$model" | cut -d' ' -f1)" = "$(cat "$store/model.sha256")" ] || fail "model SHA-256 mismatch"
export XDG_CACHE_HOME=/tmp/xdg INFERSCOPE_REQUIRE_MODELS=1

say "deps: unpacking the carried Debian packages under /tmp/devroot (never into /)"
dev=/tmp/devroot
mkdir -p "$dev"
for f in "$root"/.devcarry/debs/*.deb; do dpkg -x "$f" "$dev" || fail "cannot unpack $f"; done
lib="$dev/usr/lib/x86_64-linux-gnu"
export LD_LIBRARY_PATH="$lib:${LD_LIBRARY_PATH:-}"
export PKG_CONFIG_PATH="$lib/pkgconfig:$dev/usr/share/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dev"
export PATH="$PATH:$dev/usr/bin:/usr/local/cuda/bin"
command -v pkg-config >/dev/null || ln -sf "$dev/usr/bin/pkgconf" "$dev/usr/bin/pkg-config"
nvidia-smi --query-gpu=name,memory.total,memory.used,clocks.sm,clocks.mem --format=csv | tee "$out/gpu.txt"

say "build: engine, CLI and GPU tests (Release, sm_90 only here to save time)"
build=/tmp/build-gpu
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DINFERSCOPE_BUILD_GUI=OFF \
  -DINFERSCOPE_BUILD_BENCH=OFF -DCMAKE_CUDA_ARCHITECTURES=90-real -DCMAKE_PREFIX_PATH="$dev/usr" \
  -DPKG_CONFIG_EXECUTABLE="$(command -v pkg-config || echo "$dev/usr/bin/pkgconf")" > "$out/configure.log" 2>&1 \
  || { tail -30 "$out/configure.log"; fail "configure failed"; }
cmake --build "$build" -j16 --target inferscope-cli gpu_tst_backend_seam gpu_tst_gpu_kernels gpu_tst_gpu_engine \
  > "$out/build.log" 2>&1 || { grep -E "error|Error" "$out/build.log" | head -30; fail "build failed"; }
grep -E "ptxas info|spill" "$out/build.log" | grep -v " 0 bytes spill stores, 0 bytes spill loads" | grep spill \
  && echo "WARNING: register spills above" || echo "ptxas: no spills"
say "build done after $(( $(date +%s) - start )) s"

say "tests"
tests_ok=1
for t in gpu_tst_backend_seam gpu_tst_gpu_kernels gpu_tst_gpu_engine; do
  timeout 300 "$build/tests/$t" > "$out/$t.txt" 2>&1 || tests_ok=0
  grep -E "^(FAIL|SKIP)|Totals" "$out/$t.txt"
done
cli="$build/app/inferscope-cli"
"$cli" generate -p "The capital of France is" -n 32 --backend cuda --json > "$out/generate_cuda.json" 2>> "$out/generate.err"
"$cli" generate -p "The capital of France is" -n 32 --backend cpu -t 16 --json > "$out/generate_cpu.json" 2>> "$out/generate.err"
same=$(python3 -c "import json,sys; a,b=(json.load(open(f))['token_ids'] for f in sys.argv[1:]); print('yes' if a==b else 'NO')" \
  "$out/generate_cuda.json" "$out/generate_cpu.json" 2>/dev/null || echo "?")

say "bench: inferscope-cli bench --backend cuda"
timeout 240 "$cli" bench --backend cuda -p 512 -n 128 -b 64 --batch-prompt 128 --batch-gen 128 -r 3 --json \
  > "$out/bench_cuda.json" 2> "$out/bench_cuda.err" || tail -5 "$out/bench_cuda.err"
say "peer: transformers eager generate"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site "$root"/.whl/*.whl \
  && PYTHONPATH=/tmp/site timeout 240 python3 "$root/tests/gpu/hf_generate_bench.py" "$model" 128 3 \
  > "$out/hf.json" 2> "$out/hf.err" || tail -5 "$out/hf.err"

say "summary after $(( $(date +%s) - start )) s"
python3 - "$out" "$tests_ok" "$same" <<'PY'
import json, os, sys
out, tests_ok, same = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
def load(name):
    try:
        return json.load(open(os.path.join(out, name)))
    except Exception:
        return {}
b, hf = load("bench_cuda.json"), load("hf.json")
res = {r["test"]: r for r in b.get("results", [])}
ceil = b.get("gpu_ceilings", {})
tg, d64, pp = res.get("tg128", {}), res.get("decode@64", {}), res.get("pp512", {})
peer = hf.get("decode_tok_s")
rows = [
    ("GPU tests (seam, kernels, end to end)", "pass" if tests_ok else "FAIL (see $OUT/gpu_tst_*.txt)"),
    ("greedy 32 tokens, cuda == cpu", same),
    ("device", b.get("device", "?")),
    ("measured HBM copy bandwidth", f"{ceil.get('hbm_gb_s', 0):.0f} GB/s"),
    ("measured bf16 cuBLAS rate", f"{ceil.get('bf16_tflop_s', 0):.0f} TFLOP/s"),
    ("pp512 tok/s (fraction of bound)", f"{pp.get('tok_s', 0):.0f} ({100 * pp.get('fraction_of_bound', 0):.1f}%)"),
    ("tg128 batch-1 decode tok/s (of bound)", f"{tg.get('tok_s', 0):.0f} ({100 * tg.get('fraction_of_bound', 0):.1f}%)"),
    ("decode@64 tok/s (of bound)", f"{d64.get('tok_s', 0):.0f} ({100 * d64.get('fraction_of_bound', 0):.1f}%)"),
    ("transformers eager decode tok/s", f"{peer:.0f}" if peer else "n/a"),
    ("batch-1 speed-up over transformers", f"{tg.get('tok_s', 0) / peer:.2f}x (target 3x)" if peer else "n/a"),
    ("decode@64 of roofline (target 30%)", f"{100 * d64.get('fraction_of_bound', 0):.1f}%"),
]
w = max(len(k) for k, _ in rows)
print("| " + "check".ljust(w) + " | result |")
print("|" + "-" * (w + 2) + "|--------|")
for k, v in rows:
    print("| " + k.ljust(w) + " | " + str(v) + " |")
PY
