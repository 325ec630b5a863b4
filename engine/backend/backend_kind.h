#pragma once
// Which device runs the forward pass, and what the engine can say about that device.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace inferscope {

enum class BackendKind { Cpu, Cuda };

const char* backend_name(BackendKind b);                         // "cpu", "cuda"
std::optional<BackendKind> backend_from_name(std::string_view s);  // case-insensitive

struct DeviceInfo {
  std::string name;          // "NVIDIA H200", or the CPU's description
  size_t total_bytes = 0;    // device memory (0 for the CPU backend: host memory is not budgeted here)
  size_t free_bytes = 0;     // free device memory when asked
  int compute_capability = 0;  // major * 10 + minor (CUDA only)
  int multiprocessors = 0;
};

// Whether a backend can run in this process. available=false carries a one-line reason that names
// the cause ("this build has no CUDA backend", "no CUDA device (cudaGetDeviceCount: ...)").
struct BackendProbe {
  bool available = false;
  std::string reason;
  DeviceInfo device;
};

// Cheap and side-effect free apart from initialising the CUDA runtime once; never throws.
BackendProbe probe_backend(BackendKind b);
// True when this binary was built with the CUDA backend compiled in.
bool cuda_backend_compiled();

// The GPU's two rooflines, measured now on device 0 (kernels/cuda/ceilings.h): a device-to-device copy
// (bytes read + written per second) and a bf16 cuBLAS product (flop/s), medians over `reps` runs.
struct GpuRoofline {
  double hbm_bytes_per_s = 0;
  double bf16_flop_per_s = 0;
};
// Throws std::runtime_error when the CUDA backend is unavailable (the probe's reason) or a call fails.
GpuRoofline measure_cuda_roofline(int reps = 10);

}  // namespace inferscope
