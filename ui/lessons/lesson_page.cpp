#include "ui/lessons/lesson_page.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "engine/lessons/published_configs.h"
#include "ui/engine/engine_controller.h"
#include "ui/export/chart_export.h"
#include "ui/lessons/challenges_view.h"
#include "ui/lessons/heat_map_view.h"
#include "ui/lessons/lesson_chart.h"
#include "ui/lessons/numbers_table.h"
#include "ui/lessons/param_controls.h"

namespace inferscope::ui {

namespace {
constexpr int kDebounceMs = 150;
constexpr int kSideBySideWidth = 760;
constexpr int kStackedMinHeight = 520;

QLabel* heading() {
  auto* l = new QLabel;
  QFont f = l->font();
  f.setBold(true);
  l->setFont(f);
  return l;
}
}  // namespace

LessonPage::LessonPage(const lessons::Lesson& lesson, int number, EngineController* controller, QWidget* parent)
    : QWidget(parent), lesson_(lesson), number_(number), controller_(controller) {
  setObjectName(QStringLiteral("lesson_page_") + id());
  texts_ = LessonTexts::load(id(), QString::fromStdString(lesson.title()));
  debounce_ = new QTimer(this);
  debounce_->setSingleShot(true);
  debounce_->setInterval(kDebounceMs);
  connect(debounce_, &QTimer::timeout, this, &LessonPage::computeNow);

  title_ = new QLabel;
  title_->setObjectName(QStringLiteral("lesson_title"));
  QFont tf = title_->font();
  tf.setBold(true);
  tf.setPointSizeF(tf.pointSizeF() * 1.4);
  title_->setFont(tf);
  title_->setWordWrap(true);
  seeIt_ = new QPushButton;
  seeIt_->setObjectName(QStringLiteral("lesson_see_it"));
  seeIt_->setVisible(!lesson.scenario().empty());
  connect(seeIt_, &QPushButton::clicked, this, [this] { emit seeItForReal(QString::fromStdString(lesson_.scenario())); });
  export_ = new QPushButton;
  export_->setObjectName(QStringLiteral("lesson_export"));
  auto* menu = new QMenu(export_);
  connect(menu, &QMenu::aboutToShow, this, [this, menu] {
    menu->clear();
    menu->addAction(tr("PNG (1x)..."), this, [this] { exportChart(QStringLiteral(".png"), 1.0); });
    menu->addAction(tr("PNG (2x)..."), this, [this] { exportChart(QStringLiteral("@2x.png"), 2.0); });
    menu->addAction(tr("SVG..."), this, [this] { exportChart(QStringLiteral(".svg"), 1.0); });
    menu->addAction(tr("Data as CSV..."), this, [this] { exportChart(QStringLiteral(".csv"), 1.0); });
    menu->addAction(tr("Copy to clipboard"), this, [this] { copyToClipboard(chart_); });
    if (!heatMap_->isHidden()) {
      menu->addSeparator();
      menu->addAction(tr("Heat map as PNG..."), this, [this] { exportChart(QStringLiteral("_heatmap.png"), 1.0); });
      menu->addAction(tr("Heat map data as CSV..."), this, [this] { exportChart(QStringLiteral("_heatmap.csv"), 1.0); });
    }
  });
  export_->setMenu(menu);
  auto* header = new QHBoxLayout;
  header->addWidget(title_, 1);
  header->addWidget(seeIt_, 0, Qt::AlignTop);
  header->addWidget(export_, 0, Qt::AlignTop);

  body_ = new QTextBrowser;
  body_->setObjectName(QStringLiteral("lesson_body"));
  body_->setOpenExternalLinks(true);
  body_->setMinimumHeight(60);

  // Top row: the inputs (with the engine's messages under them) beside the chart. Bottom row: the
  // numbers across the page (their labels are long), beside the heat map for matrix results.
  paramsTitle_ = heading();
  controls_ = new ParamControls(lesson.params());
  connect(controls_, &ParamControls::changed, this, [this] {
    syncShapeControls();
    scheduleCompute();
  });
  syncShapeControls();
  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("lesson_status"));
  status_->setStyleSheet(QStringLiteral("color: gray"));
  error_ = new QLabel;
  error_->setObjectName(QStringLiteral("lesson_error"));
  error_->setWordWrap(true);
  error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  error_->setStyleSheet(QStringLiteral("QLabel { color: #c62828; font-weight: bold; border: 1px solid #c62828; padding: 6px; }"));
  error_->hide();
  auto* inputs = new QWidget;
  auto* iv = new QVBoxLayout(inputs);
  iv->setContentsMargins(0, 0, 6, 0);
  iv->addWidget(paramsTitle_);
  iv->addWidget(controls_);
  iv->addWidget(status_);
  iv->addWidget(error_);
  iv->addStretch(1);
  auto* inputsScroll = new QScrollArea;
  inputsScroll->setWidget(inputs);
  inputsScroll->setWidgetResizable(true);
  inputsScroll->setFrameShape(QFrame::NoFrame);
  inputsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  // Wide enough for the longest label, a usable slider and the spin box; taller lists scroll.
  inputsScroll->setMinimumWidth(std::max(300, inputs->minimumSizeHint().width() + inputsScroll->verticalScrollBar()->sizeHint().width()));

