#pragma once
// Where the default model (SmolLM2-135M-Instruct Q4_1, set up by packaging/bootstrap.sh) lives.
#include <string>

namespace inferscope {

inline constexpr const char* kDefaultModelFile = "SmolLM2-135M-Instruct.Q4_1.gguf";
inline constexpr const char* kDefaultModelSha256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53";
inline constexpr const char* kSetupCommand = "packaging/bootstrap.sh run";

// The folder the bootstrap installs models into: ${XDG_CACHE_HOME:-~/.cache}/inferscope/models.
std::string model_cache_dir();
// $INFERSCOPE_MODEL when set, else model_cache_dir()/<kDefaultModelFile>.
std::string default_model_path();
// The path to use when the user named none: default_model_path(); throws std::runtime_error naming the
// set-up command when that file does not exist.
std::string resolve_model_path(const std::string& user_path);

}  // namespace inferscope
