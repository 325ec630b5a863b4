#pragma once
// The results of one comparison run, as the immutable value that crosses from the engine thread.
#include <QMetaType>
#include <memory>
#include <string>
#include <vector>

#include "engine/workload/variant_run.h"

namespace inferscope::ui {

struct CompareResult {
  std::string scenario;                 // the scenario's name
  std::vector<VariantResult> variants;  // in the scenario's order, its own settings first
  bool cancelled = false;
};

using CompareResultPtr = std::shared_ptr<const CompareResult>;

}  // namespace inferscope::ui

Q_DECLARE_METATYPE(inferscope::ui::CompareResultPtr)