  chart_ = new LessonChart;
  chart_->setObjectName(exportId());
  auto* top = new QSplitter(Qt::Horizontal);
  top_ = top;
  top->addWidget(inputsScroll);
  top->addWidget(chart_);
  top->setStretchFactor(0, 2);
  top->setStretchFactor(1, 3);
  top->setChildrenCollapsible(false);

  texts_label_ = new QLabel;
  texts_label_->setObjectName(QStringLiteral("lesson_texts"));
  texts_label_->setWordWrap(true);
  texts_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  texts_label_->hide();
  numbers_ = new NumbersTable;
  numbers_->setObjectName(QStringLiteral("lesson_numbers"));
  auto* results = new QWidget;
  auto* rv = new QVBoxLayout(results);
  rv->setContentsMargins(0, 0, 0, 0);
  rv->addWidget(texts_label_);
  rv->addWidget(numbers_, 1);
  heatMap_ = new HeatMapView;
  heatMap_->setObjectName(exportId() + QStringLiteral("_heatmap"));
  heatMap_->hide();
  auto* bottom = new QSplitter(Qt::Horizontal);
  bottom->addWidget(results);
  bottom->addWidget(heatMap_);
  bottom->setStretchFactor(0, 1);
  bottom->setStretchFactor(1, 1);
  bottom->setChildrenCollapsible(false);

  challengesTitle_ = heading();
  challenges_ = new ChallengesView;
  auto* challengeBox = new QWidget;
  auto* cv = new QVBoxLayout(challengeBox);
  cv->setContentsMargins(0, 0, 0, 0);
  cv->addWidget(challengesTitle_);
  cv->addWidget(challenges_, 1);
  auto* challengeScroll = new QScrollArea;
  challengeScroll->setWidget(challengeBox);
  challengeScroll->setWidgetResizable(true);
  challengeScroll->setFrameShape(QFrame::NoFrame);
  challengeArea_ = challengeScroll;

  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(body_);
  split->addWidget(top);
  split->addWidget(bottom);
  split->addWidget(challengeScroll);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 3);
  split->setStretchFactor(2, 2);
  split->setStretchFactor(3, 1);
  split->setSizes({110, 320, 220, 110});
  split->setChildrenCollapsible(false);

  // On a small screen the page scrolls rather than forcing its minimum size onto the whole window.
  auto* pageScroll = new QScrollArea;
  pageScroll->setObjectName(QStringLiteral("lesson_scroll"));
  pageScroll->setWidget(split);
  pageScroll->setWidgetResizable(true);
  pageScroll->setFrameShape(QFrame::NoFrame);
  pageScroll->setMinimumSize(0, 0);
  auto* v = new QVBoxLayout(this);
  v->addLayout(header);
  v->addWidget(pageScroll, 1);

  connect(controller_, &EngineController::lessonComputed, this, &LessonPage::onComputed);
  retranslateUi();
}

