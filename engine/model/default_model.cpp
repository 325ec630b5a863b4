#include "engine/model/default_model.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace inferscope {

std::string model_cache_dir() {
  std::filesystem::path cache;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    cache = xdg;
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    cache = std::filesystem::path(home) / ".cache";
  } else {
    cache = ".cache";
  }
  return (cache / "inferscope" / "models").string();
}

std::string default_model_path() {
  if (const char* env = std::getenv("INFERSCOPE_MODEL"); env && *env) return env;
  return (std::filesystem::path(model_cache_dir()) / kDefaultModelFile).string();
}

std::string resolve_model_path(const std::string& user_path) {
  if (!user_path.empty()) {
    if (!std::filesystem::exists(user_path)) throw std::runtime_error("model file not found: " + user_path);
    return user_path;
  }
  const std::string p = default_model_path();
  if (!std::filesystem::exists(p))
    throw std::runtime_error("default model not found at " + p +
                             "; run 'inferscope-cli fetch smollm2-135m' (an installed package) or '" +
                             std::string(kSetupCommand) + "' (a source tree) to install it, or pass -m MODEL.gguf");
  return p;
}

}  // namespace inferscope
