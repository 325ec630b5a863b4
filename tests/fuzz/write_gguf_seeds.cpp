// Writes a seed corpus for fuzz_gguf: small valid GGUF files from our writer (llama-shaped models of
// several tensor types, every metadata value type, nested arrays, v2, other alignments).
// Usage: write_gguf_seeds DIR
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>

#include "engine/gguf/gguf_writer.h"

using namespace inferscope;
using gguf::GgufWriter;
using gguf::Value;
using gguf::ValueType;
using kernels::GgmlType;

namespace {

// Tensor contents do not matter to the parser, so quantized blocks are random bytes.
std::vector<uint8_t> random_tensor(GgmlType t, const std::vector<uint64_t>& ne, std::mt19937_64& rng) {
  const auto& tr = kernels::type_traits(t);
  size_t n = ne[0] / static_cast<uint64_t>(tr.block_elems) * tr.block_bytes;
  for (size_t d = 1; d < ne.size(); ++d) n *= ne[d];
  std::vector<uint8_t> v(n);
  for (auto& b : v) b = static_cast<uint8_t>(rng());
  return v;
}

Value strings(std::initializer_list<const char*> items) {
  std::vector<Value> v;
  for (const char* s : items) v.push_back(Value::str(s));
  return Value::array(ValueType::STRING, std::move(v));
}

GgufWriter tiny_llama(GgmlType weight, GgmlType embd, uint64_t n_embd, uint32_t alignment) {
  std::mt19937_64 rng(static_cast<uint64_t>(weight) * 131 + static_cast<uint64_t>(embd));
  GgufWriter w(alignment);
  const uint64_t n_vocab = 8;
  w.set("general.architecture", Value::str("llama"));
  w.set("llama.block_count", Value::u32(1));
  w.set("llama.embedding_length", Value::u32(static_cast<uint32_t>(n_embd)));
  w.set("llama.feed_forward_length", Value::u32(static_cast<uint32_t>(n_embd)));
  w.set("llama.attention.head_count", Value::u32(2));
  w.set("llama.attention.head_count_kv", Value::u32(1));
  w.set("llama.rope.freq_base", Value::f32(10000.0f));
  w.set("llama.attention.layer_norm_rms_epsilon", Value::f32(1e-5f));
  w.set("tokenizer.ggml.model", Value::str("gpt2"));
  w.set("tokenizer.ggml.tokens", strings({"<|endoftext|>", "a", "b", "Ġ", "ab", "Ġa", "c", "d"}));
  w.set("tokenizer.ggml.token_type",
        Value::array(ValueType::INT32, {Value::i32(3), Value::i32(1), Value::i32(1), Value::i32(1), Value::i32(1),
                                        Value::i32(1), Value::i32(1), Value::i32(1)}));
  w.set("tokenizer.ggml.merges", strings({"a b", "Ġ a"}));
  w.set("tokenizer.ggml.add_bos_token", Value::boolean(false));
  w.add_tensor("token_embd.weight", {n_embd, n_vocab}, embd, random_tensor(embd, {n_embd, n_vocab}, rng));
  w.add_tensor("output_norm.weight", {n_embd}, GgmlType::F32, random_tensor(GgmlType::F32, {n_embd}, rng));
  for (const char* name : {"blk.0.attn_q.weight", "blk.0.attn_k.weight", "blk.0.ffn_down.weight"}) {
    w.add_tensor(name, {n_embd, 2}, weight, random_tensor(weight, {n_embd, 2}, rng));
  }
  return w;
}

GgufWriter every_value_type() {
  GgufWriter w(64);
  w.set("u8", Value::u8(1));
  w.set("i8", Value::i8(-1));
  w.set("u16", Value::u16(2));
  w.set("i16", Value::i16(-2));
  w.set("u32", Value::u32(3));
  w.set("i32", Value::i32(-3));
  w.set("u64", Value::u64(4));
  w.set("i64", Value::i64(-4));
  w.set("f32", Value::f32(0.5f));
  w.set("f64", Value::f64(0.25));
  w.set("bool", Value::boolean(true));
  w.set("str", Value::str("text"));
  w.set("arr", Value::array(ValueType::UINT16, {Value::u16(1), Value::u16(2)}));
  w.set("nested", Value::array(ValueType::ARRAY, {strings({"x", "y"}), strings({})}));
  w.add_tensor("t", {4, 2, 1, 1}, GgmlType::F16, std::vector<uint8_t>(16, 0x3c));
  return w;
}

bool save(const std::filesystem::path& path, const std::vector<uint8_t>& bytes) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  return std::fclose(f) == 0 && ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  struct Seed { std::string name; std::vector<uint8_t> bytes; };
  std::vector<Seed> seeds;
  const std::pair<GgmlType, uint64_t> types[] = {
      {GgmlType::F32, 32}, {GgmlType::F16, 32}, {GgmlType::BF16, 32}, {GgmlType::Q4_0, 32}, {GgmlType::Q4_1, 32},
      {GgmlType::Q5_0, 32}, {GgmlType::Q5_1, 32}, {GgmlType::Q8_0, 32}, {GgmlType::Q4_K, 256}, {GgmlType::Q5_K, 256},
      {GgmlType::Q6_K, 256}};
  for (const auto& [type, n_embd] : types) {
    const std::string name = std::string("tiny-") + kernels::type_name(type);
    seeds.push_back({name, tiny_llama(type, GgmlType::F32, n_embd, 32).to_bytes()});
  }
  seeds.push_back({"tiny-q8_0-embd-align64", tiny_llama(GgmlType::Q4_1, GgmlType::Q8_0, 32, 64).to_bytes()});
  seeds.push_back({"every-value-type", every_value_type().to_bytes()});
  auto v2 = tiny_llama(GgmlType::Q8_0, GgmlType::F16, 32, 32).to_bytes();
  v2[4] = 2;
  seeds.push_back({"tiny-v2", v2});
  seeds.push_back({"empty-metadata", GgufWriter().to_bytes()});
  for (const Seed& s : seeds) {
    if (!save(dir / (s.name + ".gguf"), s.bytes)) {
      std::fprintf(stderr, "cannot write %s\n", (dir / s.name).c_str());
      return 1;
    }
  }
  std::printf("wrote %zu seeds to %s\n", seeds.size(), dir.c_str());
  return 0;
}