QString LessonPage::id() const { return QString::fromStdString(lesson_.id()); }
QString LessonPage::exportId() const { return QStringLiteral("lesson_") + fileKey(id()); }

void LessonPage::setLanguage(const QString& lang) {
  if (lang == lang_) return;
  lang_ = lang;
  retranslateUi();
}

void LessonPage::scheduleCompute() { debounce_->start(); }
bool LessonPage::isComputing() const { return debounce_->isActive() || pendingTag_ != 0; }

void LessonPage::syncShapeControls() {
  auto* preset = qobject_cast<QComboBox*>(controls_->editor(QStringLiteral("preset")));
  if (!preset) return;
  const QString choice = preset->currentData().toString();
  int shape[3] = {0, 0, 0};
  if (choice == QLatin1String("loaded")) {
    if (const auto& card = controller_->modelCard()) shape[0] = card->n_layers, shape[1] = card->n_kv_heads, shape[2] = card->head_dim;
  } else if (const lessons::PublishedConfig* c = lessons::find_published_config(choice.toStdString())) {
    shape[0] = c->n_layers, shape[1] = c->n_kv_heads, shape[2] = c->head_dim;
  }
  const bool locked = shape[0] > 0;
  const QSignalBlocker block(controls_);  // the values follow the preset; the preset's change recomputes
  const QString names[3] = {QStringLiteral("layers"), QStringLiteral("kv-heads"), QStringLiteral("head-dim")};
  for (int i = 0; i < 3; ++i) {
    QWidget* editor = controls_->editor(names[i]);
    if (!editor) continue;
    if (locked) controls_->setValue(names[i], QString::number(shape[i]));
    editor->setEnabled(!locked);
    if (QSlider* sl = controls_->slider(names[i])) sl->setEnabled(!locked);
  }
}

void LessonPage::computeNow() {
  debounce_->stop();
  syncShapeControls();  // a model may have been loaded since the preset was chosen
  if (const auto& card = controller_->modelCard()) controls_->setModelDimensions(card->n_layers, card->n_heads);
  if (lesson_.needs_model() && !controller_->hasModel()) {
    pendingTag_ = 0;
    status_->clear();
    showError(tr("Load a model first: this lesson runs on the loaded model (File → Open model)."));
    return;
  }
  pendingTag_ = controller_->computeLesson(id(), controls_->values());
  status_->setText(tr("Computing…"));
}

void LessonPage::onComputed(quint64 tag, const QString&, LessonResultPtr result, const QString& error) {
  if (tag != pendingTag_) return;  // an older request (or another page's): a newer answer is coming
  pendingTag_ = 0;
  status_->clear();
  if (!error.isEmpty() || !result) {
    showError(error.isEmpty() ? tr("The lesson returned no result.") : error);
    return;
  }
  result_ = std::move(result);
  shownError_.clear();
  showResult();
}

void LessonPage::showError(const QString& text) {
  shownError_ = text;
  error_->setText(text);
  error_->show();
  for (QWidget* w : {static_cast<QWidget*>(numbers_), static_cast<QWidget*>(chart_), static_cast<QWidget*>(heatMap_),
                     static_cast<QWidget*>(texts_label_)})
    w->hide();
  emit updated();
}

void LessonPage::showResult() {
  error_->hide();
  const lessons::LessonResult& r = *result_;
  numbers_->setNumbers(r.numbers, texts_, lang_);
  numbers_->setVisible(!r.numbers.empty());
  QStringList lines;
  for (const auto& [key, value] : r.texts) {
    QString label = texts_.label(QString::fromStdString(key), lang_);
    if (label == QString::fromStdString(key)) label = label.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!label.isEmpty()) label[0] = label[0].toUpper();
    // Fixed sentences have translations; values built from numbers or token text fall back to English.
    const QString text = texts_.label(QString::fromStdString(value), lang_);
    lines << QStringLiteral("<b>%1:</b> %2").arg(label.toHtmlEscaped(), text.toHtmlEscaped());
  }
  texts_label_->setText(lines.join(QStringLiteral("<br>")));
  texts_label_->setVisible(!lines.isEmpty());
  chart_->setLessonChart(r.chart, texts_, lang_);
  chart_->setVisible(!chart_->isEmpty());
  if (!r.matrices.empty()) {
    lessons::LessonResult::Matrix m = r.matrices.front();
    m.name = texts_.label(QString::fromStdString(m.name), lang_).toStdString();
    heatMap_->setMatrix(m);
  }
  heatMap_->setVisible(!r.matrices.empty());
  emit updated();
}

