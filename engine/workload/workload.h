#pragma once
// Synthetic and file-based workloads: which requests arrive when, with which prompt and length.
// The same generator serves `inferscope-cli run`, scenario files and the GUI's load generator.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/llm_engine.h"

namespace inferscope {

struct WorkloadSpec {
  int requests = 16;
  std::string arrival = "all-at-once";  // "all-at-once" | "poisson"
  double rate = 4.0;                     // requests per second for poisson arrivals
  int prompt_min = 32, prompt_max = 128; // prompt tokens (uniform), shared prefix included
  int gen_min = 32, gen_max = 128;       // generated tokens (uniform); EOS is ignored so lengths hold
  int shared_prefix = 0;                 // tokens of one common system prompt at the start of every prompt
  std::vector<std::string> prompts;      // texts from --prompts-file; used round-robin instead of synthetic ones
  uint64_t seed = 0;
  SamplingParams sampling;               // max_tokens and ignore_eos are set per request
  int n = 1;                             // parallel samples per request
  std::string validate() const;          // empty when valid
  // Parses "poisson:RATE" or "all-at-once"; throws std::invalid_argument.
  void set_arrival(const std::string& s);
};

struct PlannedRequest {
  double arrival_s = 0;  // seconds after the run starts
  Request request;
};

// Deterministic for a spec and a model: synthetic prompts are windows of a built-in English text,
// tokenized by the model's own tokenizer, so prompts are real text of exactly the drawn length.
std::vector<PlannedRequest> make_workload(const WorkloadSpec& spec, const LoadedModel& model);
// Reads a JSONL file of {"prompt": "..."} rows; throws std::runtime_error naming the bad line.
std::vector<std::string> read_prompts_file(const std::string& path);

// How a run's clock, the time arrivals are measured in, advances.
enum class RunClock {
  Wall,    // real time: an idle engine sleeps until the next arrival (`inferscope-cli run`)
  Engine,  // the sum of the steps' own times: an idle engine jumps to the next arrival, so every run sees
           // the same arrivals however fast the machine is (Compare's variants)
};

// Submits planned requests to an engine as their arrival time comes, and runs it: the one run driver of
// the CLI, Compare and the GUI (whose display timer paces step() on a clock of its own).
class WorkloadDriver {
 public:
  WorkloadDriver(LLMEngine& engine, std::vector<PlannedRequest> plan);
  // Submits every request whose arrival time is <= elapsed_s. Returns how many were submitted.
  int submit_due(double elapsed_s);
  bool all_submitted() const { return next_ == plan_.size(); }
  double next_arrival_s() const;                        // +inf when all are submitted
  // Every request submitted and none left unfinished.
  bool done() const { return all_submitted() && !engine_.has_unfinished(); }
  // When the run can go on from now_s: now_s while the engine has work or the run is done, else the next
  // arrival (where an engine clock jumps to while idle).
  double resume_at(double now_s) const;
  // One step of a run whose clock reads now_s: submits what is due, then runs one engine step (ran ==
  // false when the engine had nothing to run).
  StepResult step(double now_s);
  const std::vector<int64_t>& request_ids() const { return ids_; }  // in submission order
  // The plan while requests remain to submit (a submitted one keeps only its arrival time: the engine
  // holds its prompt); empty once every request was submitted.
  const std::vector<PlannedRequest>& plan() const { return plan_; }
  // Runs to completion on `clock`: step_hook after every step that ran, cancelled() polled between steps
  // (a cancelled run stops there and returns false; so does one past max_steps, which only a scheduler
  // that never finishes reaches).
  bool run_to_completion(RunClock clock, const std::function<void(const StepResult&)>& step_hook = {},
                         const std::function<bool()>& cancelled = {}, int64_t max_steps = 1'000'000);

 private:
  LLMEngine& engine_;
  std::vector<PlannedRequest> plan_;
  size_t next_ = 0;
  std::vector<int64_t> ids_;
};

}  // namespace inferscope
