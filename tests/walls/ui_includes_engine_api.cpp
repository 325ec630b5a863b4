// Builds with the rest: a file above the engine includes the engine's API (engine/api_headers.txt).
#include "engine/llm_engine.h"
#include "remote/otlp/llm_request_span.h"
#include "ui/session/snapshot_source.h"
