#include "engine/sched/sequence.h"

namespace inferscope {

const char* to_string(SeqStatus s) {
  switch (s) {
    case SeqStatus::Waiting: return "waiting";
    case SeqStatus::Running: return "running";
    case SeqStatus::Finished: return "finished";
    case SeqStatus::Failed: return "failed";
    case SeqStatus::Cancelled: return "cancelled";
  }
  return "?";
}

const char* to_string(FinishReason r) {
  switch (r) {
    case FinishReason::None: return "";
    case FinishReason::Eos: return "eos";
    case FinishReason::Length: return "length";
    case FinishReason::Stop: return "stop";
    case FinishReason::Cancelled: return "cancelled";
    case FinishReason::Failed: return "failed";
    case FinishReason::KvFull: return "kv_full";
  }
  return "?";
}

}  // namespace inferscope
