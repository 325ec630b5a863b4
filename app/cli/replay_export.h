#pragma once
// `inferscope-cli replay --export`: the charts and the block map as they were at one step of a
// recording, written through the workbench's own export (ui/export). Kept apart from the replay command
// so that it can later draw through the GUI's recording source instead of its own widgets.
#include <cstdint>
#include <string>

#include "engine/record/recording.h"

namespace inferscope::cli {

// Writes the files into dir and prints how many; throws UsageError in a build without the GUI and
// std::runtime_error when writing fails.
void export_replay(const record::Recording& r, int64_t step, const std::string& dir, int width, int height);

}  // namespace inferscope::cli
