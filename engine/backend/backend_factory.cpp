// Backend names, probing and construction. The CUDA parts are compiled only when CMake found the
// toolkit (INFERSCOPE_HAVE_CUDA); without it every CUDA request gets the same one-line reason.
#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "engine/backend/cpu_backend.h"
#include "engine/backend/forward_backend.h"
#include "engine/model/loaded_model.h"
#ifndef INFERSCOPE_HAVE_CUDA
#define INFERSCOPE_HAVE_CUDA 0
#endif
#if INFERSCOPE_HAVE_CUDA
#include "engine/backend/cuda/cuda_backend.h"
#include "kernels/cuda/ceilings.h"
#endif

namespace inferscope {

const char* backend_name(BackendKind b) { return b == BackendKind::Cuda ? "cuda" : "cpu"; }

std::optional<BackendKind> backend_from_name(std::string_view s) {
  std::string lower(s);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lower == "cpu") return BackendKind::Cpu;
  if (lower == "cuda") return BackendKind::Cuda;
  return std::nullopt;
}

bool cuda_backend_compiled() { return INFERSCOPE_HAVE_CUDA != 0; }

BackendProbe probe_backend(BackendKind b) {
  BackendProbe p;
  if (b == BackendKind::Cpu) {
    p.available = true;
    p.device.name = "CPU";
    return p;
  }
#if INFERSCOPE_HAVE_CUDA
  return probe_cuda_backend();
#else
  p.reason = "this build has no CUDA backend (CMake found no CUDA toolkit, or INFERSCOPE_CUDA=OFF)";
  return p;
#endif
}

GpuRoofline measure_cuda_roofline(int reps) {
  const BackendProbe p = probe_backend(BackendKind::Cuda);
  if (!p.available) throw std::runtime_error(p.reason);
#if INFERSCOPE_HAVE_CUDA
  const kernels::cuda::GpuCeilings c = kernels::cuda::measure_gpu_ceilings(size_t(1) << 30, 8192, reps);
  return {c.hbm_bytes_per_s, c.bf16_flop_per_s};
#else
  (void)reps;
  throw std::runtime_error(p.reason);
#endif
}

std::unique_ptr<ForwardBackend> make_backend(BackendKind kind, const LoadedModel& model, const KvLayout& layout,
                                             int64_t num_blocks, kernels::ThreadPool* pool) {
  if (kind == BackendKind::Cpu) return std::make_unique<CpuBackend>(*model.model, layout, num_blocks, pool);
  const BackendProbe p = probe_backend(kind);
  if (!p.available) throw std::runtime_error(p.reason);
  // The CUDA graph is llama's (with qwen2's biases): anything more would run silently wrong there.
  if (const std::string feature = model.model->config().beyond_llama_graph(); !feature.empty())
    throw std::runtime_error("the CUDA backend does not implement " + feature + " (" +
                             model.model->config().architecture + "); use the CPU backend");
#if INFERSCOPE_HAVE_CUDA
  return make_cuda_backend(*model.model, layout, num_blocks);
#else
  throw std::runtime_error(p.reason);
#endif
}

}  // namespace inferscope
