#include "tests/common/tiny_model.h"
// Implementation pending (GGUF writer).
