#include "engine/quant/weight_mode.h"

#include <cctype>
#include <charconv>
#include <cstdio>
#include <stdexcept>
#include <vector>

namespace inferscope::quant {

namespace {

constexpr const char* kAccepted =
    "expected stored, f32, f16, bf16, q8_0, q4_0, q4_1, sim:int<2..8>:<per-tensor|per-channel|g32|g64|g128|g256>[:asym], "
    "or <rtn|gptq|awq>:int<2..8>:<per-channel|g32|g64|g128|g256>";

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    const size_t at = s.find(sep, start);
    parts.push_back(s.substr(start, at - start));
    if (at == std::string::npos) return parts;
    start = at + 1;
  }
}

[[noreturn]] void fail(std::string_view name, const std::string& why) {
  throw std::invalid_argument("unknown weight mode '" + std::string(name) + "': " + why);
}

std::string group_name(int group) {
  if (group == kPerTensor) return "per-tensor";
  if (group == kPerChannel) return "per-channel";
  std::string s = "g";  // appended, not "g" + ..., which trips a GCC 12 -Wrestrict false positive
  s += std::to_string(group);
  return s;
}

}  // namespace

std::string WeightMode::name() const {
  switch (kind) {
    case WeightModeKind::Stored: return "stored";
    case WeightModeKind::Real: return lower(kernels::type_name(type));
    case WeightModeKind::Simulated:
      if (method == QuantMethod::Gptq) return "gptq:int" + std::to_string(bits) + ":" + group_name(group);
      if (method == QuantMethod::GroupRtn) return "rtn:int" + std::to_string(bits) + ":" + group_name(group);
      if (method == QuantMethod::Awq) return "awq:int" + std::to_string(bits) + ":" + group_name(group);
      return "sim:int" + std::to_string(bits) + ":" + group_name(group) + (asym ? ":asym" : "");
  }
  return "stored";
}

std::string WeightMode::label() const {
  std::string s = name();
  if (simulated()) s += " (simulated)";
  if (outlier) {
    char buf[48];
    std::snprintf(buf, sizeof buf, ", outlier %g", *outlier);
    s += buf;
  }
  return s;
}

WeightMode parse_weight_mode(std::string_view raw) {
  const std::string s = lower(raw);
  WeightMode m;
  if (s == "stored") return m;
  for (const auto t : {kernels::GgmlType::F32, kernels::GgmlType::F16, kernels::GgmlType::BF16, kernels::GgmlType::Q8_0,
                       kernels::GgmlType::Q4_0, kernels::GgmlType::Q4_1}) {
    if (s == lower(kernels::type_name(t))) {
      m.kind = WeightModeKind::Real;
      m.type = t;
      return m;
    }
  }
  const bool gptq = s.rfind("gptq:", 0) == 0, awq = s.rfind("awq:", 0) == 0, rtn = s.rfind("rtn:", 0) == 0;
  if (s.rfind("sim:", 0) != 0 && !gptq && !awq && !rtn) fail(raw, kAccepted);
  const auto parts = split(s, ':');
  if (gptq || awq || rtn) {
    if (parts.size() != 3) fail(raw, "a calibrated mode is " + parts[0] + ":int<bits>:<granularity>");
  } else if (parts.size() < 3 || parts.size() > 4) {
    fail(raw, "a simulated mode is sim:int<bits>:<granularity>[:asym]");
  }
  m.kind = WeightModeKind::Simulated;
  const std::string& bits = parts[1];
  int b = 0;
  const char* end = bits.data() + bits.size();
  if (bits.rfind("int", 0) != 0 || std::from_chars(bits.data() + 3, end, b).ptr != end || bits.size() == 3)
    fail(raw, "'" + bits + "' is not int<bits>");
  if (b < 2 || b > 8) fail(raw, "bits must be 2..8, got " + std::to_string(b));
  m.bits = b;
  const std::string& g = parts[2];
  if (g == "per-tensor") m.group = kPerTensor;
  else if (g == "per-channel") m.group = kPerChannel;
  else if (g == "g32" || g == "g64" || g == "g128" || g == "g256") m.group = std::stoi(g.substr(1));
  else fail(raw, "granularity '" + g + "' is not per-tensor, per-channel, g32, g64, g128 or g256");
  if (gptq || awq || rtn) {
    // The methods quantize column groups of a row; one range for a whole tensor is not their format.
    if (m.group == kPerTensor) fail(raw, "rtn:, gptq: and awq: take per-channel, g32, g64, g128 or g256");
    m.method = gptq ? QuantMethod::Gptq : (awq ? QuantMethod::Awq : QuantMethod::GroupRtn);
    m.asym = true;
    return m;
  }
  if (parts.size() == 4) {
    if (parts[3] != "asym") fail(raw, "the optional last part is 'asym', got '" + parts[3] + "'");
    m.asym = true;
  }
  return m;
}

}  // namespace inferscope::quant
