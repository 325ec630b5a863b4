// The calibration progress window of the calibrated weight modes, on the real tiny model (stories260K):
// it opens when a calibrated mode starts computing, advances through every projection and closes with
// the new weights; the same mode again is read from the cache and opens no window; its Cancel button
// stops a run, leaving the previous weights in place and no cache file.
#include <QDir>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "engine/quant/calibration.h"
#include "tests/common/test_support.h"
#include "ui/engine/engine_controller.h"
#include "ui/main_window.h"
#include "ui/panels/calibration_progress_dialog.h"

using namespace inferscope;
using namespace inferscope::ui;

class TstCalibrationProgress : public QObject {
  Q_OBJECT

  static int cacheFiles(const QString& dir) {
    return int(QDir(dir).entryList({QStringLiteral("*.isqc")}, QDir::Files).size());
  }

 private slots:
  void dialogFollowsCalibrationAndCancelKeepsWeights() {
    const std::string path = test::stories260k_path();
    INFERSCOPE_REQUIRE_MODEL(path, "stories260K");
    QTemporaryDir tmp;
    const QString cache = tmp.filePath(QStringLiteral("quant"));
    MainWindow w(tmp.filePath(QStringLiteral("w.ini")));
    w.setInteractive(false);
    w.resize(1280, 720);
    w.show();
    EngineController* c = w.controller();
    QSignalSpy loaded(c, &EngineController::loadFinished);
    w.openModel(QString::fromStdString(path));
    QVERIFY(loaded.wait(30000));
    QVERIFY(loaded.first().at(0).toBool());
    const int layers = c->modelCard()->n_layers;
    QVERIFY(layers > 0);
    c->setCalibration(QString(), 0, cache);

    // A fresh computation: the window is up at the first report and names the mode.
    QSignalSpy progress(c, &EngineController::calibrationProgress);
    bool shownAtFirst = false;
    QString modeShown;
    auto first = connect(c, &EngineController::calibrationProgress, this, [&] {
      auto* d = w.findChild<CalibrationProgressDialog*>(QStringLiteral("calibration_progress"));
      if (d && progress.size() == 1) {
        shownAtFirst = d->isVisible();
        modeShown = d->modeText();
      }
    });
    loaded.clear();
    QString err;
    QVERIFY(w.session()->requestWeightMode(QStringLiteral("gptq:int4:g32"), false, 0, &err));
    QVERIFY(loaded.wait(60000));
    QVERIFY(loaded.first().at(0).toBool());
    disconnect(first);
    QVERIFY(shownAtFirst);
    QVERIFY2(modeShown.contains(QStringLiteral("gptq:int4:g32")), qPrintable(modeShown));
    // The calibration pass (its start and end), then the seven projections of every layer in order,
    // fractions rising to 1.
    QCOMPARE(progress.size(), 2 + 7 * layers);
    double last = -1;
    for (int i = 0; i < progress.size(); ++i) {
      const double f = progress.at(i).at(1).toDouble();
      QVERIFY(f >= last);
      last = f;
      QCOMPARE(progress.at(i).at(2).toString() == QStringLiteral("calibration"), i < 2);
      QCOMPARE(progress.at(i).at(3).toInt(), std::max(0, i - 1));
      QCOMPARE(progress.at(i).at(4).toInt(), 7 * layers);
    }
    QCOMPARE(last, 1.0);
    QCOMPARE(progress.last().at(2).toString(), QStringLiteral("blk.%1.ffn_down.weight").arg(layers - 1));
    auto* dialog = w.findChild<CalibrationProgressDialog*>(QStringLiteral("calibration_progress"));
    QVERIFY(dialog);
    QCOMPARE(dialog->progressValue(), 1000);
    QCOMPARE(dialog->stepText(), QStringLiteral("Layer %1 of %1, projection %2 of %2").arg(layers).arg(7 * layers));
    QCOMPARE(dialog->tensorText(), QStringLiteral("blk.%1.ffn_down.weight").arg(layers - 1));
    QVERIFY(!dialog->isVisible());  // closed with the new weights
    QCOMPARE(QString::fromStdString(c->modelCard()->weight_mode), QStringLiteral("gptq:int4:g32"));
    QCOMPARE(cacheFiles(cache), 1);

    // The same mode again comes from the cache: no report, no window.
    progress.clear();
    loaded.clear();
    QVERIFY(w.session()->requestWeightMode(QStringLiteral("gptq:int4:g32"), false, 0, &err));
    QVERIFY(loaded.wait(60000));
    QVERIFY(loaded.first().at(0).toBool());
    QCOMPARE(progress.size(), 0);
    QVERIFY(!dialog->isVisible());

    // Cancel from the window at its first report, on a calibration long enough that the run is still in
    // its first pass then: the previous weights stay, nothing is cached, the window closes.
    std::string text;
    for (int i = 0; i < 40; ++i) text += quant::default_calibration_text() + "\n";
    c->setCalibration(QString::fromStdString(text), 65536, cache);
    QSignalSpy cancelled(c, &EngineController::loadCancelled);
    progress.clear();
    loaded.clear();
    auto clickCancel = connect(c, &EngineController::calibrationProgress, this, [&] {
      if (progress.size() == 1) dialog->findChild<QPushButton*>(QStringLiteral("calibration_cancel"))->click();
    });
    QVERIFY(w.session()->requestWeightMode(QStringLiteral("awq:int4:g32"), false, 0, &err));
    QTRY_COMPARE_WITH_TIMEOUT(cancelled.size(), 1, 60000);
    disconnect(clickCancel);
    QVERIFY(!dialog->isVisible());
    QTest::qWait(2000);  // whatever the cancelled run still does in the background
    QCOMPARE(loaded.size(), 0);
    QCOMPARE(QString::fromStdString(c->modelCard()->weight_mode), QStringLiteral("gptq:int4:g32"));
    QCOMPARE(cacheFiles(cache), 1);
  }
};

QTEST_MAIN(TstCalibrationProgress)
#include "tst_calibration_progress.moc"
