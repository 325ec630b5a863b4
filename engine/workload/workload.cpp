#include "engine/workload/workload.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <thread>

#include "engine/workload/sample_text.h"

namespace inferscope {

std::string WorkloadSpec::validate() const {
  if (requests < 1 || requests > 100000) return "requests must be between 1 and 100000";
  if (arrival != "all-at-once" && arrival != "poisson") return "arrival must be all-at-once or poisson:RATE";
  if (arrival == "poisson" && !(rate > 0)) return "the poisson arrival rate must be > 0";
  if (prompt_min < 1 || prompt_max < prompt_min) return "prompt length range must satisfy 1 <= MIN <= MAX";
  if (gen_min < 1 || gen_max < gen_min) return "generation length range must satisfy 1 <= MIN <= MAX";
  if (shared_prefix < 0) return "shared prefix must be >= 0";
  if (prompts.empty() && shared_prefix >= prompt_min)
    return "the shared prefix must be shorter than the shortest prompt";
  if (n < 1 || n > 64) return "n must be between 1 and 64";
  return sampling.validate();
}

void WorkloadSpec::set_arrival(const std::string& s) {
  if (s == "all-at-once") {
    arrival = s;
    return;
  }
  if (s.rfind("poisson:", 0) == 0) {
    try {
      rate = std::stod(s.substr(8));
    } catch (...) {
      throw std::invalid_argument("bad poisson rate in '" + s + "'");
    }
    if (!(rate > 0)) throw std::invalid_argument("the poisson rate must be > 0");
    arrival = "poisson";
    return;
  }
  throw std::invalid_argument("arrival must be 'all-at-once' or 'poisson:RATE', got '" + s + "'");
}

std::vector<std::string> read_prompts_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open prompts file " + path);
  std::vector<std::string> prompts;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("prompt") || !j["prompt"].is_string())
      throw std::runtime_error(path + ":" + std::to_string(n) + ": expected {\"prompt\": \"...\"}");
    prompts.push_back(j["prompt"].get<std::string>());
  }
  if (prompts.empty()) throw std::runtime_error("prompts file " + path + " has no prompts");
  return prompts;
}

std::vector<PlannedRequest> make_workload(const WorkloadSpec& spec, const LoadedModel& model) {
  if (const std::string why = spec.validate(); !why.empty()) throw std::invalid_argument(why);
  std::mt19937_64 rng(spec.seed);
  auto uniform_int = [&](int lo, int hi) { return lo + static_cast<int>(rng() % uint64_t(hi - lo + 1)); };
  auto uniform01 = [&] { return static_cast<double>(rng() >> 11) * (1.0 / 9007199254740992.0); };

  // Corpus tokens: the built-in text, repeated as needed to cover the longest prompt.
  std::vector<int32_t> corpus = model.tokenizer->encode(sample_text(), /*add_special=*/false, /*parse_special=*/false);
  if (corpus.empty()) throw std::runtime_error("the tokenizer produced no tokens for the sample text");
  while (static_cast<int>(corpus.size()) < 2 * spec.prompt_max + 64) {
    const size_t n = corpus.size();
    for (size_t i = 0; i < n; ++i) corpus.push_back(corpus[i]);
  }
  const std::vector<int32_t> bos = model.tokenizer->encode("", /*add_special=*/true, false);
  std::vector<int32_t> prefix(bos);
  prefix.insert(prefix.end(), corpus.begin(), corpus.begin() + spec.shared_prefix);

  std::vector<PlannedRequest> plan;
  double t = 0;
  for (int i = 0; i < spec.requests; ++i) {
    PlannedRequest p;
    if (spec.arrival == "poisson") {
      t += -std::log(1.0 - uniform01()) / spec.rate;
      p.arrival_s = t;
    }
    if (!spec.prompts.empty()) {
      p.request.prompt = spec.prompts[i % spec.prompts.size()];
    } else {
      const int len = uniform_int(spec.prompt_min, spec.prompt_max);
      std::vector<int32_t> ids = prefix;
      // Skip past the prefix region so the private part differs between requests.
      const int body = len - spec.shared_prefix;
      const int start = spec.shared_prefix + uniform_int(0, static_cast<int>(corpus.size()) - spec.shared_prefix - body - 1);
      ids.insert(ids.end(), corpus.begin() + start, corpus.begin() + start + body);
      p.request.prompt_ids = std::move(ids);
    }
    p.request.params = spec.sampling;
    p.request.params.max_tokens = uniform_int(spec.gen_min, spec.gen_max);
    p.request.params.ignore_eos = true;
    p.request.params.seed = spec.sampling.seed + uint64_t(i);
    p.request.n = spec.n;
    plan.push_back(std::move(p));
  }
  return plan;
}

WorkloadDriver::WorkloadDriver(LLMEngine& engine, std::vector<PlannedRequest> plan)
    : engine_(engine), plan_(std::move(plan)) {}

int WorkloadDriver::submit_due(double elapsed_s) {
  int n = 0;
  while (next_ < plan_.size() && plan_[next_].arrival_s <= elapsed_s) {
    ids_.push_back(engine_.submit(plan_[next_].request));
    plan_[next_].request = Request{};  // the engine holds the prompt now; a long plan must not hold it twice
    ++next_;
    ++n;
  }
  if (next_ == plan_.size() && !plan_.empty()) {
    std::vector<PlannedRequest>().swap(plan_);  // every request is submitted: nothing left to keep
    next_ = 0;
  }
  return n;
}

double WorkloadDriver::next_arrival_s() const {
  return next_ < plan_.size() ? plan_[next_].arrival_s : std::numeric_limits<double>::infinity();
}

double WorkloadDriver::resume_at(double now_s) const {
  if (engine_.has_unfinished() || all_submitted()) return now_s;
  return std::max(now_s, next_arrival_s());
}

StepResult WorkloadDriver::step(double now_s) {
  submit_due(now_s);
  return engine_.step();
}

bool WorkloadDriver::run_to_completion(RunClock clock, const std::function<void(const StepResult&)>& step_hook,
                                       const std::function<bool()>& cancelled, int64_t max_steps) {
  const auto t0 = Clock::now();
  double engine_s = 0;  // the Engine clock: the steps' own times, plus the idle jumps
  auto now = [&] { return clock == RunClock::Wall ? std::chrono::duration<double>(Clock::now() - t0).count() : engine_s; };
  for (int64_t steps = 0; steps < max_steps;) {
    if (cancelled && cancelled()) return false;
    if (done()) return true;
    const double t = now();
    const double at = resume_at(t);
    if (at > t) {
      // Idle until the next arrival: an engine clock jumps there, a wall clock sleeps (in slices, so a
      // cancel is seen).
      if (clock == RunClock::Engine) engine_s = at;
      else std::this_thread::sleep_for(std::chrono::duration<double>(std::min(at - t, 0.05)));
      continue;
    }
    const StepResult r = step(t);
    ++steps;
    if (!r.ran) continue;
    engine_s += r.metrics.step_ms / 1000.0;
    if (step_hook) step_hook(r);
  }
  return false;
}

}  // namespace inferscope
