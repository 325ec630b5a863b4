// Must not compile: a kernel header that is not in the engine's API, from above the engine.
#include "kernels/cpu/packed_kernels.h"
