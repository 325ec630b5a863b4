// The GUI's backend choice: without a usable GPU the CUDA entry is disabled and the reason is shown
// (tooltip and status line); a saved CUDA choice falls back to the CPU; the model card names the device.
#include <QComboBox>
#include <QLabel>
#include <QSettings>
#include <QStandardItemModel>
#include <QtTest/QtTest>

#include "tests/common/test_support.h"
#include "ui/engine/engine_texts.h"
#include "ui/panels/engine_settings_panel.h"
#include "ui/panels/model_card_panel.h"

using namespace inferscope;

class TstGuiBackend : public QObject {
  Q_OBJECT
 private slots:
  void cudaChoiceDisabledWithReason() {
    const BackendProbe p = probe_backend(BackendKind::Cuda);
    ui::EngineSettingsPanel panel;
    auto* combo = panel.findChild<QComboBox*>(QStringLiteral("backend"));
    auto* status = panel.findChild<QLabel*>(QStringLiteral("backend_status"));
    QVERIFY(combo && status);
    QCOMPARE(combo->count(), 2);
    QCOMPARE(BackendKind(combo->itemData(0).toInt()), BackendKind::Cpu);
    auto* model = qobject_cast<QStandardItemModel*>(combo->model());
    QVERIFY(model);
    QCOMPARE(model->item(1)->isEnabled(), p.available);
    if (p.available) QSKIP("a CUDA device is present: the choice is enabled here");
    const QString why = ui::EngineTexts::backendReason(p.reason);  // the probe's reason in the GUI's words
    QVERIFY(!why.isEmpty());
    QVERIFY2(status->text().contains(why), qPrintable(status->text()));
    QVERIFY2(combo->toolTip().contains(why), qPrintable(combo->toolTip()));
    QVERIFY(combo->itemData(1, Qt::ToolTipRole).toString().contains(why));
    // A CUDA setting (from saved settings or a scenario) cannot select the unusable backend.
    EngineConfig c;
    c.backend = BackendKind::Cuda;
    panel.setConfig(c);
    QCOMPARE(panel.config().backend, BackendKind::Cpu);
  }

  void settingsRoundTrip() {
    const QString file = QString::fromStdString(test::temp_dir()) + "/backend.ini";
    ui::EngineSettingsPanel a;
    {
      QSettings s(file, QSettings::IniFormat);
      a.save(s);
      QCOMPARE(s.value("engine/backend").toString(), QStringLiteral("cpu"));
    }
    ui::EngineSettingsPanel b;
    QSettings s(file, QSettings::IniFormat);
    b.load(s);
    QCOMPARE(b.config().backend, BackendKind::Cpu);
  }

  void modelCardNamesTheDevice() {
    ui::ModelCardPanel card;
    ModelCard mc;
    mc.name = "tiny";
    card.setCard(mc);
    card.setBackend(BackendKind::Cpu, 3);
    QVERIFY2(card.text().contains("Compute device"), qPrintable(card.text()));
    QVERIFY2(card.text().contains("CPU, 3 threads"), qPrintable(card.text()));
  }
};

QTEST_MAIN(TstGuiBackend)
#include "tst_gui_backend.moc"
