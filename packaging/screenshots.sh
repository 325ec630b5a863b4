#!/bin/bash
# Makes every picture the README shows, with the product itself on the offscreen platform: the workbench,
# presentation mode, the block map, the Compare tab of each shipped scenario that compares settings (at
# 1280x720 and in presentation mode at 1920x1080) and three lessons at 1280x720. Run from the repository
# root after a build (build/app/inferscope) with the default model set up (packaging/bootstrap.sh).
set -euo pipefail
shot() { QT_QPA_PLATFORM=offscreen build/app/inferscope --screenshot "$@" 2>/dev/null; }
out=resources/screenshots
mkdir -p "$out/compare" "$out/lessons"
shot "$out/workbench_1280x720.png" --size 1280x720 --scenario resources/scenarios/prefix_caching.json --steps 60 --tab 0
shot "$out/presentation_1920x1080.png" --size 1920x1080 --presentation --scenario resources/scenarios/prefix_caching.json --steps 60 --tab 0
shot "$out/block_map.png" --scenario resources/scenarios/prefix_caching.json --steps 12 --tab 1
shot "$out/lessons.png" --steps 0 --lesson qkv-lookup
# The Request timeline over a recorded run of the preemption scenario (every request waits, is preempted
# and recomputes), at 1280x720 and in presentation mode.
rec=$(mktemp -d)/preemption.isrec
build/app/inferscope-cli run --scenario resources/scenarios/preemption.json --no-compare --record "$rec" >/dev/null 2>&1
shot "$out/request_timeline_1280x720.png" --size 1280x720 --open "$rec" --tab request_timeline
shot "$out/request_timeline_presentation.png" --size 1920x1080 --presentation --open "$rec" --tab request_timeline
# Long prompts over a 64-token budget: each prefill drawn as its chunks, one per step.
build/app/inferscope-cli run --scenario resources/scenarios/prefill_vs_decode.json --no-compare --record "$rec" >/dev/null 2>&1
shot "$out/request_timeline_chunks.png" --size 1920x1080 --presentation --open "$rec" --tab request_timeline
rm -f "$rec"
for sc in continuous_vs_static prefix_caching block_size_fragmentation speculative_decoding kv_dtype_capacity \
          pipeline_parallelism attention_naive_vs_tiled no_kv_cache weight_quantization_int4 weight_quantization_gptq_int4; do
  shot "$out/compare/${sc}_1280x720.png" --size 1280x720 --scenario "resources/scenarios/$sc.json" --steps 40 --tab compare
  shot "$out/compare/${sc}_presentation.png" --size 1920x1080 --presentation --scenario "resources/scenarios/$sc.json" --steps 40 --tab compare
done
for lesson in kv-size qkv-lookup batching; do
  shot "$out/lessons/${lesson}_1280x720.png" --size 1280x720 --steps 0 --lesson "$lesson"
done
