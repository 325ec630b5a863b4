// A scenario is a complete state: the engine settings and weights it runs with depend on the scenario
// alone (and the machine's thread count and backend), never on what ran before it; its display speed
// is read, bounded and written back.
#include <QtTest/QtTest>

#include "engine/workload/scenario.h"
#include "engine/workload/variant_run.h"

using namespace inferscope;

class TstScenarioDefaults : public QObject {
  Q_OBJECT
 private slots:
  void absentKeysTakeTheDefaultsNotThePreviousState() {
    // What a quantization-and-speculation demo leaves behind in the settings.
    EngineConfig left;
    left.threads = 3;
    left.block_size = 64;
    left.prefix_caching = !EngineConfig{}.prefix_caching;
    left.sched.max_num_seqs = 9;
    left.spec = spec::parse_spec("ngram:3");
    left.kv_dtype = KvDtype::INT8;
    left.metrics_ring = 1234;
    const Scenario s = parse_scenario(nlohmann::json::parse(R"({"name": "plain", "engine": {"max_seqs": 4}})"));
    const EngineConfig c = scenario_engine_config(s, left);
    const EngineConfig d;
    QCOMPARE(c.sched.max_num_seqs, 4);               // named
    QCOMPARE(c.block_size, d.block_size);            // not named: the default, not 64
    QCOMPARE(c.prefix_caching, d.prefix_caching);
    QCOMPARE(int(c.kv_dtype), int(d.kv_dtype));
    QVERIFY(!c.spec.enabled());                      // speculation off unless named
    QCOMPARE(c.threads, 3);                          // the machine's
    QCOMPARE(c.metrics_ring, size_t(1234));          // the program's
    // The same scenario gives the same settings whatever was left behind.
    QCOMPARE(engine_config_to_json(c).dump(), engine_config_to_json(scenario_engine_config(s, [] {
                                                EngineConfig m;
                                                m.threads = 3;
                                                m.metrics_ring = 1234;
                                                return m;
                                              }())).dump());
  }

  void namedThreadsWin() {
    EngineConfig machine;
    machine.threads = 2;
    const Scenario s = parse_scenario(nlohmann::json::parse(R"({"engine": {"threads": 1}})"));
    QCOMPARE(scenario_engine_config(s, machine).threads, 1);
  }

  void weightsDefaultToStored() {
    QCOMPARE(scenario_weight_mode(parse_scenario(nlohmann::json::object())).name(), std::string("stored"));
    QVERIFY(!scenario_weight_mode(parse_scenario(nlohmann::json::object())).requantizes());
    const Scenario q = parse_scenario(nlohmann::json::parse(R"({"weights": "sim:int4:g128", "outlier": 10})"));
    const quant::WeightMode m = scenario_weight_mode(q);
    QCOMPARE(m.name(), std::string("sim:int4:g128"));
    QVERIFY(m.outlier.has_value());
    QCOMPARE(*m.outlier, 10.0f);
  }

  void repeatsAreBoundedAndRoundTrip() {
    QVERIFY(!parse_scenario(nlohmann::json::object()).repeats.has_value());
    const Scenario s = parse_scenario(nlohmann::json::parse(R"({"repeats": 5})"));
    QCOMPARE(*parse_scenario(scenario_to_json(s)).repeats, 5);
    for (const char* bad : {R"({"repeats": 0})", R"({"repeats": 11})", R"({"repeats": "3"})"}) {
      try {
        parse_scenario(nlohmann::json::parse(bad));
        QFAIL(bad);
      } catch (const std::invalid_argument& e) {
        QVERIFY2(std::string(e.what()).find("repeats") != std::string::npos, e.what());
      }
    }
  }