void LessonPage::retranslateUi() {
  title_->setText(tr("Lesson %1: %2").arg(number_).arg(texts_.title(lang_)));
  const QString body = texts_.body(lang_);
  if (body.isEmpty()) body_->setPlainText(tr("No explanation for this lesson yet."));
  else if (Qt::mightBeRichText(body)) body_->setHtml(body);
  else body_->setMarkdown(body);
  seeIt_->setText(tr("See it for real"));
  seeIt_->setToolTip(tr("Load the scenario that shows this on the real engine, and switch to the Charts tab."));
  export_->setText(tr("Export chart…"));
  export_->setToolTip(tr("Save the lesson's chart as PNG or SVG, its data as CSV, or copy it."));
  paramsTitle_->setText(tr("Inputs"));
  controls_->retranslate(texts_, lang_);
  numbers_->retranslateHeaders();
  const auto ch = texts_.challenges(lang_);
  challenges_->setChallenges(ch);
  challengesTitle_->setText(tr("Challenges"));
  challengeArea_->setVisible(!ch.empty());
  if (pendingTag_ != 0) status_->setText(tr("Computing…"));
  if (result_ && shownError_.isEmpty()) showResult();
  else if (lesson_.needs_model() && !controller_->hasModel() && !shownError_.isEmpty()) computeNow();
}

void LessonPage::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  // Side by side the inputs and the chart need ~760 px; a narrower page (a 1280-wide laptop with its
  // docks) stacks them and scrolls down instead of cutting the chart off at the right.
  const Qt::Orientation want = width() < kSideBySideWidth ? Qt::Vertical : Qt::Horizontal;
  if (top_->orientation() != want) {
    top_->setOrientation(want);
    // Stacked, the inputs and the chart each keep a usable height and the page scrolls down.
    top_->setMinimumHeight(want == Qt::Vertical ? kStackedMinHeight : 0);
    top_->setSizes({1, 1});  // an even split in the new direction (the old sizes were widths)
  }
}

void LessonPage::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QWidget::changeEvent(e);
}

void LessonPage::exportChart(const QString& ext, qreal scale) {
  const QString f = QFileDialog::getSaveFileName(this, tr("Export chart"), exportId() + ext);
  if (f.isEmpty()) return;
  QString err;
  bool ok = false;
  const bool heat = ext.startsWith(QLatin1String("_heatmap"));
  QWidget* w = heat ? static_cast<QWidget*>(heatMap_) : static_cast<QWidget*>(chart_);
  if (ext.endsWith(QLatin1String(".csv"))) ok = heat ? heatMap_->writeCsv(f, &err) : chart_->writeCsv(f, &err);
  else if (ext.endsWith(QLatin1String(".svg"))) ok = exportSvg(w, f, chart_->title(), &err);
  else ok = exportPng(w, f, scale, &err);
  if (!ok) QMessageBox::warning(this, tr("Export failed"), err);
}

void LessonPage::setDark(bool dark) {
  chart_->setDark(dark);
  heatMap_->setDark(dark);
}

void LessonPage::setLineWidth(qreal width) { chart_->setLineWidth(width); }

void LessonPage::setTextPixelSize(int px) {
  // Children whose font was not set explicitly follow the page's; the title and the chart size their own.
  if (px > 0) {
    QFont f = font();
    f.setPixelSize(px);
    setFont(f);
  } else {
    setFont(QFont());
    setAttribute(Qt::WA_SetFont, false);
  }
  QFont tf = font();
  tf.setBold(true);
  if (px > 0) tf.setPixelSize(px * 7 / 5);
  else tf.setPointSizeF(tf.pointSizeF() * 1.4);
  title_->setFont(tf);
  chart_->setTextPixelSize(px);
}

}  // namespace inferscope::ui
