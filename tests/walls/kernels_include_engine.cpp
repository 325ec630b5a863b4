// Must not compile: the kernels know nothing of the engine.
#include "engine/llm_engine.h"
