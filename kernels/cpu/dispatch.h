#pragma once
// Which instruction set the fast paths use. Chosen once from CPUID; INFERSCOPE_SIMD=scalar in
// the environment forces the scalar paths, and tests may switch at run time to compare both.
namespace inferscope::kernels {

enum class SimdLevel { Scalar, Avx2 };

// The level the fast paths use now.
SimdLevel active_simd();
// The best level this CPU supports (ignores the environment variable).
SimdLevel detected_simd();
// Switches the level (for tests and benchmarks); a level above detected_simd() is clamped.
// Returns the level now active. Not meant to be called while kernels run on other threads.
SimdLevel set_simd_level(SimdLevel level);

}  // namespace inferscope::kernels
