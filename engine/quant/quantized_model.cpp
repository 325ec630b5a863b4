#include "engine/quant/quantized_model.h"

#include <chrono>
#include <map>
#include <optional>

#include <spdlog/spdlog.h>

#include "engine/gguf/gguf_file.h"
#include "engine/model/model_config.h"
#include "kernels/cpu/thread_pool.h"

namespace inferscope::quant {

namespace {

// What a re-encoded tensor of n_out rows of n_in takes in a simulated mode's own format (ModelCard's
// weight_bytes_encoded): B-bit codes, an fp16 scale per scale group, and the mode's zero points.
uint64_t encoded_bytes(const WeightMode& mode, int64_t n_in, int64_t n_out) {
  const int64_t groups_per_row = mode.group == kPerTensor ? 0 : mode.group == kPerChannel ? 1 : (n_in + mode.group - 1) / mode.group;
  const int64_t groups = mode.group == kPerTensor ? 1 : groups_per_row * n_out;
  const int64_t code_bits = int64_t(mode.bits) * n_in * n_out;
  int64_t group_bits = 16;  // the fp16 scale
  if (mode.calibrated()) group_bits += mode.bits;  // an integer zero point of B bits (group_quant.h)
  else if (mode.asym) group_bits += 16;            // an fp16 offset
  return uint64_t((code_bits + groups * group_bits + 7) / 8);
}

// Fills the card's mode fields and re-encoded tensors; weight_bytes is summed again from the tensors.
void update_card(ModelCard& card, const WeightMode& mode, const std::vector<TensorError>& errors) {
  card.weight_mode = mode.name();
  card.weight_mode_label = mode.label();
  card.weights_simulated = mode.simulated();
  std::map<std::string, const TensorError*> by_name;
  for (const TensorError& e : errors) by_name[e.name] = &e;
  card.weight_bytes = 0;
  card.weight_bytes_encoded = 0;
  card.bytes_by_type.clear();
  card.tensors_by_type.clear();
  for (TensorSummary& t : card.tensors) {
    bool encoded_here = false;
    if (const auto it = by_name.find(t.name); it != by_name.end()) {
      const TensorError& e = *it->second;
      t.stored_type = kernels::type_name(e.from);
      t.type = kernels::type_name(e.to);
      t.n_bytes = e.bytes;
      t.error_mean_abs = e.mean_abs;
      t.error_max_abs = e.max_abs;
      if (mode.simulated() && t.shape.size() == 2) {
        card.weight_bytes_encoded += encoded_bytes(mode, int64_t(t.shape[0]), int64_t(t.shape[1]));
        encoded_here = true;
      }
    }
    if (!encoded_here) card.weight_bytes_encoded += t.n_bytes;
    card.weight_bytes += t.n_bytes;
    card.bytes_by_type[t.type] += t.n_bytes;
    card.tensors_by_type[t.type] += 1;
  }
}

}  // namespace

std::shared_ptr<LoadedModel> apply_weight_mode(const LoadedModel& base, const WeightMode& mode,
                                               const RequantizeOptions& options, WeightQuantReport* report) {
  std::optional<kernels::ThreadPool> own_pool;
  RequantizeOptions opt = options;
  if (!opt.pool && opt.threads != 1) opt.pool = &own_pool.emplace(opt.threads);
  const auto t0 = std::chrono::steady_clock::now();
  ModelConfig config = read_model_config(*base.file);
  const ModelWeights stored = bind_weights(*base.file, config);
  std::optional<CalibrationReport> calibration;
  RequantizedWeights rq;
  if (mode.calibrated()) {
    calibration.emplace();
    rq = requantize_calibrated(base, mode, opt, &*calibration);
  } else {
    rq = requantize_weights(stored, mode, opt);
  }

  auto m = std::make_shared<LoadedModel>();
  m->file = base.file;
  m->model = std::make_unique<LlamaModel>(base.file, rq.weights, rq.buffers);
  m->tokenizer = base.tokenizer;
  m->chat_template = base.chat_template;
  m->chat_template_error = base.chat_template_error;
  m->card = make_model_card(*base.file, m->model->config(), rq.weights.tied_output);
  m->card.chat_template_family = base.card.chat_template_family;
  update_card(m->card, mode, rq.errors);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  spdlog::info("weights {}: {} bytes (stored {}), {} tensors re-encoded in {:.2f} s", mode.label(), m->card.weight_bytes,
               base.file ? weight_bytes(stored) : 0, rq.errors.size(), seconds);
  if (report) {
    report->mode = mode;
    report->model_bytes = m->card.weight_bytes;
    size_t file_tensor_bytes = 0;
    for (const auto& t : base.file->tensors()) file_tensor_bytes += t.n_bytes;
    report->stored_bytes = file_tensor_bytes;
    report->packed_bytes = m->model->packed().bytes;
    report->tensors = rq.errors;
    double weighted = 0, n = 0;
    report->max_abs = 0;
    for (const TensorError& e : rq.errors) {
      weighted += e.mean_abs * double(e.n_elements);
      n += double(e.n_elements);
      report->max_abs = std::max(report->max_abs, e.max_abs);
    }
    report->mean_abs = n > 0 ? weighted / n : 0.0;
    report->seconds = seconds;
    report->calibration = std::move(calibration);
  }
  return m;
}

std::shared_ptr<LoadedModel> load_model(const std::string& path, const WeightMode& mode, const RequantizeOptions& opt,
                                        WeightQuantReport* report) {
  auto base = inferscope::load_model(path);
  if (!mode.requantizes()) {
    if (report) {
      *report = {};
      report->mode = mode;
      report->model_bytes = report->stored_bytes = base->card.weight_bytes;
      report->packed_bytes = base->model->packed().bytes;
    }
    return base;
  }
  return apply_weight_mode(*base, mode, opt, report);
}

}  // namespace inferscope::quant
