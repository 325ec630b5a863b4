// Must not compile: an engine header that is not in the engine's API (the GPTQ solver), from above the engine.
#include "engine/quant/gptq.h"
