#pragma once
// The GUI's words for what the engine reports in English: request states, stop reasons and the engine's
// error messages (known ones are recognised and translated with their numbers; others pass through).
#include <QCoreApplication>
#include <QString>
#include <string>

#include "engine/llm_engine.h"

namespace inferscope::ui {

class EngineTexts {
  // The full name: the context the .ts files give this class (an unqualified one would find no translation).
  Q_DECLARE_TR_FUNCTIONS(inferscope::ui::EngineTexts)

 public:
  // The state as the Requests table and the playground show it (empty for Unknown).
  static QString state(RequestState state);
  // eos | length | stop | kv_full | cancelled | failed
  static QString stopReason(const std::string& reason);
  static QString error(const std::string& message);
  // Why a backend is unavailable (BackendProbe::reason); the CUDA runtime's own words pass through.
  static QString backendReason(const std::string& reason);
};

}  // namespace inferscope::ui
