#include "engine/quant/calibrated_quant.h"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <spdlog/spdlog.h>
#include <xxhash.h>

#include "engine/gguf/gguf_file.h"
#include "engine/model/loaded_model.h"
#include "engine/quant/awq.h"
#include "engine/quant/calibration.h"
#include "engine/quant/gptq_sequential.h"
#include "engine/quant/group_quant.h"
#include "kernels/cpu/quant.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::quant {

namespace {

// 2: GPTQ runs layer after layer on the quantized layers' outputs, with the attention sink's row weighted;
// calibration sets grow with the model's own text.
constexpr uint32_t kCacheVersion = 2;
constexpr char kMagic[4] = {'I', 'S', 'Q', 'C'};
constexpr int kCalibrationWindow = 512;
constexpr uint64_t kSelfSeed = 1;
// AWQ and the calibrated round-to-nearest keep every layer's inputs at once (about 0.4 MB a token on
// SmolLM2-135M), so they read only the first tokens of the set; GPTQ sums its Hessians window by window.
constexpr int kCapturedTokens = 1024;

using Site = ForwardStats::LinearSite;

struct Target {
  WeightRef* ref;
  int layer;
  Site site;
};

// The stored tensor dequantized to n_out x n_in floats, with the mode's outlier when it has one.
std::vector<float> source_values(const WeightRef& src, const WeightMode& mode) {
  std::vector<float> w(size_t(src.n_in * src.n_out));
  const size_t rb = kernels::row_bytes(src.type, src.n_in);
  for (int64_t r = 0; r < src.n_out; ++r)
    kernels::dequantize_row_ref(src.type, static_cast<const uint8_t*>(src.data) + size_t(r) * rb, &w[size_t(r * src.n_in)],
                                src.n_in);
  if (mode.outlier) w[size_t(outlier_index(src.n_in, src.n_out))] = *mode.outlier;
  return w;
}

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

struct CacheEntry {
  GroupQuantTensor tensor;
  LinearQuantReport report;
};

std::vector<CacheEntry> read_cache(const std::string& path, const std::string& key) {
  const std::vector<uint8_t> bytes = read_file(path);
  if (bytes.size() < 16 || std::memcmp(bytes.data(), kMagic, 4) != 0) return {};
  size_t at = 4;
  auto get = [&](auto& v) {
    if (bytes.size() < at + sizeof v) throw std::runtime_error("truncated");
    std::memcpy(&v, bytes.data() + at, sizeof v);
    at += sizeof v;
  };
  uint32_t version = 0, key_len = 0, n = 0;
  get(version);
  if (version != kCacheVersion) return {};
  get(key_len);
  if (bytes.size() < at + key_len || std::string(reinterpret_cast<const char*>(bytes.data() + at), key_len) != key) return {};
  at += key_len;
  get(n);
  std::vector<CacheEntry> out(n);
  for (CacheEntry& e : out) {
    e.tensor = from_bytes(bytes, at);
    e.report.name = e.tensor.name;
    int32_t layer = 0;
    get(layer);
    e.report.layer = layer;
    get(e.report.error);
    get(e.report.error_rtn);
    get(e.report.energy);
    get(e.report.alpha);
  }
  if (at != bytes.size()) throw std::runtime_error("trailing bytes");
  return out;
}

void write_cache(const std::string& path, const std::string& key, const std::vector<CacheEntry>& entries) {
  std::vector<uint8_t> bytes(kMagic, kMagic + 4);
  auto put = [&](const auto& v) {
    const auto* p = reinterpret_cast<const uint8_t*>(&v);
    bytes.insert(bytes.end(), p, p + sizeof v);
  };
  put(kCacheVersion);
  put(uint32_t(key.size()));
  bytes.insert(bytes.end(), key.begin(), key.end());
  put(uint32_t(entries.size()));
  for (const CacheEntry& e : entries) {
    append_bytes(e.tensor, bytes);
    put(int32_t(e.report.layer));
    put(e.report.error);
    put(e.report.error_rtn);
    put(e.report.energy);
    put(e.report.alpha);
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  // Written under a temporary name and renamed, so a reader never sees half a file.
  const std::string tmp = path + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!out) {
      spdlog::warn("cannot write the quantization cache file {}", tmp);
      fs::remove(tmp, ec);
      return;
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    spdlog::warn("cannot write the quantization cache file {}: {}", path, ec.message());
    fs::remove(tmp, ec);
  }
}

std::string hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// The calibration set: the text's tokens and, when it is shorter than asked for, how many sequences
// of the model's own text follow it (generated only when no cached result exists).
struct CalibrationPlan {
  std::vector<int32_t> text;
  int self_seqs = 0, self_length = 0;
  int total = 0;  // tokens of the whole set
};

CalibrationPlan plan_for(const LoadedModel& base, const WeightMode& mode, const RequantizeOptions& opt) {
  const int want = mode.method == QuantMethod::Gptq ? opt.calibration_tokens : std::min(opt.calibration_tokens, kCapturedTokens);
  CalibrationPlan p;
  p.text = calibration_tokens(base, opt.calibration_text.empty() ? default_calibration_text() : opt.calibration_text, want);
  p.total = int(p.text.size());
  if (!opt.self_generate || int(p.text.size()) >= want) return p;
  // The text keeps whole windows, so that every generated sequence is a window of its own.
  if (int(p.text.size()) > kCalibrationWindow) p.text.resize(p.text.size() / kCalibrationWindow * kCalibrationWindow);
  p.self_length = std::min(kCalibrationWindow, want);
  p.self_seqs = (want - int(p.text.size()) + p.self_length - 1) / p.self_length;
  p.total = want;
  return p;
}

std::vector<int32_t> tokens_of(LlamaModel& runner, const CalibrationPlan& p, const RequantizeOptions& opt) {
  std::vector<int32_t> tokens = p.text;
  if (p.self_seqs > 0) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<int32_t> own =
        self_generated_tokens(runner, p.text.front(), p.self_seqs, p.self_length, kSelfSeed, opt.pool, opt.cancel);
    spdlog::info("calibration: {} sequences of {} tokens sampled from the model in {:.1f} s", p.self_seqs,
                 p.self_length, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    tokens.insert(tokens.end(), own.begin(), own.end());
    tokens.resize(size_t(p.total));
  }
  return tokens;
}

// Everything a result depends on, readable (it is stored in the file and compared on reading).
std::string cache_key(const LoadedModel& base, const WeightMode& mode, const CalibrationPlan& plan) {
  std::string key = "model=" + hex(model_tensors_hash(*base.file)) + ";mode=" + mode.name();
  if (mode.outlier) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", double(*mode.outlier));
    key += ";outlier=";
    key += buf;
  }
  key += ";tokens=" + std::to_string(plan.text.size()) + ":" + hex(tokens_hash(plan.text));
  if (plan.self_seqs > 0)
    key += ";self=" + std::to_string(plan.total - int(plan.text.size())) + ":seed" +
           std::to_string(kSelfSeed);
  key += ";window=" + std::to_string(kCalibrationWindow) + ";v=" + std::to_string(kCacheVersion);
  return key;
}

