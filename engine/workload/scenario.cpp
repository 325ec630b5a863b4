#include "engine/workload/scenario.h"

#include <filesystem>
#include <fstream>
#include <set>

#include "engine/quant/weight_mode.h"
#include <stdexcept>

namespace inferscope {

namespace {

using nlohmann::json;

void check_keys(const json& j, const std::set<std::string>& allowed, const std::string& where) {
  if (!j.is_object()) throw std::invalid_argument(where + " must be a JSON object");
  for (const auto& [k, v] : j.items())
    if (!allowed.count(k)) throw std::invalid_argument("unknown key '" + k + "' in " + where);
}

bool on_off(const json& v, const std::string& key) {
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_string() && (v == "on" || v == "off")) return v == "on";
  throw std::invalid_argument(key + " must be true/false or \"on\"/\"off\"");
}

template <class T>
T num(const json& v, const std::string& key) {
  if (!v.is_number()) throw std::invalid_argument(key + " must be a number");
  return v.get<T>();
}

std::pair<int, int> range(const json& v, const std::string& key) {
  if (v.is_array() && v.size() == 2 && v[0].is_number_integer() && v[1].is_number_integer())
    return {v[0].get<int>(), v[1].get<int>()};
  if (v.is_number_integer()) return {v.get<int>(), v.get<int>()};
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    const auto colon = s.find(':');
    try {
      if (colon == std::string::npos) return {std::stoi(s), std::stoi(s)};
      return {std::stoi(s.substr(0, colon)), std::stoi(s.substr(colon + 1))};
    } catch (...) {
    }
  }
  throw std::invalid_argument(key + " must be [MIN, MAX] or \"MIN:MAX\"");
}

}  // namespace

EngineConfig engine_config_from_json(const json& j, EngineConfig c) {
  check_keys(j, {"batching", "max_seqs", "max_batched_tokens", "block_size", "kv_dtype", "kv_budget_mib", "prefix_cache",
                 "chunked_prefill", "attention", "no_kv_cache", "threads", "spec", "spec_k", "parallel"},
             "engine settings");
  for (const auto& [k, v] : j.items()) {
    if (k == "batching") {
      if (v != "continuous" && v != "static") throw std::invalid_argument("batching must be continuous or static");
      c.sched.batching = v == "static" ? BatchingMode::Static : BatchingMode::Continuous;
    } else if (k == "max_seqs") {
      c.sched.max_num_seqs = num<int>(v, k);
    } else if (k == "max_batched_tokens") {
      c.sched.max_num_batched_tokens = num<int>(v, k);
    } else if (k == "block_size") {
      c.block_size = num<int>(v, k);
    } else if (k == "kv_dtype") {
      const auto d = v.is_string() ? kv_dtype_from_name(v.get<std::string>()) : std::nullopt;
      if (!d) throw std::invalid_argument("kv_dtype must be one of f32, f16, bf16, fp8, int8");
      c.kv_dtype = *d;
    } else if (k == "kv_budget_mib") {
      const double mib = num<double>(v, k);
      if (!(mib > 0) || mib > 1 << 20) throw std::invalid_argument("kv_budget_mib must be > 0");
      c.kv_budget_bytes = static_cast<size_t>(mib * 1048576.0);
    } else if (k == "prefix_cache") {
      c.prefix_caching = on_off(v, k);
    } else if (k == "chunked_prefill") {
      c.sched.chunked_prefill = on_off(v, k);
    } else if (k == "attention") {
      const auto a = v.is_string() ? attention_impl_from_name(v.get<std::string>()) : std::nullopt;
      if (!a) throw std::invalid_argument("attention must be naive or tiled");
      c.attention = *a;
    } else if (k == "no_kv_cache") {
      c.sched.recompute_all = on_off(v, k);
      if (c.sched.recompute_all) c.prefix_caching = false;
    } else if (k == "threads") {
      c.threads = num<int>(v, k);
    } else if (k == "spec") {
      if (!v.is_string()) throw std::invalid_argument("spec must be a string: draft:FILE.gguf, self:MODE, early-exit:L, ngram[:N] or off");
      c.spec = spec::parse_spec(v.get<std::string>(), c.spec);
    } else if (k == "spec_k") {
      c.spec.k = num<int>(v, k);
    } else if (k == "parallel") {  // virtual devices (engine/parallel): none, tp:D, pp:D[:M]
      if (!v.is_string()) throw std::invalid_argument("parallel must be a string: none, tp:D, pp:D or pp:D:M");
      c.parallel = parse_parallel(v.get<std::string>());
    }
  }
  if (const std::string why = c.validate(); !why.empty()) throw std::invalid_argument(why);
  return c;
}

