#pragma once
// What each virtual device did during one step of a tensor- or pipeline-parallel pass (engine/parallel):
// compute, communication and idle intervals on the device's own clock, for the GUI's Gantt chart and the
// lessons. An immutable value, shared like the block map.
#include <cstdint>
#include <string>
#include <vector>

namespace inferscope {

enum class DeviceActivity : uint8_t { Compute, Comm, Idle };

struct DeviceInterval {
  DeviceActivity kind = DeviceActivity::Compute;
  double begin_ms = 0, end_ms = 0;  // from the start of the step's layers, on the virtual devices' clock
  int micro_batch = -1;             // pipeline: which micro-batch; -1 otherwise
  int layer = -1;                   // tensor: which layer; -1 otherwise
};

struct DeviceTimeline {
  int first_layer = 0, end_layer = 0;  // layers [first_layer, end_layer) whose weights the device holds
  std::vector<DeviceInterval> intervals;  // in time order, gap-free from 0 to the step's span
  double compute_ms = 0, comm_ms = 0, idle_ms = 0;
};

struct ParallelTimeline {
  int64_t step = 0;
  std::string mode;             // "tensor" or "pipeline"
  int devices = 1;
  int micro_batches = 1;        // pipeline: micro-batches this step ran (at most the rows); 1 for tensor
  int tokens = 0;               // rows of the batch
  int64_t comm_bytes = 0;       // tensor: ring all-reduce bytes; pipeline: activation hand-offs
  double span_ms = 0;           // from the first device's start to the last device's end
  double bubble_fraction = 0;   // idle time / (devices x span)
  double closed_form_bubble = 0;  // pipeline: (D - 1) / (m + D - 1); tensor: 0
  std::vector<DeviceTimeline> per_device;
};

}  // namespace inferscope
