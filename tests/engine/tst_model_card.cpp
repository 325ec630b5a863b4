// Model card and installed-model catalog: the parameter split and the departures from llama against
// hand counts from the published configs (SmolLM2-135M: hidden 576, 30 layers, 9 heads / 3 KV heads of 64,
// FFN 1536, vocabulary 49,152, tied; Gemma 3 270M: hidden 640, 18 layers, 4 heads / 1 KV head of 256,
// FFN 2048, vocabulary 262,144, tied, sliding window 512 with every sixth layer global), and the
// licence notice the bootstrap puts beside Gemma.
#include <QtTest/QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "engine/model/default_model.h"
#include "engine/model/loaded_model.h"
#include "engine/model/model_catalog.h"
#include "tests/common/test_support.h"

using namespace inferscope;

namespace {

std::string gemma_path() {
  const std::string def = test::default_model_path_if_present();
  if (def.empty()) return {};
  const auto p = std::filesystem::path(def).parent_path() / "gemma-3-270m-q4_k_m.gguf";
  return std::filesystem::exists(p) ? p.string() : std::string();
}

// Per layer: Q, K, V, O, gate, up, down matrices plus the norms' weights.
constexpr uint64_t layer_params(uint64_t e, uint64_t q, uint64_t kv, uint64_t ff, uint64_t norms) {
  return e * q + 2 * e * kv + q * e + 3 * e * ff + norms;
}

}  // namespace

class TestModelCard : public QObject {
  Q_OBJECT