EngineConfig scenario_engine_config(const Scenario& s, const EngineConfig& machine) {
  EngineConfig base;
  base.threads = machine.threads;
  base.backend = machine.backend;
  base.metrics_ring = machine.metrics_ring;
  base.keep_full_metrics_log = machine.keep_full_metrics_log;
  base.request_history = machine.request_history;
  return engine_config_from_json(s.engine, base);
}

quant::WeightMode scenario_weight_mode(const Scenario& s) {
  quant::WeightMode mode = quant::parse_weight_mode(s.weights.empty() ? "stored" : s.weights);
  if (s.outlier) mode.outlier = float(*s.outlier);
  return mode;
}

json engine_config_to_json(const EngineConfig& c) {
  json j = {{"batching", to_string(c.sched.batching)},
          {"max_seqs", c.sched.max_num_seqs},
          {"max_batched_tokens", c.sched.max_num_batched_tokens},
          {"block_size", c.block_size},
          {"kv_dtype", kv_dtype_name(c.kv_dtype)},
          {"kv_budget_mib", c.kv_budget_bytes / 1048576.0},
          {"prefix_cache", c.prefix_caching},
          {"chunked_prefill", c.sched.chunked_prefill},
          {"attention", attention_impl_name(c.attention)},
          {"no_kv_cache", c.sched.recompute_all},
          {"threads", c.threads},
          {"spec", spec::to_string(c.spec)},
          {"spec_k", c.spec.k}};
  if (c.parallel.enabled()) j["parallel"] = to_string(c.parallel);  // only when split: older readers stay valid
  return j;
}

WorkloadSpec workload_from_json(const json& j, const std::string& base_dir, WorkloadSpec w) {
  check_keys(j, {"requests", "arrival", "prompt_len", "gen_len", "shared_prefix", "seed", "n", "temp", "top_k", "top_p",
                 "min_p", "prompts_file"},
             "workload");
  for (const auto& [k, v] : j.items()) {
    if (k == "requests") w.requests = num<int>(v, k);
    else if (k == "arrival") {
      if (!v.is_string()) throw std::invalid_argument("arrival must be a string");
      w.set_arrival(v.get<std::string>());
    } else if (k == "prompt_len") std::tie(w.prompt_min, w.prompt_max) = range(v, k);
    else if (k == "gen_len") std::tie(w.gen_min, w.gen_max) = range(v, k);
    else if (k == "shared_prefix") w.shared_prefix = num<int>(v, k);
    else if (k == "seed") w.seed = w.sampling.seed = num<uint64_t>(v, k);
    else if (k == "n") w.n = num<int>(v, k);
    else if (k == "temp") w.sampling.temperature = num<float>(v, k);
    else if (k == "top_k") w.sampling.top_k = num<int>(v, k);
    else if (k == "top_p") w.sampling.top_p = num<float>(v, k);
    else if (k == "min_p") w.sampling.min_p = num<float>(v, k);
    else if (k == "prompts_file") {
      std::filesystem::path p = v.get<std::string>();
      if (p.is_relative() && !base_dir.empty()) p = std::filesystem::path(base_dir) / p;
      w.prompts = read_prompts_file(p.string());
    }
  }
  if (const std::string why = w.validate(); !why.empty()) throw std::invalid_argument(why);
  return w;
}

json workload_to_json(const WorkloadSpec& w) {
  json j = {{"requests", w.requests},
            {"arrival", w.arrival == "poisson" ? "poisson:" + std::to_string(w.rate) : w.arrival},
            {"prompt_len", {w.prompt_min, w.prompt_max}},
            {"gen_len", {w.gen_min, w.gen_max}},
            {"shared_prefix", w.shared_prefix},
            {"seed", w.seed},
            {"n", w.n},
            {"temp", w.sampling.temperature},
            {"top_k", w.sampling.top_k},
            {"top_p", w.sampling.top_p}};
  return j;
}

