#pragma once
// Which instruction set the fast paths use. Chosen once from CPUID; INFERSCOPE_SIMD=scalar or
// INFERSCOPE_SIMD=avx2 in the environment caps it (scalar is the oracle), and tests may switch at
// run time to compare the levels.
namespace inferscope::kernels {

// Ordered: each level includes the ones below it.
//   Avx2:   AVX2 + FMA + F16C.
//   Avx512: Avx2 plus AVX-512 F/BW/VL/DQ and VNNI (the packed integer matmul kernels).
enum class SimdLevel { Scalar, Avx2, Avx512 };

// The level the fast paths use now.
SimdLevel active_simd();
// The best level this CPU supports (ignores the environment variable).
SimdLevel detected_simd();
// Switches the level (for tests and benchmarks); a level above detected_simd() is clamped.
// Returns the level now active. Not meant to be called while kernels run on other threads.
SimdLevel set_simd_level(SimdLevel level);

}  // namespace inferscope::kernels
