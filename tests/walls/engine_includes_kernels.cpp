// Builds with the rest: the engine includes any kernel header.
#include "engine/llm_engine.h"
#include "kernels/cpu/packed_kernels.h"