std::string path_for_key(const RequantizeOptions& opt, const std::string& key) {
  const std::string dir = opt.cache_dir.empty() ? default_quant_cache_dir() : opt.cache_dir;
  return dir + "/" + hex(XXH3_64bits(key.data(), key.size())) + ".isqc";
}

bool cancelled(const RequantizeOptions& opt) { return opt.cancel && opt.cancel->load(std::memory_order_relaxed); }

// F32 copy of a quantized tensor in buffers; fills err against the source values.
WeightRef materialize(const WeightRef& src, const GroupQuantTensor& t, const std::vector<float>& source,
                      WeightBuffers& buffers, TensorError& err) {
  WeightRef out = src;
  out.type = kernels::GgmlType::F32;
  out.n_bytes = size_t(src.n_in * src.n_out) * sizeof(float);
  auto* dst = reinterpret_cast<float*>(buffers.add(out.n_bytes));
  dequantize(t, dst);
  out.data = dst;
  err = TensorError{};
  err.name = src.name;
  err.from = src.type;
  err.to = out.type;
  err.n_elements = src.n_in * src.n_out;
  err.bytes = out.n_bytes;
  double sum = 0;
  for (size_t i = 0; i < source.size(); ++i) {
    const double e = std::fabs(double(dst[i]) - double(source[i]));
    sum += e;
    err.max_abs = std::max(err.max_abs, e);
  }
  err.mean_abs = err.n_elements ? sum / double(err.n_elements) : 0.0;
  return out;
}

}  // namespace

