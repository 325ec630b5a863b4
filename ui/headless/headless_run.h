#pragma once
// Drives a WorkbenchSession without a user: wait for the model, load a scenario (its comparison runs too),
// step the engine N times or to completion, let the charts catch up. Shared by `inferscope --screenshot`
// (with the window on the session) and `inferscope-cli export` (with the export board on it), so a
// screenshot and an export show the same run.
#include <QString>
#include <optional>

#include "engine/quant/weight_mode.h"

namespace inferscope::ui {

class WorkbenchSession;

struct HeadlessRun {
  QString scenario;          // empty: run what is already queued
  int steps = -1;            // engine steps to run; < 0: until every request has finished
  int modelTimeoutMs = 600000;
  // Weights to run with (re-quantized from the stored ones), overriding the scenario's own.
  std::optional<quant::WeightMode> weights;
};

// Returns false with *error set. The session must have a model load in flight or done; confirmations
// are the caller's (a session without a discard confirmation answers yes).
bool runHeadless(WorkbenchSession& w, const HeadlessRun& run, QString* error);

}  // namespace inferscope::ui