 private slots:
  void smollm2_is_plain_llama() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model");
    const auto m = load_model(path);
    const ModelCard& c = m->card;
    constexpr uint64_t kEmbd = 49152ull * 576;                                     // 28,311,552
    constexpr uint64_t kLayers = 30 * layer_params(576, 576, 192, 1536, 2 * 576) + 576;  // + output norm
    QCOMPARE(c.n_embedding_parameters, kEmbd);
    QCOMPARE(c.n_output_parameters, uint64_t(0));  // tied
    QCOMPARE(c.n_layer_parameters, kLayers);
    QCOMPARE(c.n_parameters, uint64_t(134515008));  // SmolLM2-135M's published 134.5 M
    QVERIFY(c.tied_output);
    QVERIFY(!c.post_norms && !c.qk_norm && !c.qkv_bias);
    QVERIFY(c.ffn_act == FfnActivation::Silu);
    QCOMPARE(c.embd_scale, 1.0f);
    QCOMPARE(c.attn_scale, 0.125f);  // 1/sqrt(64)
    QCOMPARE(c.sliding_window, 0);
    QVERIFY(c.global_layers.empty());
    QCOMPARE(c.rope_freq_scale, 1.0f);
    QVERIFY(!c.rope_freq_factors);
    QCOMPARE(c.quantization, std::string("Q4_1"));
    QCOMPARE(c.license, std::string("apache-2.0"));
    QVERIFY(c.notice_dir.empty() && c.notice_files.empty() && c.notice_text.empty());
  }

  void gemma3_differs_and_is_mostly_embedding() {
    const std::string path = gemma_path();
    INFERSCOPE_REQUIRE_MODEL(path, "Gemma 3 270M");
    const auto m = load_model(path);
    const ModelCard& c = m->card;
    constexpr uint64_t kEmbd = 262144ull * 640;  // 167,772,160
    // Norms per layer: before and after attention and FFN (4 x 640) and the Q and K head norms (2 x 256).
    constexpr uint64_t kLayers = 18 * layer_params(640, 1024, 256, 2048, 4 * 640 + 2 * 256) + 640;
    QCOMPARE(c.n_embedding_parameters, kEmbd);
    QCOMPARE(c.n_output_parameters, uint64_t(0));
    QCOMPARE(c.n_layer_parameters, kLayers);
    QCOMPARE(c.n_parameters, uint64_t(268098176));  // "268 M", of which 168 M are the embedding
    QVERIFY(double(c.n_embedding_parameters) / double(c.n_parameters) > 0.62);
    QVERIFY(c.tied_output && c.post_norms && c.qk_norm && !c.qkv_bias);
    QVERIFY(c.ffn_act == FfnActivation::GeluTanh);
    QVERIFY(std::abs(c.embd_scale - std::sqrt(640.0f)) < 1e-5f);
    QCOMPARE(c.attn_scale, 0.0625f);  // 1/sqrt(256)
    QCOMPARE(c.sliding_window, 512);
    QCOMPARE(c.global_layers, (std::vector<int>{5, 11, 17}));
    QCOMPARE(c.rope_freq_base_swa, 10000.0f);
    QCOMPARE(c.rope_freq_base, 1000000.0f);
    QCOMPARE(c.quantization, std::string("Q4_K_M"));
    QCOMPARE(c.license, std::string("gemma"));
    QCOMPARE(c.notice_dir, (std::filesystem::path(path).parent_path() / "gemma-3-270m-q4_k_m.NOTICE").string());
    QCOMPARE(c.notice_files, (std::vector<std::string>{"GEMMA_TERMS.html", "NOTICE.md", "README.upstream.md"}));
    QVERIFY(c.notice_text.rfind("# NOTICE", 0) == 0);
  }

  void file_type_names_follow_llama_cpp() {
    QCOMPARE(file_type_name(0), std::string("F32"));
    QCOMPARE(file_type_name(3), std::string("Q4_1"));
    QCOMPARE(file_type_name(7), std::string("Q8_0"));
    QCOMPARE(file_type_name(15), std::string("Q4_K_M"));
    QCOMPARE(file_type_name(18), std::string("Q6_K"));
    QCOMPARE(file_type_name(32), std::string("BF16"));
    QCOMPARE(file_type_name(4), std::string());    // removed from llama.cpp
    QCOMPARE(file_type_name(999), std::string());
  }

  void catalog_lists_the_installed_models_by_name() {
    const std::string def = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(def, "the default model");
    const auto list = list_installed_models(std::filesystem::path(def).parent_path().string());
    const auto find = [&](const std::string& file) -> const InstalledModel* {
      for (const InstalledModel& m : list)
        if (m.file_name == file) return &m;
      return nullptr;
    };
    const InstalledModel* smol = find(kDefaultModelFile);
    QVERIFY(smol);
    QCOMPARE(smol->architecture, std::string("llama"));
    QCOMPARE(smol->quantization, std::string("Q4_1"));
    QCOMPARE(smol->n_parameters, uint64_t(134515008));
    QCOMPARE(smol->file_bytes, uint64_t(std::filesystem::file_size(def)));
    QVERIFY(!smol->has_notice);
    QVERIFY2(smol->problem.empty(), smol->problem.c_str());
    if (!gemma_path().empty()) {
      const InstalledModel* g = find("gemma-3-270m-q4_k_m.gguf");
      QVERIFY(g);
      QCOMPARE(g->name, std::string("Gemma 3 270m"));
      QCOMPARE(g->architecture, std::string("gemma3"));
      QCOMPARE(g->quantization, std::string("Q4_K_M"));
      QCOMPARE(g->license, std::string("gemma"));
      QCOMPARE(g->n_parameters, uint64_t(268098176));
      QVERIFY(g->has_notice);
      QVERIFY(g->problem.empty());
    }
    for (size_t i = 1; i < list.size(); ++i) QVERIFY(list[i - 1].file_name < list[i].file_name);
  }

  void catalog_reports_unreadable_files_and_skips_others() {
    const std::filesystem::path dir = std::filesystem::path(test::temp_dir()) / "catalog";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "broken.gguf") << "not a gguf file";
    std::ofstream(dir / "readme.txt") << "ignored";
    const auto list = list_installed_models(dir.string());
    QCOMPARE(int(list.size()), 1);
    QCOMPARE(list[0].file_name, std::string("broken.gguf"));
    QVERIFY(!list[0].problem.empty());
    QVERIFY(list_installed_models((dir / "absent").string()).empty());
  }
};

QTEST_APPLESS_MAIN(TestModelCard)
#include "tst_model_card.moc"
