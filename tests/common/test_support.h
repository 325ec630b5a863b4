#pragma once
// Paths and skips shared by every test executable.
#include <QString>
#include <QtTest/QtTest>
#include <string>

namespace inferscope::test {

// Repository root (compile-time).
std::string source_dir();
// ../shared/models/stories260K.gguf next to the repository; empty when absent.
std::string stories260k_path();
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
