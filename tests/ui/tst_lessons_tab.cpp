// The Lessons tab under the offscreen platform: every registered lesson is listed; the page shows
// exactly the numbers Lesson::run() computes for the same parameters (the CLI's numbers), computed on
// the engine thread; controls refuse impossible values and an impossible combination shows the
// engine's reason; the chart has the result's series; the language switch retranslates the page;
// export writes the lesson chart; model lessons run on a model loaded through the controller.
#include <QAbstractSeries>
#include <QChart>
#include <QDoubleSpinBox>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QLogValueAxis>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QJsonObject>
#include <QtTest/QtTest>

#include "engine/lessons/lesson.h"
#include "engine/model/loaded_model.h"
#include "tests/common/test_support.h"
#include "tests/common/tiny_model.h"
#include "ui/charts/charts_panel.h"
#include "ui/engine/engine_controller.h"
#include "ui/export/chart_export.h"
#include "ui/lessons/challenges_view.h"
#include "ui/lessons/heat_map_view.h"
#include "ui/lessons/lesson_chart.h"
#include "ui/lessons/lesson_page.h"
#include "ui/lessons/lesson_texts.h"
#include "ui/lessons/lessons_panel.h"
#include "ui/lessons/numbers_table.h"
#include "ui/lessons/param_controls.h"
#include "ui/main_window.h"

using namespace inferscope;
using namespace inferscope::ui;

