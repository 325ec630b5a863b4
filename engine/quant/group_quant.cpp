#include "engine/quant/group_quant.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace inferscope::quant {

GroupParams group_params(int bits, float lo, float hi) {
  lo = std::min(lo, 0.0f);
  hi = std::max(hi, 0.0f);
  const int maxq = (1 << bits) - 1;
  GroupParams p;
  p.scale = std::max(hi - lo, 1e-5f) / float(maxq);
  p.zero = std::clamp(int(std::nearbyint(-lo / p.scale)), 0, maxq);
  return p;
}

void GroupQuantTensor::resize(int64_t rows, int64_t cols, int b, int g) {
  n_out = rows;
  n_in = cols;
  bits = b;
  group = g > 0 ? g : int(cols);
  codes.assign(size_t(rows * cols), 0);
  scales.assign(size_t(rows * groups_per_row()), 0.0f);
  zeros.assign(size_t(rows * groups_per_row()), 0);
}

void rtn_quantize_rows(const float* w, GroupQuantTensor& t, int64_t row_begin, int64_t row_end) {
  const int64_t G = t.groups_per_row();
  for (int64_t r = row_begin; r < row_end; ++r) {
    const float* row = w + r * t.n_in;
    for (int64_t g = 0; g < G; ++g) {
      const int64_t i0 = g * t.group, i1 = std::min(t.n_in, i0 + t.group);
      const auto [lo, hi] = std::minmax_element(row + i0, row + i1);
      const GroupParams p = group_params(t.bits, *lo, *hi);
      t.scales[size_t(r * G + g)] = p.scale;
      t.zeros[size_t(r * G + g)] = uint8_t(p.zero);
      for (int64_t i = i0; i < i1; ++i) t.codes[size_t(r * t.n_in + i)] = uint8_t(quantize_code(p, t.bits, row[i]));
    }
  }
}

GroupQuantTensor rtn_quantize(const float* w, int64_t n_out, int64_t n_in, int bits, int group) {
  GroupQuantTensor t;
  t.resize(n_out, n_in, bits, group);
  rtn_quantize_rows(w, t, 0, n_out);
  return t;
}

void dequantize_rows(const GroupQuantTensor& t, float* out, int64_t row_begin, int64_t row_end) {
  const int64_t G = t.groups_per_row();
  const bool scaled = !t.input_scale.empty();
  for (int64_t r = row_begin; r < row_end; ++r) {
    const uint8_t* codes = &t.codes[size_t(r * t.n_in)];
    float* row = out + r * t.n_in;
    for (int64_t g = 0; g < G; ++g) {
      const float s = t.scales[size_t(r * G + g)];
      const int z = t.zeros[size_t(r * G + g)];
      const int64_t i1 = std::min(t.n_in, (g + 1) * t.group);
      for (int64_t i = g * t.group; i < i1; ++i) row[i] = float(int(codes[i]) - z) * s;
    }
    if (scaled)
      for (int64_t i = 0; i < t.n_in; ++i) row[i] /= t.input_scale[size_t(i)];
  }
}

void dequantize(const GroupQuantTensor& t, float* out) { dequantize_rows(t, out, 0, t.n_out); }

namespace {

template <class T>
void put(std::vector<uint8_t>& out, const T& v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  out.insert(out.end(), p, p + sizeof v);
}

template <class T>
T get(const std::vector<uint8_t>& in, size_t& at) {
  if (in.size() < at + sizeof(T)) throw std::runtime_error("group-quantized tensor: truncated");
  T v;
  std::memcpy(&v, in.data() + at, sizeof v);
  at += sizeof v;
  return v;
}

template <class T>
void put_vec(std::vector<uint8_t>& out, const std::vector<T>& v) {
  put(out, uint64_t(v.size()));
  const auto* p = reinterpret_cast<const uint8_t*>(v.data());
  out.insert(out.end(), p, p + v.size() * sizeof(T));
}

template <class T>
std::vector<T> get_vec(const std::vector<uint8_t>& in, size_t& at, uint64_t max_n) {
  const auto n = get<uint64_t>(in, at);
  if (n > max_n || in.size() < at + n * sizeof(T)) throw std::runtime_error("group-quantized tensor: bad vector");
  std::vector<T> v(n);
  if (n > 0) std::memcpy(v.data(), in.data() + at, n * sizeof(T));  // an empty vector's data() may be null
  at += n * sizeof(T);
  return v;
}

}  // namespace

void append_bytes(const GroupQuantTensor& t, std::vector<uint8_t>& out) {
  put(out, uint32_t(t.name.size()));
  out.insert(out.end(), t.name.begin(), t.name.end());
  put(out, int32_t(t.bits));
  put(out, int32_t(t.group));
  put(out, t.n_in);
  put(out, t.n_out);
  // Codes packed low bits first, `bits` bits each, through a 64-bit accumulator.
  const size_t n = t.codes.size();
  std::vector<uint8_t> packed;
  packed.reserve((n * size_t(t.bits) + 7) / 8);
  uint64_t acc = 0;
  int have = 0;
  for (size_t i = 0; i < n; ++i) {
    acc |= uint64_t(t.codes[i]) << have;
    have += t.bits;
    while (have >= 8) {
      packed.push_back(uint8_t(acc));
      acc >>= 8;
      have -= 8;
    }
  }
  if (have > 0) packed.push_back(uint8_t(acc));
  put_vec(out, packed);
  put_vec(out, t.scales);
  put_vec(out, t.zeros);
  put_vec(out, t.input_scale);
}

GroupQuantTensor from_bytes(const std::vector<uint8_t>& in, size_t& at) {
  GroupQuantTensor t;
  const auto name_len = get<uint32_t>(in, at);
  if (in.size() < at + name_len) throw std::runtime_error("group-quantized tensor: truncated name");
  t.name.assign(reinterpret_cast<const char*>(in.data() + at), name_len);
  at += name_len;
  const int bits = get<int32_t>(in, at), group = get<int32_t>(in, at);
  const auto n_in = get<int64_t>(in, at), n_out = get<int64_t>(in, at);
  if (bits < 2 || bits > 8 || group < 1 || n_in < 1 || n_out < 1 || n_in > (int64_t(1) << 24) || n_out > (int64_t(1) << 24))
    throw std::runtime_error("group-quantized tensor: bad header");
  t.resize(n_out, n_in, bits, group);
  const size_t n = t.codes.size();
  const auto packed = get_vec<uint8_t>(in, at, (n * size_t(bits) + 7) / 8);
  if (packed.size() != (n * size_t(bits) + 7) / 8) throw std::runtime_error("group-quantized tensor: bad codes");
  const uint32_t mask = (1u << bits) - 1;
  uint64_t acc = 0;
  int have = 0;
  size_t next = 0;
  for (size_t i = 0; i < n; ++i) {
    while (have < bits) {
      acc |= uint64_t(packed[next++]) << have;
      have += 8;
    }
    t.codes[i] = uint8_t(acc & mask);
    acc >>= bits;
    have -= bits;
  }
  t.scales = get_vec<float>(in, at, t.scales.size());
  t.zeros = get_vec<uint8_t>(in, at, t.zeros.size());
  t.input_scale = get_vec<float>(in, at, size_t(n_in));
  if (t.scales.size() != size_t(n_out * t.groups_per_row()) || t.zeros.size() != t.scales.size() ||
      (!t.input_scale.empty() && t.input_scale.size() != size_t(n_in)))
    throw std::runtime_error("group-quantized tensor: sizes do not match its shape");
  return t;
}

}  // namespace inferscope::quant
