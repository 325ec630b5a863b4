// Lesson 11: paged versus contiguous KV memory. An engine without paging reserves max-length contiguous
// space for every request because it cannot know how long the answer will be; a paged cache hands out
// fixed blocks of B tokens as a request grows, so it wastes at most the unfilled tail of each request's
// last block. The lesson samples a workload and computes both at the moment every request has reached
// its full length (prompt + generated tokens held), when paging wastes the most.
//
// Lengths are reproducible from the seed alone: a std::mt19937_64 seeded with `seed` draws, request by
// request, prompt = prompt-min + x mod (prompt-max - prompt-min + 1), then gen likewise from the next draw.
#include <cstdint>
#include <random>
#include <string>

#include "engine/lessons/lesson_factories.h"

namespace inferscope::lessons {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

class PagedKvLesson final : public Lesson {
 public:
  std::string id() const override { return "paged-kv"; }
  std::string title() const override { return "Paged vs contiguous KV memory"; }
  std::string scenario() const override { return "block_size_fragmentation.json"; }

  std::vector<ParamSpec> params() const override {
    using K = ParamSpec::Kind;
    return {
        {"requests", "Requests", K::Int, 64, 1, 100000, {}, "", "Requests held in the cache at once.", true},
        {"prompt-min", "Shortest prompt", K::Int, 32, 1, 1 << 20, {}, "", "Fewest prompt tokens a request has.", true},
        {"prompt-max", "Longest prompt", K::Int, 512, 1, 1 << 20, {}, "", "Most prompt tokens a request has.", true},
        {"gen-min", "Shortest answer", K::Int, 16, 0, 1 << 20, {}, "", "Fewest tokens a request generates.", true},
        {"gen-max", "Longest answer", K::Int, 512, 0, 1 << 20, {}, "", "Most tokens a request generates.", true},
        {"max-len", "Max length", K::Int, 4096, 1, 1 << 21, {}, "",
         "Tokens a contiguous cache reserves per request (the longest sequence allowed).", true},
        {"block-size", "Block size", K::Int, 16, 1, 256, {}, "", "Tokens per KV block in the paged cache.", true},
        {"bytes-per-token", "KV bytes per token", K::Int, 131072, 1, 1 << 24, {}, "",
         "KV bytes one token takes (Llama-3-8B at fp16: 2 x 32 x 8 x 128 x 2 = 131072).", true},
        {"seed", "Seed", K::Int, 0, 0, 2147483647, {}, "", "Random seed of the request lengths."},
    };
  }

  LessonResult compute(const Params& p, const LessonContext&) const override {
    const long long requests = p.get_int("requests");
    const long long pmin = p.get_int("prompt-min"), pmax = p.get_int("prompt-max");
    const long long gmin = p.get_int("gen-min"), gmax = p.get_int("gen-max");
    const long long max_len = p.get_int("max-len");
    const long long block = p.get_int("block-size");
    const double bpt = double(p.get_int("bytes-per-token"));
    if (pmin > pmax) throw LessonError("--prompt-min " + std::to_string(pmin) + " is above --prompt-max " + std::to_string(pmax));
    if (gmin > gmax) throw LessonError("--gen-min " + std::to_string(gmin) + " is above --gen-max " + std::to_string(gmax));
    if (pmax + gmax > max_len)
      throw LessonError("a request may need " + std::to_string(pmax + gmax) + " tokens (prompt-max + gen-max), more than --max-len " +
                        std::to_string(max_len));

    std::mt19937_64 rng(static_cast<uint64_t>(p.get_int("seed")));
    long long tokens = 0, blocks = 0;
    for (long long i = 0; i < requests; ++i) {
      const long long prompt = pmin + static_cast<long long>(rng() % uint64_t(pmax - pmin + 1));
      const long long gen = gmin + static_cast<long long>(rng() % uint64_t(gmax - gmin + 1));
      const long long len = prompt + gen;
      tokens += len;
      blocks += (len + block - 1) / block;
    }
    const double used = double(tokens) * bpt;
    const double contiguous = double(requests) * double(max_len) * bpt;
    const double paged = double(blocks) * double(block) * bpt;
    const long long tail = blocks * block - tokens;

    LessonResult r;
    r.numbers = {
        {"requests", double(requests), "", "Requests"},
        {"tokens_used", double(tokens), "tok", "Tokens held (prompt + generated, all requests)"},
        {"mean_length", double(tokens) / double(requests), "tok", "Mean request length"},
        {"contiguous_reserved_bytes", contiguous, "B", "Contiguous: max-length space reserved per request"},
        {"paged_allocated_bytes", paged, "B", "Paged: bytes of the blocks allocated"},
        {"used_bytes", used, "B", "Bytes the tokens actually fill"},
        {"contiguous_waste_fraction", 1.0 - used / contiguous, "", "Contiguous: fraction of the reservation left empty"},
        {"paged_waste_fraction", 1.0 - used / paged, "", "Paged: fraction of the blocks left empty (last-block tails)"},
        {"blocks_allocated", double(blocks), "", "Paged: blocks allocated"},
        {"paged_tail_tokens", double(tail), "tok", "Paged: empty slots in last blocks (internal fragmentation)"},
        {"mean_tail_tokens", double(tail) / double(requests), "tok", "Paged: empty slots per request (always below the block size)"},
        {"paged_waste_bound_bytes", double(requests) * double(block - 1) * bpt, "B",
         "Paged: most it can waste, (block size - 1) slots per request"},
        {"contiguous_over_paged", contiguous / paged, "x", "Contiguous reservation / paged allocation"},
    };

    Chart& ch = r.chart;
    ch.title = "KV memory for " + std::to_string(requests) + " requests: reserved vs paged vs used";
    ch.x_label = "allocation";
    ch.y_label = "MiB";
    ch.categories = {"contiguous (max-len " + std::to_string(max_len) + ")", "paged (block " + std::to_string(block) + ")",
                     "tokens only"};
    Series held{"allocated", {{0, contiguous / kMiB}, {1, paged / kMiB}, {2, used / kMiB}}};
    Series wasted{"empty", {{0, (contiguous - used) / kMiB}, {1, (paged - used) / kMiB}, {2, 0}}};
    held.bars = wasted.bars = true;
    ch.series = {held, wasted};
    return r;
  }
};

}  // namespace

std::unique_ptr<Lesson> make_paged_kv_lesson() { return std::make_unique<PagedKvLesson>(); }

}  // namespace inferscope::lessons
