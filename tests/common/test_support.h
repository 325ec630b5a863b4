#pragma once
// Paths and skips shared by every test executable.
#include <QString>
#include <QtTest/QtTest>
#include <string>

namespace inferscope::test {

// Repository root (compile-time).
std::string source_dir();
// The tiny real model (stories260K, the "Test models" section of docs/architecture.md); empty when absent.
std::string stories260k_path();
// A folder of the bootstrap's cache: $<env_var> when set, else ${XDG_CACHE_HOME:-~/.cache}/inferscope/<sub>;
// empty when that folder does not hold `probe`.
std::string cache_dir_if_present(const char* env_var, const char* sub, const char* probe);
// The random-weight architecture models the bootstrap writes (tests/reference/make_arch_models.py).
std::string arch_models_dir();
// The default model from the bootstrap (XDG cache); empty when absent.
std::string default_model_path_if_present();
// When INFERSCOPE_REQUIRE_MODELS=1 (the README's test command sets it), a missing model is a failure,
// not a skip: CI must never pass by skipping the real-model tests.
bool models_required();
// A scratch directory unique to this process, removed at exit.
std::string temp_dir();

}  // namespace inferscope::test

// Skip (or fail when models are required) when a model path is empty.
#define INFERSCOPE_REQUIRE_MODEL(path, what)                                                   \
  do {                                                                                         \
    if ((path).empty()) {                                                                      \
      if (inferscope::test::models_required()) QFAIL(what " is missing but INFERSCOPE_REQUIRE_MODELS=1"); \
      QSKIP(what " is not present; run packaging/bootstrap.sh test to set it up");            \
    }                                                                                          \
  } while (0)
