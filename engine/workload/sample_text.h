#pragma once
// A built-in English text (our own) that synthetic workloads slice prompts from.
#include <string_view>

namespace inferscope {
std::string_view sample_text();
}
