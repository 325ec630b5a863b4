#!/usr/bin/env bash
# Run HERE (the CPU machine) before tests/gpu/device_check.sh: fills the gitignored folders the device
# calls carry. The device machine reaches nothing, and one call carries at most 64 MiB, so:
#   .devcarry/debs  Debian 12 packages the build needs and the CUDA image lacks (Qt Core/Test + moc,
#                   spdlog, fmt, nlohmann-json, CLI11, PCRE2, xxHash, pkgconf), unpacked there under /tmp
#   .whl/           the `gguf` wheel transformers needs to read a GGUF (pure Python; its needs are there)
#   .devcarry/m1..3 the default model (98 MB) in three parts, one per call; the last call checks its SHA-256
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
carry="$root/.devcarry"
model="${INFERSCOPE_MODEL:-${XDG_CACHE_HOME:-$HOME/.cache}/inferscope/models/SmolLM2-135M-Instruct.Q4_1.gguf}"
[ -f "$model" ] || { echo "prepare: $model is missing (packaging/bootstrap.sh setup fetches it)" >&2; exit 1; }
rm -rf "$carry"
mkdir -p "$carry/debs" "$carry/m1" "$carry/m2" "$carry/m3" "$root/.whl"
(cd "$carry/debs" && apt-get download \
  libqt6core6 libqt6test6 qt6-base-dev qt6-base-dev-tools qmake6 qmake6-bin libglib2.0-0 libffi8 libicu72 libdouble-conversion3 libb2-1 libpcre2-16-0 \
  libspdlog-dev libspdlog1.10 libfmt-dev libfmt9 nlohmann-json3-dev libcli11-dev \
  libpcre2-dev libpcre2-8-0 libpcre2-32-0 libpcre2-posix3 libxxhash-dev libxxhash0 pkgconf pkgconf-bin libpkgconf3)
rm -f "$root"/.whl/gguf-*.whl
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_28_x86_64 --platform manylinux2014_x86_64 -d "$root/.whl" gguf==0.19.0
split -n 3 -d -a 1 "$model" "$carry/part."
mv "$carry/part.0" "$carry/m1/"; mv "$carry/part.1" "$carry/m2/"; mv "$carry/part.2" "$carry/m3/"
sha256sum "$model" | cut -d' ' -f1 > "$carry/m3/model.sha256"
du -sh "$carry"/* "$root/.whl"
cat <<'HOW'
Now three device calls, back to back (a machine stays warm 30 s after a call; /tmp there survives):
  1. run carry=[".devcarry/m1"]                          command: bash tests/gpu/device_check.sh receive
  2. run carry=[".devcarry/m2"]                          command: bash tests/gpu/device_check.sh receive
  3. run carry=[".devcarry/m3", ".devcarry/debs", ".whl"] command: bash tests/gpu/device_check.sh
     timeout_s 600. The last lines are the table; full logs and JSON come back under $OUT.
HOW
