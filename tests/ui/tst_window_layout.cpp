// The main window on a laptop, a projector and a large monitor, under the offscreen platform with one
// screen of a given size (INFERSCOPE_TEST_SCREEN=WxH[@dpr]; 1280x720 when unset; tests/CMakeLists.txt
// registers the other sizes): the window fits its screen, no visible widget overlaps a sibling or lies
// outside its parent, presentation mode meets the classroom text sizes and leaves the layout exactly as
// it found it, settings persist, and the start page's experiments load their scenarios.
#include <QAbstractScrollArea>
#include <QApplication>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLegend>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QToolBar>
#include <QValueAxis>
#include <QAbstractSpinBox>
#include <QToolButton>
#include <QFontInfo>
#include <QtTest/QtTest>
#include <cmath>

#include "tests/common/tiny_model.h"
#include "ui/charts/charts_panel.h"
#include "ui/charts/chart_fitter.h"
#include "ui/charts/metrics_chart.h"
#include "ui/engine/engine_controller.h"
#include "ui/lessons/lesson_page.h"
#include "ui/lessons/lessons_panel.h"
#include "ui/lessons/param_controls.h"
#include "ui/main_window.h"
#include "ui/panels/engine_settings_panel.h"
#include "ui/panels/load_generator_panel.h"
#include "ui/panels/log_panel.h"
#include "ui/presentation_bar.h"
#include "ui/timeline/timeline_bar.h"
#include "ui/start_page.h"

using namespace inferscope;
using namespace inferscope::ui;

namespace {

// Pixels two siblings may share: styles let a tab bar sit on its panel's frame line.
constexpr int kOverlapSlack = 2;

QString describe(const QWidget* w) {
  return QStringLiteral("%1(%2) %3,%4 %5x%6")
      .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
      .arg(w->x())
      .arg(w->y())
      .arg(w->width())
      .arg(w->height());
}

QList<QWidget*> visibleChildren(const QWidget* w) {
  QList<QWidget*> kids;
  for (QObject* o : w->children())
    if (auto* k = qobject_cast<QWidget*>(o); k && !k->isWindow() && k->isVisible() && k->width() > 0 && k->height() > 0)
      kids << k;
  return kids;
}

// Content inside a scroll area's viewport may be larger than the viewport and moved: that is scrolling.
bool scrolledContent(const QWidget* w) {
  const QWidget* p = w->parentWidget();
  return p && qobject_cast<const QAbstractScrollArea*>(p->parentWidget()) &&
         static_cast<const QAbstractScrollArea*>(p->parentWidget())->viewport() == p;
}

// Every pair of visible siblings under root whose rectangles share more than a frame line, and every
// visible widget that reaches outside its parent (scrolled content excepted).
QStringList layoutFaults(const QWidget* root) {
  QStringList faults;
  const QList<QWidget*> kids = visibleChildren(root);
  for (int i = 0; i < kids.size(); ++i) {
    if (kids[i]->visibleRegion().isEmpty()) continue;  // parked off-view (a dock behind its tab): not drawn
    for (int j = i + 1; j < kids.size(); ++j) {
      if (kids[j]->visibleRegion().isEmpty()) continue;
      const QRect both = kids[i]->geometry() & kids[j]->geometry();
      if (both.width() > kOverlapSlack && both.height() > kOverlapSlack)
        faults << QStringLiteral("overlap in %1: %2 / %3").arg(describe(root), describe(kids[i]), describe(kids[j]));
    }
    if (!scrolledContent(kids[i]) && !root->rect().adjusted(-1, -1, 1, 1).contains(kids[i]->geometry()))
      faults << QStringLiteral("outside %1: %2").arg(describe(root), describe(kids[i]));
  }
  for (QWidget* k : kids) faults << layoutFaults(k);
  return faults;
}

// The widget lies wholly inside the window (in window coordinates) and is visible.
bool insideWindow(const QWidget* w, const QWidget* window) {
  if (!w->isVisible()) return false;
  const QRect r(w->mapTo(window, QPoint(0, 0)), w->size());
  return window->rect().contains(r);
}

QSize screenSize() { return QGuiApplication::primaryScreen()->geometry().size(); }

}  // namespace