class TstLessonsTab : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir tmp_;
  QString tinyPath_;

  std::unique_ptr<MainWindow> makeWindow(const QString& name) {
    auto w = std::make_unique<MainWindow>(tmp_.filePath(name + ".ini"));
    w->setInteractive(false);
    w->resize(1400, 900);
    w->show();
    w->tabs()->setCurrentWidget(w->lessons());
    return w;
  }

  static bool settle(LessonPage* p) {
    return QTest::qWaitFor([p] { return !p->isComputing(); }, 60000);
  }

  static lessons::ParamValues kvValues() {
    return {{"layers", "32"}, {"kv-heads", "8"}, {"head-dim", "128"}, {"dtype", "fp16"}, {"context", "131072"}, {"users", "1"}};
  }

  static void setAll(LessonPage* p, const lessons::ParamValues& v) {
    for (const auto& [k, text] : v) QVERIFY2(p->controls()->setValue(QString::fromStdString(k), QString::fromStdString(text)), k.c_str());
  }

  // The page's table against a result: same rows, same keys and English labels, exactly the same
  // values, formatted as NumbersTable formats them.
  static void compareTable(LessonPage* p, const lessons::LessonResult& expected) {
    NumbersTable* t = p->numbers();
    QVERIFY(t->isVisible());
    QCOMPARE(t->rowCount(), int(expected.numbers.size()));
    for (int r = 0; r < t->rowCount(); ++r) {
      const lessons::Quantity& q = expected.numbers[size_t(r)];
      QCOMPARE(t->item(r, NumbersTable::LabelColumn)->data(Qt::UserRole).toString(), QString::fromStdString(q.key));
      QCOMPARE(t->item(r, NumbersTable::LabelColumn)->text(), QString::fromStdString(q.label));
      const double shown = t->item(r, NumbersTable::ValueColumn)->data(Qt::UserRole).toDouble();
      QVERIFY2(shown == q.value || (std::isnan(shown) && std::isnan(q.value)),
               qPrintable(QStringLiteral("%1: %2 != %3").arg(QString::fromStdString(q.key)).arg(shown, 0, 'g', 17).arg(q.value, 0, 'g', 17)));
      QCOMPARE(t->item(r, NumbersTable::ValueColumn)->text(), NumbersTable::shown(q.value, q.unit).first);
      QCOMPARE(t->item(r, NumbersTable::UnitColumn)->text(), NumbersTable::shown(q.value, q.unit).second);
    }
  }

 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    test::TinyModelSpec spec;
    spec.context = 256;
    tinyPath_ = QString::fromStdString(test::write_tiny_model(spec, "ui_lessons_tiny"));
  }

  void listsEveryLesson() {
    auto w = makeWindow(QStringLiteral("list"));
    QCOMPARE(w->tabs()->tabText(w->tabs()->indexOf(w->lessons())), QStringLiteral("Lessons"));
    const auto& all = lessons::all_lessons();
    QVERIFY(!all.empty());
    QListWidget* list = w->lessons()->list();
    QCOMPARE(list->count(), int(all.size()));
    for (int i = 0; i < list->count(); ++i) {
      QCOMPARE(list->item(i)->data(Qt::UserRole).toString(), QString::fromStdString(all[size_t(i)]->id()));
      QVERIFY2(list->item(i)->text().startsWith(QStringLiteral("%1. ").arg(i + 1)), qPrintable(list->item(i)->text()));
      QVERIFY(list->item(i)->text().size() > 4);
    }
  }

  void kvSizeShowsTheEngineNumbers() {
    auto w = makeWindow(QStringLiteral("kv"));
    LessonPage* p = w->lessons()->showLesson(QStringLiteral("kv-size"));
    QVERIFY(p);
    QVERIFY(settle(p));
    QSignalSpy computed(w->controller(), &EngineController::lessonComputed);
    setAll(p, kvValues());
    // One value typed as a user would: the spin box takes it, the debounce coalesces all changes.
    auto* context = qobject_cast<QDoubleSpinBox*>(p->controls()->editor(QStringLiteral("context")));
    QVERIFY(context);
    context->setFocus();
    context->selectAll();
    QTest::keyClicks(context, QStringLiteral("131072"));
    QTest::keyClick(context, Qt::Key_Return);
    QCOMPARE(context->value(), 131072.0);
    QVERIFY(settle(p));
    QVERIFY(computed.count() <= 2);  // debounced: not one computation per keystroke
    QVERIFY2(p->result(), qPrintable(p->errorText()));
    QVERIFY(p->errorLabel()->isHidden());

    const lessons::ParamValues shown = p->controls()->values();
    for (const auto& [k, v] : kvValues()) QCOMPARE(QString::fromStdString(shown.at(k)), QString::fromStdString(v));
    // What `inferscope-cli lesson kv-size --layers 32 ...` computes: the same flags, no model.
    const lessons::LessonResult expected = lessons::find_lesson("kv-size")->run(kvValues(), lessons::LessonContext{});
    compareTable(p, expected);
    QCOMPARE(expected.value("bytes_per_token"), 131072.0);
    const int row = [&] {
      for (int r = 0; r < p->numbers()->rowCount(); ++r)
        if (p->numbers()->item(r, 0)->data(Qt::UserRole).toString() == QLatin1String("bytes_per_token")) return r;
      return -1;
    }();
    QVERIFY(row >= 0);
    // 131,072 B per token reads as 128 KiB (the exact count stays in the tooltip).
    QCOMPARE(p->numbers()->item(row, NumbersTable::ValueColumn)->text(), QStringLiteral("128"));
    QCOMPARE(p->numbers()->item(row, NumbersTable::UnitColumn)->text(), QStringLiteral("KiB"));
    QVERIFY(p->numbers()->item(row, NumbersTable::ValueColumn)->toolTip().startsWith(QStringLiteral("131072")));
    QCOMPARE(NumbersTable::shown(17179869184.0, "B").first + QLatin1Char(' ') + NumbersTable::shown(17179869184.0, "B").second,
             QStringLiteral("16 GiB"));
    QCOMPARE(NumbersTable::shown(1000.0, "B").second, QStringLiteral("B"));

    // The chart has the result's series, in order, lines dashed where the lesson says so, log axes.
    LessonChart* chart = p->chart();
    QVERIFY(chart->isVisible());
    QStringList names;
    for (const auto& s : expected.chart.series) names << QString::fromStdString(s.name);
    QCOMPARE(chart->seriesNames(), names);
    const auto series = chart->chart()->series();
    QCOMPARE(series.size(), qsizetype(expected.chart.series.size()));  // kv-size draws only lines
    for (qsizetype i = 0; i < series.size(); ++i) {
      auto* line = qobject_cast<QLineSeries*>(series[i]);
      QVERIFY(line);
      QCOMPARE(line->name(), names[i]);
      QCOMPARE(line->pen().style(), expected.chart.series[size_t(i)].dashed ? Qt::DashLine : Qt::SolidLine);
      QCOMPARE(line->count(), qsizetype(expected.chart.series[size_t(i)].points.size()));
    }
    QCOMPARE(chart->title(), QString::fromStdString(expected.chart.title));
    QVERIFY(qobject_cast<QLogValueAxis*>(chart->chart()->axes(Qt::Horizontal).value(0)));
    QVERIFY(qobject_cast<QLogValueAxis*>(chart->chart()->axes(Qt::Vertical).value(0)));
  }

  void impossibleValuesAreRefused() {
    auto w = makeWindow(QStringLiteral("range"));
    LessonPage* p = w->lessons()->showLesson(QStringLiteral("kv-size"));
    QVERIFY(p && settle(p));
    auto* heads = qobject_cast<QDoubleSpinBox*>(p->controls()->editor(QStringLiteral("kv-heads")));
    QVERIFY(heads);
    QCOMPARE(heads->minimum(), 1.0);
    QCOMPARE(heads->maximum(), 256.0);
    heads->setFocus();
    heads->selectAll();
    QTest::keyClicks(heads, QStringLiteral("99999"));  // the validator refuses digits past the maximum
    QTest::keyClick(heads, Qt::Key_Return);
    QVERIFY(heads->value() >= 1 && heads->value() <= 256);
    heads->selectAll();
    QTest::keyClicks(heads, QStringLiteral("0"));
    QTest::keyClick(heads, Qt::Key_Return);
    QVERIFY(heads->value() >= 1);
    QVERIFY(!p->controls()->setValue(QStringLiteral("layers"), QStringLiteral("0")));
    QVERIFY(!p->controls()->setValue(QStringLiteral("dtype"), QStringLiteral("fp4")));
    QVERIFY(!p->controls()->setValue(QStringLiteral("no-such-param"), QStringLiteral("1")));
    QVERIFY(settle(p));
    QVERIFY(p->result());

    // A combination only the engine can judge: the loaded model's shape with no model loaded.
    QVERIFY(p->controls()->setValue(QStringLiteral("preset"), QStringLiteral("loaded")));
    QVERIFY(settle(p));
    QVERIFY(!p->result());
    QVERIFY(p->errorLabel()->isVisible());
    QVERIFY2(p->errorLabel()->text().contains(QStringLiteral("model")), qPrintable(p->errorLabel()->text()));
    QVERIFY(p->numbers()->isHidden());
    QVERIFY(p->chart()->isHidden());
    QVERIFY(p->controls()->setValue(QStringLiteral("preset"), QStringLiteral("custom")));
    QVERIFY(settle(p));
    QVERIFY(p->result());
    QVERIFY(p->errorLabel()->isHidden());
    QVERIFY(p->numbers()->isVisible());
  }

  void everyLessonShowsItsNumbers() {
    auto w = makeWindow(QStringLiteral("all"));
    int models = 0;
    for (const auto& lesson : lessons::all_lessons()) {
      LessonPage* p = w->lessons()->showLesson(QString::fromStdString(lesson->id()));
      QVERIFY(p);
      QVERIFY(settle(p));
      if (lesson->needs_model()) {
        ++models;
        QVERIFY(!p->result());
        QVERIFY2(p->errorText().startsWith(QStringLiteral("Load a model first")), qPrintable(p->errorText()));
        continue;
      }
      QVERIFY2(p->result(), qPrintable(QString::fromStdString(lesson->id()) + ": " + p->errorText()));
      // The page shows exactly what the engine API (and so the CLI) computes for the page's values.
      compareTable(p, lesson->run(p->controls()->values(), {}));
      QCOMPARE(p->chart()->seriesNames().size(), qsizetype(p->result()->chart.series.size()));
      QCOMPARE(p->heatMap()->isVisible(), !p->result()->matrices.empty());
      if (!p->result()->matrices.empty()) QCOMPARE(p->heatMap()->matrix().rows, p->result()->matrices.front().rows);
    }

    // Model lessons (and kv-size's "loaded" preset) on the tiny model, loaded through the controller.
    QSignalSpy loaded(w->controller(), &EngineController::loadFinished);
    w->openModel(tinyPath_);
    QVERIFY(loaded.wait(30000));
    QVERIFY(loaded.first().at(0).toBool());
    const auto model = load_model(tinyPath_.toStdString());
    LessonPage* kv = w->lessons()->showLesson(QStringLiteral("kv-size"));
    QVERIFY(kv->controls()->setValue(QStringLiteral("preset"), QStringLiteral("loaded")));
    QVERIFY(settle(kv));
    QVERIFY2(kv->result(), qPrintable(kv->errorText()));
    lessons::LessonContext ctx;
    ctx.model = model;
    compareTable(kv, lessons::find_lesson("kv-size")->run(kv->controls()->values(), ctx));
    QCOMPARE(kv->result()->value("layers"), 2.0);
    QVERIFY(kv->result()->find("loaded_model_bytes_per_token"));
    for (const auto& lesson : lessons::all_lessons()) {
      if (!lesson->needs_model()) continue;
      LessonPage* p = w->lessons()->showLesson(QString::fromStdString(lesson->id()));
      QVERIFY(settle(p));
      QVERIFY2(!p->errorText().startsWith(QStringLiteral("Load a model first")), qPrintable(p->errorText()));
      if (p->result()) {
        compareTable(p, *p->result());
        QCOMPARE(p->chart()->seriesNames().size(), qsizetype(p->result()->chart.series.size()));
        QCOMPARE(p->heatMap()->isVisible(), !p->result()->matrices.empty());
      }
      qInfo("%s on the tiny model: %s", lesson->id().c_str(), p->result() ? "result" : qPrintable("error: " + p->errorText()));
    }
    qInfo("%d lesson(s), %d of them on the model", int(lessons::all_lessons().size()), models);
  }

  void languageSwitchRetranslatesThePage() {
    auto w = makeWindow(QStringLiteral("lang"));
    LessonPage* p = w->lessons()->showLesson(QStringLiteral("kv-size"));
    QVERIFY(p && settle(p));
    const QString en = p->titleLabel()->text();
    const QString enItem = w->lessons()->list()->item(0)->text();
    const LessonTexts texts = LessonTexts::load(QStringLiteral("kv-size"), QString::fromStdString(p->lesson().title()));
    QVERIFY(en.contains(texts.title(QStringLiteral("en"))));
    w->setLanguage(QStringLiteral("zh_TW"));
    QTRY_VERIFY_WITH_TIMEOUT(p->titleLabel()->text() != en, 2000);
    QVERIFY2(p->titleLabel()->text().contains(texts.title(QStringLiteral("zh_TW"))), qPrintable(p->titleLabel()->text()));
    QTRY_COMPARE_WITH_TIMEOUT(w->tabs()->tabText(w->tabs()->indexOf(w->lessons())), QStringLiteral("課程"), 2000);
    QTRY_VERIFY_WITH_TIMEOUT(p->titleLabel()->text().startsWith(QStringLiteral("第 1 課")), 2000);  // tr() part too
    if (texts.loaded()) {
      QVERIFY(w->lessons()->list()->item(0)->text() != enItem);
      QVERIFY(texts.title(QStringLiteral("zh_TW")) != texts.title(QStringLiteral("en")));
      // Challenges follow the language too.
      const auto zh = texts.challenges(QStringLiteral("zh_TW"));
      if (!zh.empty()) QCOMPARE(p->challenges()->answerLabel(0)->text(), zh.front().answer);
    }
    w->setLanguage(QStringLiteral("zh_CN"));
    QTRY_VERIFY_WITH_TIMEOUT(p->titleLabel()->text().contains(texts.title(QStringLiteral("zh_CN"))), 2000);
    QTRY_COMPARE_WITH_TIMEOUT(w->tabs()->tabText(w->tabs()->indexOf(w->lessons())), QStringLiteral("课程"), 2000);
    w->setLanguage(QStringLiteral("en"));
    QTRY_COMPARE_WITH_TIMEOUT(p->titleLabel()->text(), en, 2000);
    QCOMPARE(w->lessons()->list()->item(0)->text(), enItem);
    QVERIFY(p->result());  // the result stays on screen through the switches
  }

  // Strings the engine builds from values translate through template keys; the values themselves are
  // looked up too ("custom"), numbers pass through.
  void templateLabelsTranslateBuiltStrings() {
    QStringList args;
    QVERIFY(LessonTexts::matchTemplate(QStringLiteral("attention weights (layer %1, head %2)"),
                                       QStringLiteral("attention weights (layer 12, head 3)"), &args));
    QCOMPARE(args, (QStringList{QStringLiteral("12"), QStringLiteral("3")}));
    QVERIFY(LessonTexts::matchTemplate(QStringLiteral("%2 then %1"), QStringLiteral("b then a"), &args));
    QCOMPARE(args, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    QVERIFY(!LessonTexts::matchTemplate(QStringLiteral("layer %1 (x)"), QStringLiteral("layer 1 [x]"), &args));
    QVERIFY(!LessonTexts::matchTemplate(QStringLiteral("layer %1"), QStringLiteral("layer "), &args));
    QJsonObject labels{
        {QStringLiteral("KV cache size vs context (%1, %2)"),
         QJsonObject{{QStringLiteral("zh_TW"), QStringLiteral("KV 快取大小與情境長度（%1，%2）")}}},
        {QStringLiteral("custom"), QJsonObject{{QStringLiteral("zh_TW"), QStringLiteral("自訂")}}}};
    const LessonTexts t = LessonTexts::fromJson(QJsonObject{{QStringLiteral("labels"), labels}}, QStringLiteral("x"));
    QCOMPARE(t.label(QStringLiteral("KV cache size vs context (custom, fp16)"), QStringLiteral("zh_TW")),
             QStringLiteral("KV 快取大小與情境長度（自訂，fp16）"));
    QCOMPARE(t.label(QStringLiteral("KV cache size vs context (custom, fp16)"), QStringLiteral("en")),
             QStringLiteral("KV cache size vs context (custom, fp16)"));
    QCOMPARE(t.label(QStringLiteral("no such text"), QStringLiteral("zh_TW")), QStringLiteral("no such text"));
    // The most specific template wins over a broader one that also matches.
    const LessonTexts g = LessonTexts::fromJson(
        QJsonObject{{QStringLiteral("labels"),
                     QJsonObject{{QStringLiteral("%1: group %2"), QJsonObject{{QStringLiteral("zh_CN"), QStringLiteral("%1：每组 %2")}}},
                                 {QStringLiteral("random: group %1"),
                                  QJsonObject{{QStringLiteral("zh_CN"), QStringLiteral("随机：每组 %1")}}}}}},
        QStringLiteral("x"));
    QCOMPARE(g.label(QStringLiteral("random: group 32"), QStringLiteral("zh_CN")), QStringLiteral("随机：每组 32"));
    QCOMPARE(g.label(QStringLiteral("blk.0: group 32"), QStringLiteral("zh_CN")), QStringLiteral("blk.0：每组 32"));
  }

  void challengesRevealAnswers() {
    auto w = makeWindow(QStringLiteral("challenges"));
    for (const auto& lesson : lessons::all_lessons()) {
      LessonPage* p = w->lessons()->showLesson(QString::fromStdString(lesson->id()));
      const auto expected = LessonTexts::load(QString::fromStdString(lesson->id()), {}).challenges(QStringLiteral("en"));
      ChallengesView* c = p->challenges();
      QCOMPARE(c->count(), int(expected.size()));
      for (int i = 0; i < c->count(); ++i) {
        QVERIFY(c->answerLabel(i)->isHidden());
        QTest::mouseClick(c->answerButton(i), Qt::LeftButton);
        QVERIFY(c->answerLabel(i)->isVisible());
        QCOMPARE(c->answerLabel(i)->text(), expected[size_t(i)].answer);
      }
    }
  }

  void heatMapShowsCellValues() {
    HeatMapView v;
    lessons::LessonResult::Matrix m;
    m.name = "attention";
    m.row_labels = {"q0", "q1"};
    m.col_labels = {"k0", "k1", "k2"};
    m.rows = {{1.0, 0.0, 0.0}, {0.25, 0.5, 0.125}};
    v.setMatrix(m);
    v.resize(400, 300);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    const QRect cell = v.cellRect(1, 2);
    QVERIFY(cell.isValid());
    QCOMPARE(v.cellAt(cell.center()), QPoint(2, 1));
    QVERIFY2(v.toolTipAt(cell.center()).contains(QStringLiteral("0.125")), qPrintable(v.toolTipAt(cell.center())));
    QVERIFY(v.toolTipAt(cell.center()).contains(QStringLiteral("q1")));
    QVERIFY(v.toolTipAt(QPoint(1, 1)).isEmpty());
    // Painted: the two extreme cells differ in colour.
    const QImage img = v.grab().toImage();
    QVERIFY(img.pixelColor(v.cellRect(0, 0).center()) != img.pixelColor(v.cellRect(0, 1).center()));
  }

  void exportWritesTheLessonChart() {
    auto w = makeWindow(QStringLiteral("export"));
    LessonPage* p = w->lessons()->showLesson(QStringLiteral("kv-size"));
    QVERIFY(p && settle(p) && p->result());
    QTest::qWait(50);
    const QString dir = tmp_.filePath(QStringLiteral("export"));
    QString err;
    const QStringList files = w->exportAllTo(dir, &err);
    QVERIFY2(!files.isEmpty(), qPrintable(err));
    QVERIFY(files.contains(QStringLiteral("lesson_kv_size.png")));
    const QImage png(dir + "/lesson_kv_size.png"), png2(dir + "/lesson_kv_size@2x.png");
    QVERIFY(!png.isNull());
    QCOMPARE(png.size(), exportSizeFor(p->chart()));  // at least 1200 px wide
    QVERIFY(png.width() >= 1200);
    QCOMPARE(png2.size(), exportSizeFor(p->chart()) * 2);
    QVERIFY(QSvgRenderer(dir + "/lesson_kv_size.svg").isValid());
    QFile csv(dir + "/lesson_kv_size.csv");
    QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString header = QString::fromUtf8(csv.readLine()).trimmed();
    QVERIFY2(header.startsWith(QStringLiteral("context (tokens),1 user")), qPrintable(header));
  }

  void seeItForRealLoadsTheScenario() {
    auto w = makeWindow(QStringLiteral("seeit"));
    LessonPage* p = w->lessons()->showLesson(QStringLiteral("kv-size"));
    QVERIFY(p && settle(p));
    QVERIFY(p->seeItButton()->isVisible());
    QTest::mouseClick(p->seeItButton(), Qt::LeftButton);
    QCOMPARE(w->tabs()->currentWidget(), static_cast<QWidget*>(w->charts()));
    QVERIFY2(w->lastError().isEmpty(), qPrintable(w->lastError()));
  }
};

QTEST_MAIN(TstLessonsTab)
#include "tst_lessons_tab.moc"
