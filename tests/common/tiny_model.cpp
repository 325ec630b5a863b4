#include "tests/common/tiny_model.h"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>

#include "engine/gguf/gguf_writer.h"
#include "kernels/cpu/quant.h"
#include "tests/common/test_support.h"

namespace inferscope::test {

namespace {

using gguf::GgufWriter;
using gguf::Value;
using gguf::ValueType;
using kernels::GgmlType;

// Normal samples from our own Box-Muller over mt19937_64: the engine's output is fixed by the
// standard, std::normal_distribution's is not, and tests compare numbers across machines.
class Normal {
 public:
  explicit Normal(uint64_t seed) : rng_(seed) {}
  double next() {
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    const double u1 = uniform_open();
    const double u2 = uniform_open();
    const double r = std::sqrt(-2.0 * std::log(u1));
    const double theta = 2.0 * 3.14159265358979323846 * u2;
    spare_ = r * std::sin(theta);
    has_spare_ = true;
    return r * std::cos(theta);
  }

 private:
  double uniform_open() { return (static_cast<double>(rng_() >> 11) + 1.0) * (1.0 / 9007199254740992.0); }  // (0, 1]
  std::mt19937_64 rng_;
  double spare_ = 0.0;
  bool has_spare_ = false;
};

// Each tensor gets its own stream (seed mixed with its name), so adding a tensor never changes others.
uint64_t tensor_seed(uint64_t seed, const std::string& name) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char ch : name) h = (h ^ ch) * 1099511628211ull;
  uint64_t z = seed ^ h;  // splitmix64 finaliser
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

std::vector<uint8_t> encode(GgmlType type, const std::vector<float>& values) {
  if (type == GgmlType::F32) {
    std::vector<uint8_t> bytes(values.size() * sizeof(float));
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
  }
  const auto& traits = kernels::type_traits(type);
  std::vector<uint8_t> bytes(values.size() / static_cast<size_t>(traits.block_elems) * traits.block_bytes);
  kernels::quantize_row_ref(type, values.data(), bytes.data(), static_cast<int64_t>(values.size()));
  return bytes;
}

void add_random(GgufWriter& w, const TinyModelSpec& spec, const std::string& name, uint64_t in, uint64_t out,
                GgmlType type) {
  Normal normal(tensor_seed(spec.seed, name));
  std::vector<float> v(in * out);
  for (float& x : v) x = static_cast<float>(normal.next() * spec.weight_scale);
  w.add_tensor(name, {in, out}, type, encode(type, v));
}

void add_norm(GgufWriter& w, const TinyModelSpec& spec, const std::string& name, uint64_t n) {
  Normal normal(tensor_seed(spec.seed, name));
  std::vector<float> v(n);
  for (float& x : v) x = static_cast<float>(1.0 + 0.02 * normal.next());
  w.add_tensor(name, {n}, GgmlType::F32, encode(GgmlType::F32, v));
}

// GPT-2's byte-to-symbol table: printable bytes stand for themselves, the others are shifted to
// code points from U+0100 up, so that every byte has a visible, non-space symbol (space is 'Ġ').
std::string byte_symbol(int b) {
  int cp = b;
  const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
  if (!printable) {
    int n = 0;  // position of b among the non-printable bytes
    for (int i = 0; i < b; ++i) {
      if (!((i >= '!' && i <= '~') || (i >= 0xA1 && i <= 0xAC) || (i >= 0xAE && i <= 0xFF))) ++n;
    }
    cp = 256 + n;
  }
  std::string s;
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else {
    s += static_cast<char>(0xC0 | (cp >> 6));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return s;
}

struct Vocab {
  std::vector<std::string> tokens;
  std::vector<int32_t> types;
  std::vector<float> scores;
  std::vector<std::string> merges;
};

constexpr const char* kChatMlTemplate =
    "{% for message in messages %}{% if loop.first and messages[0]['role'] != 'system' %}"
    "{{ '<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n' }}"
    "{% endif %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}";

Vocab gpt2_vocab() {
  Vocab v;
  for (const char* special : {"<|endoftext|>", "<|im_start|>", "<|im_end|>"}) {
    v.tokens.push_back(special);
    v.types.push_back(3);  // control
  }
  for (int b = 0; b < 256; ++b) {
    v.tokens.push_back(byte_symbol(b));
    v.types.push_back(1);
  }
  // Each merge's halves are already tokens when it is listed: the order is the merge priority.
  const char* merges[][2] = {
      {"Ġ", "t"}, {"h", "e"}, {"Ġt", "he"}, {"i", "n"}, {"Ġ", "a"}, {"e", "r"}, {"o", "n"}, {"Ġ", "s"},
      {"r", "e"}, {"Ġ", "w"}, {"a", "t"}, {"e", "n"}, {"Ġ", "o"}, {"i", "s"}, {"Ġa", "n"}, {"Ġan", "d"},
      {"o", "u"}, {"Ġ", "h"}, {"l", "l"}, {"in", "g"}, {"Ġw", "a"}, {"Ġwa", "s"}, {"Ġ", "c"}, {"Ġo", "n"},
  };
  for (const auto& m : merges) {
    v.merges.push_back(std::string(m[0]) + " " + m[1]);
    v.tokens.push_back(std::string(m[0]) + m[1]);
    v.types.push_back(1);
  }
  return v;
}

Vocab llama_vocab() {
  Vocab v;
  auto add = [&v](std::string piece, int32_t type, float score) {
    v.tokens.push_back(std::move(piece));
    v.types.push_back(type);
    v.scores.push_back(score);
  };
  add("<unk>", 2, 0.0f);
  add("<s>", 3, 0.0f);
  add("</s>", 3, 0.0f);
  for (int b = 0; b < 256; ++b) {
    char piece[8];
    std::snprintf(piece, sizeof piece, "<0x%02X>", b);
    add(piece, 6, 0.0f);
  }
  // SentencePiece merges by score, highest first: longer, more frequent pieces score higher here.
  const char* pieces[] = {"▁t", "he", "▁the", "▁a", "in", "er", "on", "▁s", "re", "▁w", "at", "en",
                          "▁o", "is", "▁an", "▁and", "ou", "▁h", "ll", "ing", "▁wa", "▁was", "▁c", "▁on",
                          "▁", "e", "t", "a", "o", "h", "n", "s", "i", "r", "l", "d", "w", "c", "g", "u"};
  float score = -1.0f;
  for (const char* p : pieces) {
    add(p, 1, score);
    score -= 1.0f;
  }
  return v;
}

Value string_array(const std::vector<std::string>& items) {
  std::vector<Value> values;
  values.reserve(items.size());
  for (const auto& s : items) values.push_back(Value::str(s));
  return Value::array(ValueType::STRING, std::move(values));
}

void set_tokenizer(GgufWriter& w, const TinyModelSpec& spec, const Vocab& v) {
  std::vector<Value> types;
  for (int32_t t : v.types) types.push_back(Value::i32(t));
  w.set("tokenizer.ggml.model", Value::str(spec.tokenizer));
  w.set("tokenizer.ggml.tokens", string_array(v.tokens));
  w.set("tokenizer.ggml.token_type", Value::array(ValueType::INT32, std::move(types)));
  if (spec.tokenizer == "gpt2") {
    w.set("tokenizer.ggml.pre", Value::str("smollm"));
    w.set("tokenizer.ggml.merges", string_array(v.merges));
    w.set("tokenizer.ggml.bos_token_id", Value::u32(1));
    w.set("tokenizer.ggml.eos_token_id", Value::u32(2));
    w.set("tokenizer.ggml.unknown_token_id", Value::u32(0));
    w.set("tokenizer.ggml.padding_token_id", Value::u32(2));
    w.set("tokenizer.ggml.add_bos_token", Value::boolean(false));
    w.set("tokenizer.chat_template", Value::str(kChatMlTemplate));
  } else {
    std::vector<Value> scores;
    for (float s : v.scores) scores.push_back(Value::f32(s));
    w.set("tokenizer.ggml.pre", Value::str("default"));
    w.set("tokenizer.ggml.scores", Value::array(ValueType::FLOAT32, std::move(scores)));
    w.set("tokenizer.ggml.bos_token_id", Value::u32(1));
    w.set("tokenizer.ggml.eos_token_id", Value::u32(2));
    w.set("tokenizer.ggml.unknown_token_id", Value::u32(0));
    w.set("tokenizer.ggml.add_bos_token", Value::boolean(true));
    w.set("tokenizer.ggml.add_eos_token", Value::boolean(false));
  }
}

void check_spec(const TinyModelSpec& s) {
  auto fail = [](const std::string& why) { throw std::invalid_argument("TinyModelSpec: " + why); };
  if (s.n_layers < 1 || s.n_embd < 1 || s.n_heads < 1 || s.n_kv_heads < 1 || s.n_ff < 1 || s.context < 1) {
    fail("sizes must be positive");
  }
  if (s.n_embd % s.n_heads != 0) fail("n_embd must be a multiple of n_heads");
  if (s.n_heads % s.n_kv_heads != 0) fail("n_heads must be a multiple of n_kv_heads");
  if (s.tokenizer != "gpt2" && s.tokenizer != "llama") fail("tokenizer must be \"gpt2\" or \"llama\"");
  const int64_t wb = kernels::type_traits(s.weight_type).block_elems;
  const int64_t eb = kernels::type_traits(s.embd_type).block_elems;
  if (s.n_embd % wb != 0 || s.n_ff % wb != 0) fail("n_embd and n_ff must be multiples of the weight block size");
  if (s.n_embd % eb != 0) fail("n_embd must be a multiple of the embedding block size");
}

GgufWriter tiny_model_writer(const TinyModelSpec& spec) {
  check_spec(spec);
  const auto embd = static_cast<uint64_t>(spec.n_embd);
  const auto ff = static_cast<uint64_t>(spec.n_ff);
  const uint64_t head_dim = embd / static_cast<uint64_t>(spec.n_heads);
  const uint64_t kv_dim = head_dim * static_cast<uint64_t>(spec.n_kv_heads);
  const Vocab vocab = spec.tokenizer == "gpt2" ? gpt2_vocab() : llama_vocab();
  const uint64_t n_vocab = vocab.tokens.size();

  GgufWriter w(32);
  w.set("general.architecture", Value::str("llama"));
  w.set("general.name", Value::str("tiny-random-llama"));
  w.set("llama.block_count", Value::u32(static_cast<uint32_t>(spec.n_layers)));
  w.set("llama.context_length", Value::u32(static_cast<uint32_t>(spec.context)));
  w.set("llama.embedding_length", Value::u32(static_cast<uint32_t>(spec.n_embd)));
  w.set("llama.feed_forward_length", Value::u32(static_cast<uint32_t>(spec.n_ff)));
  w.set("llama.attention.head_count", Value::u32(static_cast<uint32_t>(spec.n_heads)));
  w.set("llama.attention.head_count_kv", Value::u32(static_cast<uint32_t>(spec.n_kv_heads)));
  w.set("llama.rope.freq_base", Value::f32(spec.rope_base));
  w.set("llama.rope.dimension_count", Value::u32(static_cast<uint32_t>(head_dim)));
  w.set("llama.attention.layer_norm_rms_epsilon", Value::f32(spec.rms_eps));
  w.set("llama.vocab_size", Value::u32(static_cast<uint32_t>(n_vocab)));
  set_tokenizer(w, spec, vocab);

  add_random(w, spec, "token_embd.weight", embd, n_vocab, spec.embd_type);
  add_norm(w, spec, "output_norm.weight", embd);
  if (!spec.tied_output) add_random(w, spec, "output.weight", embd, n_vocab, spec.embd_type);
  for (int l = 0; l < spec.n_layers; ++l) {
    const std::string p = "blk." + std::to_string(l) + ".";
    add_norm(w, spec, p + "attn_norm.weight", embd);
    add_random(w, spec, p + "attn_q.weight", embd, embd, spec.weight_type);
    add_random(w, spec, p + "attn_k.weight", embd, kv_dim, spec.weight_type);
    add_random(w, spec, p + "attn_v.weight", embd, kv_dim, spec.weight_type);
    add_random(w, spec, p + "attn_output.weight", embd, embd, spec.weight_type);
    add_norm(w, spec, p + "ffn_norm.weight", embd);
    add_random(w, spec, p + "ffn_gate.weight", embd, ff, spec.weight_type);
    add_random(w, spec, p + "ffn_up.weight", embd, ff, spec.weight_type);
    add_random(w, spec, p + "ffn_down.weight", ff, embd, spec.weight_type);
  }
  return w;
}

}  // namespace

std::vector<uint8_t> tiny_model_bytes(const TinyModelSpec& spec) { return tiny_model_writer(spec).to_bytes(); }

std::string write_tiny_model(const TinyModelSpec& spec, const std::string& name) {
  static std::atomic<int> counter{0};
  const std::filesystem::path path =
      std::filesystem::path(temp_dir()) / (name + "-" + std::to_string(counter.fetch_add(1)) + ".gguf");
  tiny_model_writer(spec).write(path.string());
  return path.string();
}

}  // namespace inferscope::test
