// The request states' names (engine/llm_engine.h). Apart from the engine so that the recording reader,
// which writes and reads them, links without it (tests/fuzz builds engine/record alone).
#include "engine/llm_engine.h"

namespace inferscope {

const char* request_state_name(RequestState s) {
  switch (s) {
    case RequestState::Unknown: return "";
    case RequestState::Waiting: return "waiting";
    case RequestState::Running: return "running";
    case RequestState::Preempted: return "preempted";
    case RequestState::Finished: return "finished";
    case RequestState::Failed: return "failed";
    case RequestState::Cancelled: return "cancelled";
  }
  return "";
}

std::optional<RequestState> parse_request_state(std::string_view name) {
  for (RequestState s : {RequestState::Unknown, RequestState::Waiting, RequestState::Running, RequestState::Preempted,
                         RequestState::Finished, RequestState::Failed, RequestState::Cancelled})
    if (name == request_state_name(s)) return s;
  return std::nullopt;
}

bool request_ended(RequestState s) {
  return s == RequestState::Finished || s == RequestState::Failed || s == RequestState::Cancelled;
}

}  // namespace inferscope
