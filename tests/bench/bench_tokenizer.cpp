// Tokenizer figure (BENCHMARKS.md, "GUI and long runs"): how long the default model's tokenizer takes to
// encode and decode a mixed text of 9,000 bytes (English, digits, Chinese, code). Not a test: run it by hand.
// Usage: bench_tokenizer MODEL.gguf [REPEATS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "engine/gguf/gguf_file.h"
#include "engine/tokenizer/tokenizer.h"

using namespace inferscope;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_tokenizer MODEL.gguf [REPEATS]\n");
    return 2;
  }
  const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 50;
  try {
    const auto file = gguf::GgufFile::open(argv[1]);
    const auto t = Tokenizer::create(read_vocab(*file));
    std::string text;
    while (text.size() < 9000)
      text += "The year 2024 had 365 days; pi is 3.14159. 今天天气很好, don't worry.\n    def f(x): return x\n";
    std::vector<double> enc, dec;
    size_t n = 0;
    for (int i = 0; i < repeats; ++i) {
      auto t0 = Clock::now();
      const auto ids = t->encode(text, false, true);
      enc.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      t0 = Clock::now();
      const std::string back = t->decode(ids);
      dec.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      if (back != text) {
        std::fprintf(stderr, "bench_tokenizer: decode(encode(text)) differs from the text\n");
        return 1;
      }
      n = ids.size();
    }
    const double first = enc.front();  // before anything the tokenizer keeps between calls
    std::sort(enc.begin(), enc.end());
    std::sort(dec.begin(), dec.end());
    std::printf("%zu bytes -> %zu tokens; encode first %.2f ms, median %.2f ms (%.0f tokens/ms); decode median %.2f ms "
                "(%d repeats)\n",
                text.size(), n, first, enc[enc.size() / 2], double(n) / enc[enc.size() / 2], dec[dec.size() / 2], repeats);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_tokenizer: %s\n", e.what());
    return 1;
  }
  return 0;
}