class TstWindowLayout : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir tmp_;
  QString tinyPath_;
  int windows_ = 0;

  std::unique_ptr<MainWindow> makeWindow(bool withModel, const QString& ini = {}) {
    auto w = std::make_unique<MainWindow>(ini.isEmpty() ? tmp_.filePath(QStringLiteral("w%1.ini").arg(windows_++)) : ini);
    w->setInteractive(false);
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get())) return nullptr;
    if (withModel) {
      QSignalSpy loaded(w->controller(), &EngineController::loadFinished);
      w->openModel(tinyPath_);
      if (!loaded.wait(30000) || !loaded.first().at(0).toBool()) return nullptr;
    }
    return w;
  }

  // Runs a small workload to its end so every chart has points and the charts page shows.
  static bool runSmallLoad(MainWindow& w) {
    WorkloadSpec s;
    s.requests = 6, s.prompt_min = 8, s.prompt_max = 24, s.gen_min = 4, s.gen_max = 10, s.seed = 7;
    w.loadGenerator()->setSpec(s);
    EngineController* c = w.controller();
    c->startLoad(s);
    c->run();
    return QTest::qWaitFor([&] { return w.charts()->steps().size() > 3 && !c->hasUnfinishedWork(); }, 60000);
  }

  static int presentationThreshold() {
    // The classroom sizes: at least 20 px on a 1080-line screen, at least 16 px on a 720-line one.
    const int h = screenSize().height();
    return h >= 1080 ? 20 : 16;
  }

  static QJsonObject scenarioJson(const QString& resource) {
    QFile f(resource);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
  }
  static QString scenarioName(const QString& resource) { return scenarioJson(resource).value(QStringLiteral("name")).toString(); }
  static int scenarioMaxSeqs(const QString& resource) {
    return scenarioJson(resource).value(QStringLiteral("engine")).toObject().value(QStringLiteral("max_seqs")).toInt(-1);
  }

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    test::TinyModelSpec spec;
    spec.context = 256;
    tinyPath_ = QString::fromStdString(test::write_tiny_model(spec, "ui_layout_tiny"));
    qInfo("screen %dx%d, device pixel ratio %.1f", screenSize().width(), screenSize().height(),
          QGuiApplication::primaryScreen()->devicePixelRatio());
  }

  void opensSizedToItsScreen() {
    auto w = makeWindow(false);
    QVERIFY(w);
    if (qEnvironmentVariableIsSet("INFERSCOPE_LAYOUT_DEBUG")) {
      const std::function<void(QWidget*, int)> dump = [&](QWidget* x, int depth) {
        if (depth > 4) return;
        qInfo("%s%s min %dx%d", qPrintable(QString(depth * 2, QLatin1Char(' '))), qPrintable(describe(x)), x->minimumSizeHint().width(), x->minimumSizeHint().height());
        for (QWidget* k : visibleChildren(x)) dump(k, depth + 1);
      };
      dump(w.get(), 0);
      for (int i = 0; i < w->tabs()->count(); ++i) qInfo("tab %d min %dx%d", i, w->tabs()->widget(i)->minimumSizeHint().width(), w->tabs()->widget(i)->minimumSizeHint().height());
    }
    const QRect avail = w->screen()->availableGeometry();
    QVERIFY2(avail.contains(w->frameGeometry()), qPrintable(QStringLiteral("window %1,%2 %3x%4 on %5x%6")
                                                                  .arg(w->frameGeometry().x())
                                                                  .arg(w->frameGeometry().y())
                                                                  .arg(w->frameGeometry().width())
                                                                  .arg(w->frameGeometry().height())
                                                                  .arg(avail.width())
                                                                  .arg(avail.height())));
    // 90% of the screen, and never less than it takes to lay the window out.
    QVERIFY(w->width() >= int(avail.width() * 0.85));
    QVERIFY(w->height() >= int(avail.height() * 0.85));
    QVERIFY2(w->minimumSizeHint().width() <= avail.width() && w->minimumSizeHint().height() <= avail.height(),
             qPrintable(QStringLiteral("minimum %1x%2").arg(w->minimumSizeHint().width()).arg(w->minimumSizeHint().height())));
  }

  void startPageNothingOverlaps() {
    auto w = makeWindow(true);
    QVERIFY(w);
    QVERIFY(w->charts()->startPageShown());
    QVERIFY(w->startPage()->isVisible());
    const QStringList faults = layoutFaults(w.get());
    QVERIFY2(faults.isEmpty(), qPrintable(faults.join(QLatin1Char('\n'))));
    for (const auto& e : w->startPage()->experiments()) QVERIFY(e.button->isVisible());
  }

  void everyTabFitsAndNothingOverlaps() {
    auto w = makeWindow(true);
    QVERIFY(w);
    QVERIFY(runSmallLoad(*w));
    QVERIFY(!w->charts()->startPageShown());
    for (int i = 0; i < w->tabs()->count(); ++i) {
      w->tabs()->setCurrentIndex(i);
      QTest::qWait(50);
      const QStringList faults = layoutFaults(w.get());
      QVERIFY2(faults.isEmpty(), qPrintable(w->tabs()->tabText(i) + QStringLiteral(":\n") + faults.join(QLatin1Char('\n'))));
    }
    w->tabs()->setCurrentWidget(w->charts());
    QTest::qWait(50);
    // What must never be off-screen: the run controls, the tabs, the log and the status bar.
    for (QWidget* important : {static_cast<QWidget*>(w->runToolBar()), static_cast<QWidget*>(w->tabs()),
                               static_cast<QWidget*>(w->logDock()), static_cast<QWidget*>(w->statusBar())})
      QVERIFY2(insideWindow(important, w.get()), qPrintable(describe(important)));
    // Charts keep a readable size (legend and tick labels need the room) and scroll instead of shrinking.
    const auto shown = w->charts()->shownCharts();
    QCOMPARE(shown.size(), w->charts()->charts().size());
    for (MetricsChart* c : shown) {
      QVERIFY2(c->height() >= ChartsPanel::kMinChartHeight, qPrintable(describe(c)));
      QVERIFY2(c->width() >= ChartsPanel::kMinChartWidth - 20, qPrintable(describe(c)));
      // The chart draws its own legend (ChartFitter): one visible entry per series (a lone series has
      // none: the chart title names it).
      const auto legend = c->fitter()->legendTextItems();
      QCOMPARE(legend.size(), qsizetype(c->seriesCount() > 1 ? c->seriesCount() : 0));
      for (const auto* entry : legend) QVERIFY2(entry->isVisible(), qPrintable(describe(c)));
    }
    // Fewer charts per row when narrow: the columns follow the panel's width.
    QCOMPARE(w->charts()->columns(), std::clamp((w->charts()->width() - 20) / ChartsPanel::kMinChartWidth, 1, 3));
  }

  void doubleClickEnlargesAChartAndBack() {
    auto w = makeWindow(true);
    QVERIFY(w);
    QVERIFY(runSmallLoad(*w));
    MetricsChart* tokens = w->charts()->chart(QStringLiteral("tokens_per_step"));
    QVERIFY(tokens && tokens->isVisible());
    QTest::mouseDClick(tokens->viewport(), Qt::LeftButton, {}, tokens->viewport()->rect().center());
    QCOMPARE(w->charts()->enlarged(), tokens);
    QTest::qWait(20);
    for (MetricsChart* c : w->charts()->charts()) QCOMPARE(c->isVisible(), c == tokens);
    // The whole tab: the chart takes (nearly) all of the panel.
    QVERIFY2(tokens->width() >= w->charts()->width() - 10 && tokens->height() >= w->charts()->height() - 10, qPrintable(describe(tokens)));
    QVERIFY(layoutFaults(w.get()).isEmpty());
    QTest::mouseDClick(tokens->viewport(), Qt::LeftButton, {}, tokens->viewport()->rect().center());
    QCOMPARE(w->charts()->enlarged(), nullptr);
    QTest::qWait(20);
    for (MetricsChart* c : w->charts()->charts()) QVERIFY(c->isVisible());
  }

  void presentationModeIsReadableAndRestoresTheLayout() {
    auto w = makeWindow(true);
    QVERIFY(w);
    QVERIFY(runSmallLoad(*w));
    QTest::qWait(50);
    const QByteArray geometry = w->saveGeometry();
    const QByteArray state = w->saveState();
    const QRect frame = w->frameGeometry();
    const int timelineHeight = w->timeline()->height();

    w->presentationAction()->trigger();  // the toolbar's button / F11
    QVERIFY(w->isPresentation());
    QTRY_VERIFY_WITH_TIMEOUT(w->isFullScreen(), 2000);
    QTest::qWait(50);
    QCOMPARE(w->frameGeometry(), w->screen()->geometry());
    for (QDockWidget* d : w->docks()) QVERIFY2(!d->isVisible(), qPrintable(d->objectName()));
    QVERIFY(w->presentationBar()->isVisible());
    // The strip names the newest step as the timeline and the charts' x axis do (0-based engine step).
    QVERIFY2(w->presentationBar()->text().contains(QStringLiteral("Step %1").arg(w->controller()->totalSteps() - 1)),
             qPrintable(w->presentationBar()->text()));
    // The small run ended: its whole-run rate is shown, labelled as such.
    QVERIFY2(w->presentationBar()->smallText().contains(QStringLiteral("whole run's average")), qPrintable(w->presentationBar()->smallText()));
    QVERIFY(w->presentationBar()->conditionsText().isEmpty());  // a default run: nothing to warn about
    QVERIFY(w->presentationBar()->textPixelSize() >= 2 * presentationThreshold());
    QVERIFY2(w->presentationBar()->shownPixelSize() >= 2 * presentationThreshold(), qPrintable(QString::number(w->presentationBar()->shownPixelSize())));
    const int px = presentationThreshold();
    const auto shown = w->charts()->shownCharts();
    QVERIFY(!shown.empty() && shown.size() <= 2);
    for (MetricsChart* c : shown) {
      QVERIFY(c->isVisible());
      QVERIFY(c->presentationStyle());
      QVERIFY2(c->chart()->titleFont().pixelSize() >= px, qPrintable(QString::number(c->chart()->titleFont().pixelSize())));
      QVERIFY(c->chart()->legend()->font().pixelSize() >= px);
      for (QAbstractAxis* a : c->chart()->axes()) {
        QVERIFY(a->labelsFont().pixelSize() >= px);
        QVERIFY(a->titleFont().pixelSize() >= px);
      }
      // Large: each of the one or two charts gets at least a third of the screen's area.
      QVERIFY2(double(c->width()) * c->height() >= screenSize().width() * screenSize().height() / 3.0, qPrintable(describe(c)));
    }
    // The timeline under the stage: its own text (position, speed, Live) at the classroom size, whole.
    QVERIFY(w->timeline()->isVisible());
    for (QWidget* t : w->timeline()->findChildren<QWidget*>()) {
      if (!t->isVisible() || !(qobject_cast<QLabel*>(t) || qobject_cast<QAbstractSpinBox*>(t) || qobject_cast<QToolButton*>(t))) continue;
      QVERIFY2(QFontInfo(t->font()).pixelSize() >= px, qPrintable(t->objectName() + QStringLiteral(": ") + QString::number(QFontInfo(t->font()).pixelSize())));
    }
    {
      auto* label = w->timeline()->findChild<QLabel*>(QStringLiteral("timeline_label"));
      QVERIFY(label);
      QVERIFY2(label->fontMetrics().horizontalAdvance(label->text()) <= label->contentsRect().width(), qPrintable(label->text()));
    }
    {
      const QStringList faults = layoutFaults(w.get());
      QVERIFY2(faults.isEmpty(), qPrintable(faults.join(QLatin1Char('\n'))));
    }
    // Presentation keeps its own dock layout: show the log there, leave, and the normal layout is back.
    w->logDock()->show();

    w->presentationAction()->trigger();
    QVERIFY(!w->isPresentation());
    QTRY_VERIFY_WITH_TIMEOUT(!w->isFullScreen(), 2000);
    QTest::qWait(50);
    QCOMPARE(w->frameGeometry(), frame);
    QCOMPARE(w->saveGeometry(), geometry);
    QCOMPARE(w->saveState(), state);
    QVERIFY(!w->presentationBar()->isVisible());
    QCOMPARE(w->timeline()->textPixelSize(), 0);
    QCOMPARE(w->timeline()->height(), timelineHeight);
    for (MetricsChart* c : w->charts()->charts()) {
      QVERIFY(!c->presentationStyle());
      QVERIFY(c->isVisible());
    }

    // The second time, presentation mode comes back with the log it was left with.
    w->setPresentationMode(true);
    QTest::qWait(50);
    QVERIFY(w->logDock()->isVisible());
    QVERIFY(!w->docks().front()->isVisible());
    w->setPresentationMode(false);
    QTest::qWait(50);
    QCOMPARE(w->saveState(), state);
  }

  void settingsPersistThroughTheIniFile() {
    const QString ini = tmp_.filePath(QStringLiteral("persist.ini"));
    {
      auto w = makeWindow(false, ini);
      QVERIFY(w);
      w->setLanguage(QStringLiteral("zh_TW"));
      w->setDarkTheme(true);
      // Language and theme are written when they change, not only on a clean close.
      QSettings s(ini, QSettings::IniFormat);
      QCOMPARE(s.value(QStringLiteral("language")).toString(), QStringLiteral("zh_TW"));
      QCOMPARE(s.value(QStringLiteral("dark")).toBool(), true);
    }
    QRect geometry;
    {
      auto w = makeWindow(false, ini);
      QVERIFY(w);
      QCOMPARE(w->language(), QStringLiteral("zh_TW"));
      QVERIFY(w->findChild<QAction*>() != nullptr);
      QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(0x2b, 0x2b, 0x2b));
      // In the dark theme disabled controls must not look like enabled ones.
      const QPalette p = QApplication::palette();
      QVERIFY(p.color(QPalette::Disabled, QPalette::ButtonText) != p.color(QPalette::Active, QPalette::ButtonText));
      QVERIFY(p.color(QPalette::Disabled, QPalette::Text) != p.color(QPalette::Active, QPalette::Text));
      w->resize(w->width() - 40, w->height() - 30);
      w->logDock()->hide();
      QTest::qWait(20);
      geometry = w->geometry();
      w->close();  // the layout is saved on close
      w->setLanguage(QStringLiteral("en"));
      w->setDarkTheme(false);
    }
    {
      QSettings s(ini, QSettings::IniFormat);
      QCOMPARE(s.value(QStringLiteral("language")).toString(), QStringLiteral("en"));
      s.setValue(QStringLiteral("language"), QStringLiteral("zh_CN"));
    }
    {
      auto w = makeWindow(false, ini);
      QVERIFY(w);
      QCOMPARE(w->language(), QStringLiteral("zh_CN"));
      QCOMPARE(w->geometry().size(), geometry.size());
      QVERIFY(!w->logDock()->isVisible());
      w->setLanguage(QStringLiteral("en"));
    }
  }

  // The Lessons tab takes the window: the docks step aside while it is shown and come back with the
  // next tab; a layout saved while it is shown keeps the docks, and presentation mode restores them too.
  void lessonsTakeTheRoomAndGiveItBack() {
    const QString ini = tmp_.filePath(QStringLiteral("lessons_room.ini"));
    {
      auto w = makeWindow(false, ini);
      QVERIFY(w);
      w->logDock()->hide();  // the user's own choice stays
      QTest::qWait(20);
      std::vector<bool> before;
      for (QDockWidget* d : w->docks()) before.push_back(d->isVisible());
      const int pageWidth = w->lessons()->width();
      w->tabs()->setCurrentWidget(w->lessons());
      QTest::qWait(50);
      for (QDockWidget* d : w->docks()) QVERIFY2(!d->isVisible(), qPrintable(d->objectName()));
      QVERIFY2(w->lessons()->width() > pageWidth + 200, qPrintable(QStringLiteral("%1 -> %2").arg(pageWidth).arg(w->lessons()->width())));
      w->tabs()->setCurrentWidget(w->charts());
      QTest::qWait(50);
      for (size_t i = 0; i < before.size(); ++i) QCOMPARE(w->docks()[i]->isVisible(), bool(before[i]));
      w->tabs()->setCurrentWidget(w->lessons());
      QTest::qWait(20);
      w->close();  // saved on the Lessons tab
    }
    auto w = makeWindow(false, ini);
    QVERIFY(w);
    QVERIFY(w->settingsDock()->isVisible());
    QVERIFY(!w->logDock()->isVisible());
  }

  void aSavedWindowLargerThanTheScreenIsRefitted() {
    // A geometry saved on a larger screen (the projector is gone, or presentation mode grew it).
    const QString ini = tmp_.filePath(QStringLiteral("large.ini"));
    {
      MainWindow big(ini);
      big.setInteractive(false);
      big.setGeometry(QRect(QPoint(0, 0), screenSize() * 3 / 2));
      QSettings s(ini, QSettings::IniFormat);
      s.setValue(QStringLiteral("geometry"), big.saveGeometry());
    }
    auto w = makeWindow(false, ini);
    QVERIFY(w);
    QVERIFY(w->screen()->availableGeometry().contains(w->frameGeometry()));
  }

  void startPageExperimentsLoadTheirScenarios() {
    auto w = makeWindow(true);
    QVERIFY(w);
    const auto& experiments = w->startPage()->experiments();
    QCOMPARE(experiments.size(), size_t(4));
    const QString expected[] = {QStringLiteral(":/scenarios/continuous_vs_static.json"), QStringLiteral(":/scenarios/prefix_caching.json"),
                                QStringLiteral(":/scenarios/block_size_fragmentation.json"),
                                QStringLiteral(":/scenarios/speculative_decoding.json")};
    for (size_t i = 0; i < experiments.size(); ++i) {
      QCOMPARE(experiments[i].scenario, expected[i]);
      QVERIFY(!experiments[i].title->text().isEmpty());
      // "What to watch" and "what to try next": two sentences.
      QCOMPARE(experiments[i].text->text().count(QStringLiteral(". ")) + 1, 2);
    }
    // Each button loads its scenario: the engine settings become the scenario's (as its file says).
    for (size_t i = 0; i < experiments.size(); ++i) {
      QVERIFY(w->charts()->startPageShown() || i > 0);
      QVERIFY2(experiments[i].button->isVisible(), qPrintable(describe(experiments[i].button)));
      QSignalSpy chosen(w->startPage(), &StartPage::experimentChosen);
      QTest::mouseClick(experiments[i].button, Qt::LeftButton);
      QCOMPARE(chosen.count(), 1);
      QVERIFY2(!w->log()->text().contains(QStringLiteral("Scenario not loaded")), qPrintable(w->log()->text().right(300)));
      QCOMPARE(w->scenarioName(), scenarioName(expected[i]));
      QVERIFY(!w->scenarioName().isEmpty());
      QVERIFY(scenarioMaxSeqs(expected[i]) > 0);
      QCOMPARE(w->settingsPanel()->config().sched.max_num_seqs, scenarioMaxSeqs(expected[i]));
      QVERIFY(!w->charts()->startPageShown());
      QCOMPARE(w->tabs()->currentWidget(), static_cast<QWidget*>(w->charts()));
      w->charts()->showStartPage(true);  // back to the page for the next button
    }
    // The one clicked last runs: the engine steps without anyone pressing Run.
    QTRY_VERIFY_WITH_TIMEOUT(w->controller()->totalSteps() > 0, 120000);
  }

  void runWithNothingLoadedRunsTheDefaultExperiment() {
    auto w = makeWindow(true);
    QVERIFY(w);
    QVERIFY(w->scenarioName().isEmpty());
    QCOMPARE(w->controller()->totalSteps(), int64_t(0));
    w->runAction()->trigger();
    QCOMPARE(w->scenarioName(), scenarioName(StartPage::defaultScenario()));
    QCOMPARE(StartPage::defaultScenario(), QStringLiteral(":/scenarios/continuous_vs_static.json"));
    QTRY_VERIFY_WITH_TIMEOUT(w->controller()->totalSteps() > 0, 120000);
    QVERIFY(!w->charts()->startPageShown());
  }

  void lessonShapeControlsFollowThePreset() {
    auto w = makeWindow(true);
    QVERIFY(w);
    LessonPage* p = w->lessons()->showLesson(QStringLiteral("kv-size"));
    QVERIFY(p);
    auto value = [p](const char* name) {
      return qobject_cast<QDoubleSpinBox*>(p->controls()->editor(QLatin1String(name)))->value();
    };
    // The tiny model: 2 layers, 2 KV heads, 64 / 4 = 16 elements per head (tests/common/tiny_model.h).
    QVERIFY(p->controls()->setValue(QStringLiteral("preset"), QStringLiteral("loaded")));
    QCOMPARE(value("layers"), 2.0);
    QCOMPARE(value("kv-heads"), 2.0);
    QCOMPARE(value("head-dim"), 16.0);
    QVERIFY(!p->controls()->editor(QStringLiteral("layers"))->isEnabled());
    QVERIFY(!p->controls()->slider(QStringLiteral("layers"))->isEnabled());
    QCOMPARE(p->controls()->slider(QStringLiteral("kv-heads"))->value(), 1);  // position 1 of the 1..256 range
    // Llama-3-8B's published config.json: 32 layers, 8 KV heads, 4096 / 32 = 128 per head.
    QVERIFY(p->controls()->setValue(QStringLiteral("preset"), QStringLiteral("llama-3-8b")));
    QCOMPARE(value("layers"), 32.0);
    QCOMPARE(value("kv-heads"), 8.0);
    QCOMPARE(value("head-dim"), 128.0);
    QVERIFY(p->controls()->setValue(QStringLiteral("preset"), QStringLiteral("custom")));
    QVERIFY(p->controls()->editor(QStringLiteral("layers"))->isEnabled());
    QVERIFY(p->controls()->slider(QStringLiteral("layers"))->isEnabled());
  }
};

