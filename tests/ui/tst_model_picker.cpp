// The Open dialog lists the installed models by name from their metadata, starts on the current model,
// greys out a file the engine cannot run; the model card panel teaches what the loaded architecture
// changes from llama's and shows the licence notice. Expected figures are the published configs' hand
// counts (tests/engine/tst_model_card.cpp derives them).
#include <QPushButton>
#include <QTableWidget>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>

#include "engine/model/default_model.h"
#include "engine/model/loaded_model.h"
#include "tests/common/test_support.h"
#include "ui/model_picker/model_picker_dialog.h"
#include "ui/panels/model_card_panel.h"

using namespace inferscope;
using inferscope::ui::ModelCardPanel;
using inferscope::ui::ModelPickerDialog;

namespace {

std::string gemma_path() {
  const std::string def = test::default_model_path_if_present();
  if (def.empty()) return {};
  const auto p = std::filesystem::path(def).parent_path() / "gemma-3-270m-q4_k_m.gguf";
  return std::filesystem::exists(p) ? p.string() : std::string();
}

int row_of(QTableWidget* t, const QString& file) {
  for (int r = 0; r < t->rowCount(); ++r)
    if (t->item(r, 6)->text() == file) return r;
  return -1;
}

QPushButton* open_button(ModelPickerDialog& d) {
  for (QPushButton* b : d.findChildren<QPushButton*>())
    if (b->text() == "Open") return b;
  return nullptr;
}

}  // namespace

class TestModelPicker : public QObject {
  Q_OBJECT

 private slots:
  void lists_installed_models_by_name() {
    const std::string def = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(def, "the default model");
    const QString dir = QString::fromStdString(std::filesystem::path(def).parent_path().string());
    ModelPickerDialog d(dir, QString::fromStdString(def));
    QTableWidget* t = d.table();
    int ggufs = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir.toStdString())) ggufs += e.path().extension() == ".gguf";
    QCOMPARE(t->rowCount(), ggufs);
    const int smol = row_of(t, kDefaultModelFile);
    QVERIFY(smol >= 0);
    QCOMPARE(t->currentRow(), smol);  // the current model starts selected
    QCOMPARE(t->item(smol, 1)->text(), QString("llama"));
    QCOMPARE(t->item(smol, 2)->text(), QString("Q4_1"));
    QCOMPARE(t->item(smol, 4)->text(), QString("134.5 M"));
    QVERIFY(open_button(d)->isEnabled());
    if (!gemma_path().empty()) {
      const int g = row_of(t, "gemma-3-270m-q4_k_m.gguf");
      QVERIFY(g >= 0);
      QCOMPARE(t->item(g, 0)->text(), QString("Gemma 3 270m"));
      QCOMPARE(t->item(g, 1)->text(), QString("gemma3"));
      QCOMPARE(t->item(g, 2)->text(), QString("Q4_K_M"));
      QCOMPARE(t->item(g, 4)->text(), QString("268.1 M"));
      QCOMPARE(t->item(g, 5)->text(), QString("gemma"));
      QVERIFY(t->item(g, 5)->toolTip().endsWith("gemma-3-270m-q4_k_m.NOTICE"));
      // Double-clicking a row accepts the dialog with that file.
      emit t->cellDoubleClicked(g, 0);
      QCOMPARE(d.result(), int(QDialog::Accepted));
      QCOMPARE(d.selectedPath(), QString::fromStdString(gemma_path()));
    }
  }

  void a_file_the_engine_refuses_is_listed_but_not_openable() {
    const std::filesystem::path dir = std::filesystem::path(test::temp_dir()) / "picker";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "broken.gguf") << "not a gguf file";
    ModelPickerDialog d(QString::fromStdString(dir.string()), QString());
    QTableWidget* t = d.table();
    QCOMPARE(t->rowCount(), 1);
    QVERIFY(!(t->item(0, 0)->flags() & Qt::ItemIsEnabled));
    QVERIFY(t->item(0, 0)->toolTip().startsWith("InferScope cannot run this file"));
    QVERIFY(!open_button(d)->isEnabled());
    emit t->cellDoubleClicked(0, 0);
    QVERIFY(d.selectedPath().isEmpty());
  }

  void model_card_teaches_gemma3() {
    const std::string path = gemma_path();
    INFERSCOPE_REQUIRE_MODEL(path, "Gemma 3 270M");
    const auto m = load_model(path);
    ModelCardPanel p;
    p.setCard(m->card);
    const QString text = p.text();
    QVERIFY2(text.contains("Token embedding (262,144 × 640)\n167.8 M (62.6%)"), qPrintable(text));
    QVERIFY(text.contains("Output head\ntied: the token embedding, read again"));
    QVERIFY(text.contains("Layers and norms\n100.3 M (37.4%)"));
    QVERIFY(text.contains("6 difference(s)"));  // norms, Q/K norms, activation, window, RoPE, embedding scale
    QVERIFY(text.contains("costs more than all the layers together"));
    QVERIFY(text.contains("RMSNorm before and after attention and FFN"));
    QVERIFY(text.contains("GELU (tanh form), gated"));
    QVERIFY(text.contains("a window of the last 512 tokens in 15 of 18 layers; layers 5, 11, 17 see the whole context"));
    QVERIFY(text.contains("base 1,000,000 in the global layers, 10,000 in the window layers"));
    QVERIFY(text.contains("× 25.30 (√640)"));
    QVERIFY(text.contains("Licence notice"));
    QVERIFY(text.contains("GEMMA_TERMS.html, NOTICE.md, README.upstream.md"));
    QVERIFY(text.contains("Quantization\nQ4_K_M"));
  }

  void model_card_of_plain_llama_shows_no_difference() {
    const std::string path = test::default_model_path_if_present();
    INFERSCOPE_REQUIRE_MODEL(path, "the default model");
    const auto m = load_model(path);
    ModelCardPanel p;
    p.setCard(m->card);
    const QString text = p.text();
    QVERIFY2(text.contains("The same computation as llama's graph."), qPrintable(text));
    QVERIFY(text.contains("Token embedding (49,152 × 576)\n28.3 M (21.0%)"));
    QVERIFY(!text.contains("Licence notice"));
    QVERIFY(!text.contains("Most of this model is vocabulary"));
  }
};

QTEST_MAIN(TestModelPicker)
#include "tst_model_picker.moc"