Scenario parse_scenario(const json& j) {
  check_keys(j, {"name", "description", "engine", "workload", "compare", "weights", "outlier", "steps_per_second", "repeats",
                 "base_name"},
             "scenario");
  Scenario s;
  s.name = j.value("name", "");
  s.description = j.value("description", "");
  if (j.contains("base_name")) {
    if (!j["base_name"].is_string()) throw std::invalid_argument("base_name must be a string");
    s.base_name = j["base_name"].get<std::string>();
  }
  if (j.contains("engine")) s.engine = j["engine"];
  if (j.contains("workload")) s.workload = j["workload"];
  engine_config_from_json(s.engine);  // validate now, so a bad file fails at load time
  if (j.contains("weights")) {
    if (!j["weights"].is_string()) throw std::invalid_argument("weights must be a weight mode name such as \"q8_0\"");
    s.weights = j["weights"].get<std::string>();
    quant::parse_weight_mode(s.weights);  // throws naming the bad mode
  }
  if (j.contains("outlier")) s.outlier = num<double>(j["outlier"], "outlier");
  if (j.contains("steps_per_second")) {
    const json& v = j["steps_per_second"];
    if (!v.is_number_integer() || v.get<int>() < 0 || v.get<int>() > 20)
      throw std::invalid_argument("steps_per_second must be an integer from 0 (full speed) to 20");
    s.steps_per_second = v.get<int>();
  }
  if (j.contains("repeats")) {
    const json& v = j["repeats"];
    if (!v.is_number_integer() || v.get<int>() < 1 || v.get<int>() > 10)
      throw std::invalid_argument("repeats must be an integer from 1 to 10");
    s.repeats = v.get<int>();
  }
  if (j.contains("compare")) {
    if (!j["compare"].is_array()) throw std::invalid_argument("compare must be an array");
    for (const auto& v : j["compare"]) {
      check_keys(v, {"name", "engine", "weights"}, "compare entry");
      ScenarioVariant var{v.value("name", ""), v.value("engine", json::object()), {}};
      engine_config_from_json(var.engine, engine_config_from_json(s.engine));
      if (v.contains("weights")) {
        if (!v["weights"].is_string())
          throw std::invalid_argument("compare entry " + var.name + ": weights must be a weight mode name such as \"q8_0\"");
        var.weights = v["weights"].get<std::string>();
        try {
          quant::parse_weight_mode(var.weights);
        } catch (const std::invalid_argument& e) {
          throw std::invalid_argument("compare entry " + var.name + ": " + e.what());
        }
      }
      s.compare.push_back(var);
    }
  }
  return s;
}

Scenario load_scenario(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open scenario " + path);
  json j = json::parse(in, nullptr, false);
  if (j.is_discarded()) throw std::invalid_argument("scenario " + path + " is not valid JSON");
  return parse_scenario(j);
}

json scenario_to_json(const Scenario& s) {
  json j = {{"name", s.name}, {"description", s.description}, {"engine", s.engine}, {"workload", s.workload}};
  if (!s.weights.empty()) j["weights"] = s.weights;
  if (s.outlier) j["outlier"] = *s.outlier;
  if (s.steps_per_second) j["steps_per_second"] = *s.steps_per_second;
  if (s.repeats) j["repeats"] = *s.repeats;
  if (!s.base_name.empty()) j["base_name"] = s.base_name;
  if (!s.compare.empty()) {
    j["compare"] = json::array();
    for (const auto& v : s.compare) {
      json e = {{"name", v.name}, {"engine", v.engine}};
      if (!v.weights.empty()) e["weights"] = v.weights;
      j["compare"].push_back(std::move(e));
    }
  }
  return j;
}

std::string scenario_base_name(const Scenario& s, const EngineConfig& base) {
  if (!s.base_name.empty()) return s.base_name;
  std::set<std::string> changed;
  for (const auto& v : s.compare) {
    for (const auto& [k, _] : v.engine.items()) changed.insert(k);
    if (!v.weights.empty()) changed.insert("weights");
  }
  json b = engine_config_to_json(base);
  b["weights"] = scenario_weight_mode(s).name();
  std::string label;
  for (const auto& k : changed) {
    if (!b.contains(k)) continue;
    if (!label.empty()) label += ", ";
    label += k + ": " + (b.at(k).is_string() ? b.at(k).get<std::string>() : b.at(k).dump());
  }
  return label.empty() ? std::string("base") : label;
}

}  // namespace inferscope
