#pragma once
// Internal: the timed loops of ceilings.cpp, one file per instruction set.
#include <cstddef>
#include <cstdint>

namespace inferscope::kernels::ceilings {

// XOR-reduction of n 64-byte lines (n > 0); the result only keeps the loads alive.
uint64_t read_lines_avx512(const uint8_t* p, size_t n_lines);
uint64_t read_lines_avx2(const uint8_t* p, size_t n_lines);
// `iters` rounds of kChains independent FMAs / dot instructions; returns a value to keep them alive.
float fma_burst_avx512(int64_t iters);
float fma_burst_avx2(int64_t iters);
int32_t vnni_burst_avx512(int64_t iters);
inline constexpr int kChains = 12;  // enough independent chains to cover FMA latency x 2 ports

}  // namespace inferscope::kernels::ceilings
