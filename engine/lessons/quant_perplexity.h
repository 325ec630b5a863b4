#pragma once
// The quantization-error lesson's link to measured quality: the loaded model re-encoded with the
// lesson's simulated int<bits> per-tensor and per-group modes (engine/quant), perplexity of each on a
// fixed text against the model as stored, and the KL divergence of their next-token distributions.
#include "engine/lessons/lesson.h"

namespace inferscope::lessons {

// Appends ppl_* and kl_* numbers and a "perplexity_text" note to r. group must be 32, 64, 128 or 256
// (the simulated modes' group sizes); other sizes add a note instead. Cancellable through ctx.
void add_measured_perplexity(int bits, int group, double outlier, int tokens, const LessonContext& ctx,
                             LessonResult& r);

}  // namespace inferscope::lessons