std::string calibrated_cache_path(const LoadedModel& base, const WeightMode& mode, const RequantizeOptions& opt) {
  return path_for_key(opt, cache_key(base, mode, plan_for(base, mode, opt)));
}

RequantizedWeights requantize_calibrated(const LoadedModel& base, const WeightMode& mode, const RequantizeOptions& opt,
                                         CalibrationReport* report) {
  if (!mode.calibrated()) throw std::invalid_argument("requantize_calibrated: '" + mode.name() + "' is not a calibrated mode");
  const auto t0 = std::chrono::steady_clock::now();
  ModelConfig config = read_model_config(*base.file);
  const ModelWeights stored = bind_weights(*base.file, config);
  const CalibrationPlan plan = plan_for(base, mode, opt);
  const std::string key = cache_key(base, mode, plan);
  const std::string path = opt.use_cache ? path_for_key(opt, key) : std::string();

  RequantizedWeights res;
  res.weights = stored;
  res.buffers = std::make_shared<WeightBuffers>();
  std::vector<Target> targets;
  for (size_t l = 0; l < res.weights.layers.size(); ++l) {
    LayerWeights& L = res.weights.layers[l];
    const int li = static_cast<int>(l);
    for (WeightRef* r : {&L.wq, &L.wk, &L.wv}) targets.push_back({r, li, Site::AttnIn});
    targets.push_back({&L.wo, li, Site::AttnOut});
    for (WeightRef* r : {&L.w_gate, &L.w_up}) targets.push_back({r, li, Site::FfnIn});
    targets.push_back({&L.w_down, li, Site::FfnOut});
  }

  std::vector<CacheEntry> entries;
  bool from_cache = false;
  if (!path.empty()) {
    try {
      entries = read_cache(path, key);
    } catch (const std::exception& e) {
      spdlog::warn("ignoring the unreadable quantization cache file {}: {}", path, e.what());
      entries.clear();
    }
    from_cache = entries.size() == targets.size();
    for (size_t i = 0; from_cache && i < targets.size(); ++i)
      from_cache = entries[i].tensor.name == targets[i].ref->name && entries[i].tensor.n_in == targets[i].ref->n_in &&
                   entries[i].tensor.n_out == targets[i].ref->n_out;
    if (!from_cache) entries.clear();
  }

  double total = 0, done = 0;
  for (const Target& t : targets) total += double(t.ref->n_in) * double(t.ref->n_out);
  auto projection_done = [&](const WeightRef& r) {
    done += double(r.n_in) * double(r.n_out);
    if (opt.progress) opt.progress(0.1 + 0.9 * done / total, r.name);
  };
  if (!from_cache) {
    if (opt.progress) opt.progress(0.0, "calibration");
    LlamaModel runner(base.file);  // the stored weights: the model the result should behave like
    const std::vector<int32_t> tokens = tokens_of(runner, plan, opt);  // plan.total of them
    if (mode.method == QuantMethod::Gptq) {
      if (opt.progress) opt.progress(0.1, "calibration");
      SequentialGptqOptions so;
      so.bits = mode.bits;
      so.group = mode.group;
      so.window = kCalibrationWindow;
      auto results = gptq_sequential(
          base.file, stored, tokens, [&](const WeightRef& r) { return source_values(r, mode); }, so, opt.pool,
          opt.cancel, [&](int layer, int k) { projection_done(*targets[size_t(layer) * 7 + size_t(k)].ref); });
      for (size_t i = 0; i < results.size(); ++i) {
        CacheEntry e;
        e.tensor = std::move(results[i].tensor);
        e.tensor.name = targets[i].ref->name;
        e.report.name = e.tensor.name;
        e.report.layer = results[i].layer;
        e.report.error = results[i].error;
        e.report.error_rtn = results[i].error_rtn;
        e.report.energy = results[i].energy;
        entries.push_back(std::move(e));
      }
    } else {
      // plan_for asked for at most kCapturedTokens for these modes.
      const CalibrationActivations acts = capture_activations(runner, tokens, kCalibrationWindow, opt.pool, opt.cancel);
      if (opt.progress) opt.progress(0.1, "calibration");
      for (const Target& t : targets) {
        if (cancelled(opt)) throw Cancelled();
        const WeightRef& src = *t.ref;
        const std::vector<float> w = source_values(src, mode);
        const std::vector<float>& x = acts.at(t.layer, t.site);
        CacheEntry e;
        e.report.name = src.name;
        e.report.layer = t.layer;
        std::vector<float> back(w.size());
        if (mode.method == QuantMethod::GroupRtn) {
          e.tensor = rtn_quantize(w.data(), src.n_out, src.n_in, mode.bits, mode.group);
          e.tensor.name = src.name;
          dequantize(e.tensor, back.data());
          e.report.error = e.report.error_rtn =
              output_error(w.data(), back.data(), src.n_out, src.n_in, x.data(), acts.n_rows, opt.pool);
        } else {
          AwqOptions ao;
          ao.bits = mode.bits;
          ao.group = mode.group;
          AwqResult r = awq_quantize(src.name, w.data(), src.n_out, src.n_in, x.data(), acts.n_rows, ao, opt.pool, opt.cancel);
          e.tensor = std::move(r.tensor);
          e.report.alpha = r.alpha;
          dequantize(e.tensor, back.data());
          e.report.error = output_error(w.data(), back.data(), src.n_out, src.n_in, x.data(), acts.n_rows, opt.pool);
          dequantize(rtn_quantize(w.data(), src.n_out, src.n_in, mode.bits, mode.group), back.data());
          e.report.error_rtn = output_error(w.data(), back.data(), src.n_out, src.n_in, x.data(), acts.n_rows, opt.pool);
        }
        const std::vector<float> zero(w.size(), 0.0f);
        e.report.energy = output_error(w.data(), zero.data(), src.n_out, src.n_in, x.data(), acts.n_rows, opt.pool);
        entries.push_back(std::move(e));
        projection_done(src);
      }
    }
  }
  if (!from_cache && !path.empty()) write_cache(path, key, entries);

  // The projections from their codes; the embedding (and an untied head) stay as stored.
  for (size_t i = 0; i < targets.size(); ++i) {
    TensorError err;
    const std::vector<float> w = source_values(*targets[i].ref, mode);
    *targets[i].ref = materialize(*targets[i].ref, entries[i].tensor, w, *res.buffers, err);
    res.errors.push_back(err);
  }
  if (opt.progress) opt.progress(1.0, "done");

  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  spdlog::info("{}: {} projections {} in {:.2f} s ({} calibration tokens)", mode.label(), targets.size(),
               from_cache ? "read from the cache" : "quantized", seconds, plan.total);
  if (report) {
    report->tokens = plan.total;
    report->from_cache = from_cache;
    report->cache_file = path;
    report->seconds = seconds;
    report->linears.clear();
    for (const CacheEntry& e : entries) report->linears.push_back(e.report);
  }
  return res;
}

}  // namespace inferscope::quant
