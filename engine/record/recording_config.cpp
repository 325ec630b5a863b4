// Recording::engine_config() apart from the rest of the reader, so that the reader itself depends on no
// other engine source (the fuzz target compiles it alone).
#include "engine/record/recording.h"
#include "engine/workload/scenario.h"

namespace inferscope::record {

EngineConfig Recording::engine_config() const { return engine_config_from_json(engine_json()); }

}  // namespace inferscope::record