  void stepsPerSecondIsBoundedAndRoundTrips() {
    QVERIFY(!parse_scenario(nlohmann::json::object()).steps_per_second.has_value());
    const Scenario s = parse_scenario(nlohmann::json::parse(R"({"steps_per_second": 5})"));
    QCOMPARE(*s.steps_per_second, 5);
    QCOMPARE(*parse_scenario(scenario_to_json(s)).steps_per_second, 5);
    for (const char* bad : {R"({"steps_per_second": -1})", R"({"steps_per_second": 21})", R"({"steps_per_second": 2.5})",
                            R"({"steps_per_second": "fast"})"}) {
      try {
        parse_scenario(nlohmann::json::parse(bad));
        QFAIL(bad);
      } catch (const std::invalid_argument& e) {
        QVERIFY2(std::string(e.what()).find("steps_per_second") != std::string::npos, e.what());
      }
    }
  }

  // The scenario's own settings are named by base_name, else by the values its variants change.
  void baseNameNamesTheScenarioSettings() {
    const Scenario named = parse_scenario(nlohmann::json::parse(
        R"({"base_name": "continuous", "compare": [{"name": "static", "engine": {"batching": "static"}}]})"));
    QCOMPARE(scenario_base_name(named, scenario_engine_config(named, {})), std::string("continuous"));
    QCOMPARE(parse_scenario(scenario_to_json(named)).base_name, std::string("continuous"));
    const Scenario unnamed = parse_scenario(nlohmann::json::parse(
        R"({"engine": {"block_size": 32}, "compare": [{"name": "b8", "engine": {"block_size": 8, "batching": "static"}}]})"));
    QCOMPARE(scenario_base_name(unnamed, scenario_engine_config(unnamed, {})), std::string("batching: continuous, block_size: 32"));
    QCOMPARE(scenario_base_name(parse_scenario(nlohmann::json::object()), {}), std::string("base"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parse_scenario(nlohmann::json::parse(R"({"base_name": 3})")));
  }

  // A variant may name its own weights: the variant builder gives each its mode (the scenario's outlier on
  // all of them), the rest the scenario's; the base is named after them; a bad mode names its entry.
  void variantsMayNameTheirWeights() {
    const Scenario s = parse_scenario(nlohmann::json::parse(R"({"weights": "sim:int4:g128", "outlier": 8,
        "compare": [{"name": "as stored", "weights": "stored"}, {"name": "static", "engine": {"batching": "static"}}]})"));
    QCOMPARE(s.compare.front().weights, std::string("stored"));
    QCOMPARE(parse_scenario(scenario_to_json(s)).compare.front().weights, std::string("stored"));
    QVERIFY(parse_scenario(scenario_to_json(s)).compare.back().weights.empty());
    const EngineConfig base = scenario_engine_config(s, {});
    const std::vector<VariantSpec> v = scenario_variants(s, base);
    QCOMPARE(v.size(), size_t(3));
    QCOMPARE(v[0].name, std::string("batching: continuous, weights: sim:int4:g128"));
    QCOMPARE(v[0].weights.name(), std::string("sim:int4:g128"));
    QCOMPARE(v[1].weights.name(), std::string("stored"));
    QVERIFY(v[1].weights.outlier.has_value());
    QCOMPARE(*v[1].weights.outlier, 8.0f);
    QCOMPARE(v[2].weights.name(), std::string("sim:int4:g128"));
    QCOMPARE(int(v[2].config.sched.batching), int(BatchingMode::Static));
    // Without the comparison: the base alone.
    const std::vector<VariantSpec> alone = scenario_variants(s, base, false);
    QCOMPARE(alone.size(), size_t(1));
    QCOMPARE(alone.front().name, std::string("base"));
    for (const char* bad : {R"({"compare": [{"name": "x", "weights": "int5"}]})", R"({"compare": [{"name": "x", "weights": 4}]})"}) {
      try {
        parse_scenario(nlohmann::json::parse(bad));
        QFAIL(bad);
      } catch (const std::invalid_argument& e) {
        QVERIFY2(std::string(e.what()).find("compare entry x") != std::string::npos, e.what());
      }
    }
  }
};

QTEST_GUILESS_MAIN(TstScenarioDefaults)
#include "tst_scenario_defaults.moc"
