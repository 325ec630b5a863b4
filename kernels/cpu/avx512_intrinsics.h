#pragma once
// <immintrin.h> for the AVX-512 kernels. GCC 12 reports the "undefined" pass-through operand inside
// many AVX-512 intrinsics (_mm512_cvtph_ps, _mm512_unpacklo_ps, ...) as used uninitialized once our
// loops are unrolled by pragma (GCC bug 105593, fixed in GCC 13): hundreds of warnings about its own
// header that would bury real ones. Include this instead of <immintrin.h> in those kernels.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>