// The screen is chosen before QApplication exists: the offscreen platform reads it from a JSON file.
int main(int argc, char** argv) {
  QByteArray spec = qgetenv("INFERSCOPE_TEST_SCREEN");
  if (spec.isEmpty()) spec = "1280x720";
  const QList<QByteArray> sizeAndDpr = spec.split('@');
  const QList<QByteArray> wh = sizeAndDpr.value(0).split('x');
  const double dpr = sizeAndDpr.size() > 1 ? sizeAndDpr[1].toDouble() : 1.0;
  QTemporaryFile config;
  const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
  if ((platform.isEmpty() || platform == "offscreen") && wh.size() == 2 && config.open()) {
    // Sizes are logical pixels: with a ratio of 2 the screen is 1280x720 drawn on 2560x1440 pixels.
    config.write(QStringLiteral(R"({"screens": [{"name": "test", "x": 0, "y": 0, "width": %1, "height": %2, )"
                                R"("logicalDpi": 96, "logicalBaseDpi": 96, "dpr": %3}]})")
                     .arg(wh[0].toInt())
                     .arg(wh[1].toInt())
                     .arg(dpr)
                     .toUtf8());
    config.flush();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.fileName().toLocal8Bit());
  }
  QApplication app(argc, argv);
  TstWindowLayout t;
  return QTest::qExec(&t, argc, argv);
}

#include "tst_window_layout.moc"
