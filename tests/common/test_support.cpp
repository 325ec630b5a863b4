#include "tests/common/test_support.h"

#include <QTemporaryDir>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "engine/model/default_model.h"

namespace inferscope::test {

std::string source_dir() { return INFERSCOPE_SOURCE_DIR; }

std::string stories260k_path() {
  // Kept in the repository (tests/data/models/README.md): a clone has everything its tests need.
  auto p = std::filesystem::path(INFERSCOPE_SOURCE_DIR) / "tests" / "data" / "models" / "stories260K.gguf";
  return std::filesystem::exists(p) ? p.string() : std::string();
}

std::string cache_dir_if_present(const char* env_var, const char* sub, const char* probe) {
  std::filesystem::path dir;
  if (const char* env = std::getenv(env_var); env && *env) {
    dir = env;
  } else if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    dir = std::filesystem::path(xdg) / "inferscope" / sub;
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    dir = std::filesystem::path(home) / ".cache" / "inferscope" / sub;
  }
  return !dir.empty() && std::filesystem::exists(dir / probe) ? dir.string() : std::string();
}

std::string arch_models_dir() {
  return cache_dir_if_present("INFERSCOPE_ARCH_MODELS_DIR", "arch-models", "arch_gemma3.gguf");
}

std::string default_model_path_if_present() {
  const std::string p = inferscope::default_model_path();
  return std::filesystem::exists(p) ? p : std::string();
}

bool models_required() {
  const char* v = std::getenv("INFERSCOPE_REQUIRE_MODELS");
  return v && std::string(v) == "1";
}

std::string temp_dir() {
  static std::unique_ptr<QTemporaryDir> dir = std::make_unique<QTemporaryDir>();
  return dir->path().toStdString();
}

}  // namespace inferscope::test
