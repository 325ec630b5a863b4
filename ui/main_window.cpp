#include "ui/reqtimeline/request_timeline_panel.h"
#include "ui/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPalette>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QStyleFactory>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <algorithm>
#include <iterator>
#include <utility>

#include "ui/attach/attach_panel.h"
#include "ui/blockmap/block_map_panel.h"
#include "ui/blockmap/block_map_view.h"
#include "ui/charts/charts_panel.h"
#include "ui/charts/metrics_chart.h"
#include "ui/compare/compare_panel.h"
#include "ui/engine/engine_controller.h"
#include "ui/export/export_menu.h"
#include "ui/attach/attach_panel.h"
#include "ui/fetch/get_models_dialog.h"
#include "ui/installed_data.h"
#include "ui/lessons/lesson_page.h"
#include "ui/lessons/lessons_panel.h"
#include "ui/model_picker/model_picker_dialog.h"
#include "ui/panels/calibration_progress_dialog.h"
#include "ui/panels/engine_settings_panel.h"
#include "ui/panels/load_generator_panel.h"
#include "ui/panels/log_panel.h"
#include "ui/panels/wheel_guard.h"
#include "ui/panels/model_card_panel.h"
#include "ui/panels/playground_panel.h"
#include "ui/panels/requests_panel.h"
#include "ui/presentation_bar.h"
#include "ui/session/session_export.h"
#include "ui/session/session_views.h"
#include "ui/start_page.h"
#include "ui/timeline/timeline_bar.h"

namespace inferscope::ui {

namespace {
constexpr int kMaxRecent = 8;
const int kSpeeds[] = {0, 1, 2, 5, 10, 20};
}  // namespace

MainWindow::MainWindow(const QString& settingsFile, QWidget* parent) : QMainWindow(parent), settingsFile_(settingsFile) {
  setObjectName(QStringLiteral("MainWindow"));
  setAcceptDrops(true);
  session_ = new WorkbenchSession(this);
  session_->setDiscardConfirmation([this] { return askDiscard(); });

  tabs_ = new QTabWidget;
  charts_ = new ChartsPanel;
  blockMap_ = new BlockMapPanel;
  playground_ = new PlaygroundPanel(session_);
  loadGen_ = new LoadGeneratorPanel;
  tabs_->addTab(charts_, QString());
  tabs_->addTab(blockMap_, QString());
  tabs_->addTab(playground_, QString());
  tabs_->addTab(loadGen_, QString());
  compare_ = new ComparePanel;
  tabs_->addTab(compare_, QString());
  requestTimeline_ = new RequestTimelinePanel;
  tabs_->addTab(requestTimeline_, QString());
  lessons_ = new LessonsPanel(session_->controller());
  tabs_->addTab(lessons_, QString());
  connect(tabs_, &QTabWidget::currentChanged, this, &MainWindow::giveLessonsTheRoom);
  // Before any workload the charts tab shows the start page's experiments instead of empty charts.
  startPage_ = new StartPage;
  charts_->setStartPage(startPage_);
  charts_->showStartPage(true);
  connect(startPage_, &StartPage::experimentChosen, this, [this](const QString& scenario) {
    QString err;
    if (!startExperiment(scenario, &err)) showError(tr("Scenario not loaded"), err);
  });
  connect(startPage_, &StartPage::skipped, this, &MainWindow::leaveStartPage);
  presentationBar_ = new PresentationBar;
  presentationBar_->hide();
  central_ = new QWidget;
  auto* cv = new QVBoxLayout(central_);
  cv->setContentsMargins(0, 0, 0, 0);
  cv->setSpacing(0);
  cv->addWidget(presentationBar_);
  cv->addWidget(tabs_, 1);
  timeline_ = new TimelineBar(session_);
  cv->addWidget(timeline_);
  setCentralWidget(central_);

  createDocks();
  createActions();
  createMenus();
  attachChartMenus();
  statusModel_ = new QLabel;
  statusRun_ = new QLabel;
  statusBar()->addWidget(statusModel_, 1);
  loadProgress_ = new QProgressBar;
  loadProgress_->setObjectName(QStringLiteral("load_progress"));
  loadProgress_->setRange(0, 1000);
  loadProgress_->setMaximumWidth(200);
  cancelLoadButton_ = new QToolButton;
  cancelLoadButton_->setObjectName(QStringLiteral("load_cancel"));
  cancelLoadButton_->setDefaultAction(cancelLoadAct_);
  cancelLoadButton_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  statusBar()->addPermanentWidget(loadProgress_);
  statusBar()->addPermanentWidget(cancelLoadButton_);
  statusBar()->addPermanentWidget(statusRun_);
  setLoadingUi(false);

  bindViews(session_, {charts_, blockMap_, requests_, playground_, compare_, requestTimeline_});
  connectSession();
  WheelGuard::install(this);  // a wheel over the docks scrolls them; it changes no value by accident
  connect(lessons_, &LessonsPanel::seeItForReal, this, [this](const QString& file) {
    QString err;
    if (!loadScenario(QStringLiteral(":/scenarios/") + file, &err)) showError(tr("Scenario not loaded"), err);
    else tabs_->setCurrentWidget(charts_);
  });
  connect(settingsPanel_, &EngineSettingsPanel::applyRequested, this, &MainWindow::requestApply);
  connect(settingsPanel_, &EngineSettingsPanel::weightModeRequested, this, &MainWindow::requestWeightMode);
  connect(loadGen_, &LoadGeneratorPanel::startRequested, session_, &WorkbenchSession::startWorkload);
  // A workload the engine would not start says why where it was asked for, and in the status bar.
  connect(session_->controller(), &EngineController::loadRefused, this, [this](const QString& reason) {
    loadGen_->setRefusal(reason);
    statusBar()->showMessage(loadGen_->refusal(), 10000);
  });

  // Restore before the first apply, so the engine is built once with the saved settings.
  auto s = openSettings();
  settingsPanel_->load(*s);
  recent_ = s->value(QStringLiteral("recent")).toStringList();
  speed_->setCurrentIndex(std::clamp(s->value(QStringLiteral("speed_index"), 0).toInt(), 0, int(std::size(kSpeeds)) - 1));
  // A saved geometry from a larger screen (a projector unplugged) is refitted to this one.
  if (!restoreGeometry(s->value(QStringLiteral("geometry")).toByteArray()) ||
      !screen()->availableGeometry().contains(frameGeometry()))
    fitToScreen();
  hasSavedState_ = restoreState(s->value(QStringLiteral("window_state")).toByteArray());
  presentationState_ = s->value(QStringLiteral("presentation_state")).toByteArray();
  const QString lang = s->value(QStringLiteral("language"), QStringLiteral("en")).toString();
  const bool dark = s->value(QStringLiteral("dark"), false).toBool();
  session_->applySettings(settingsPanel_->config());
  session_->setStepsPerSecond(kSpeeds[speed_->currentIndex()]);
  rebuildRecentMenu();
  rebuildScenarioMenu();
  session_->captureEngineLog();
  if (lang != QLatin1String("en")) setLanguage(lang);
  setDarkTheme(dark);
  retranslateUi();
  restoring_ = false;
}

MainWindow::~MainWindow() {
  // Stop the engine thread before the panels that receive its snapshots go away.
  session_->stop();
}

std::unique_ptr<QSettings> MainWindow::openSettings() const {
  if (!settingsFile_.isEmpty()) return std::make_unique<QSettings>(settingsFile_, QSettings::IniFormat);
  return std::make_unique<QSettings>(QStringLiteral("InferScope"), QStringLiteral("InferScope"));
}

void MainWindow::saveSettings() {
  restoreLessonDocks();  // the layout is saved as the user arranged it, not as the Lessons tab shows it
  auto s = openSettings();
  settingsPanel_->save(*s);
  s->setValue(QStringLiteral("recent"), recent_);
  s->setValue(QStringLiteral("speed_index"), speed_->currentIndex());
  s->setValue(QStringLiteral("language"), language_);
  s->setValue(QStringLiteral("dark"), dark_);
  // In presentation mode the normal layout is the one saved before entering it.
  s->setValue(QStringLiteral("geometry"), presentation_ ? normalGeometry_ : saveGeometry());
  s->setValue(QStringLiteral("window_state"), presentation_ ? normalState_ : saveState());
  s->setValue(QStringLiteral("presentation_state"), presentation_ ? saveState() : presentationState_);
  if (!session_->modelPath().isEmpty()) s->setValue(QStringLiteral("last_model"), session_->modelPath());
  s->sync();
}

void MainWindow::createDocks() {
  modelCard_ = new ModelCardPanel;
  settingsPanel_ = new EngineSettingsPanel;
  requests_ = new RequestsPanel;
  log_ = new LogPanel;
  auto dock = [this](QWidget* w, const char* name, Qt::DockWidgetArea area, bool scroll) {
    auto* d = new QDockWidget(this);
    d->setObjectName(QLatin1String(name));  // saveState/restoreState key
    if (scroll) {
      // Long panels scroll inside a short dock instead of being drawn over their neighbours.
      auto* sa = new QScrollArea;
      sa->setObjectName(QLatin1String(name) + QStringLiteral("_scroll"));
      sa->setWidget(w);
      sa->setWidgetResizable(true);
      sa->setFrameShape(QFrame::NoFrame);
      // As wide as the panel's rows need: only the height scrolls.
      sa->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
      sa->setMinimumWidth(w->minimumSizeHint().width() + sa->verticalScrollBar()->sizeHint().width());
      d->setWidget(sa);
    } else {
      d->setWidget(w);
    }
    addDockWidget(area, d);
    return d;
  };
  modelDock_ = dock(modelCard_, "dock_model", Qt::LeftDockWidgetArea, true);
  settingsDock_ = dock(settingsPanel_, "dock_settings", Qt::LeftDockWidgetArea, true);
  requestsDock_ = dock(requests_, "dock_requests", Qt::RightDockWidgetArea, false);
  logDock_ = dock(log_, "dock_log", Qt::BottomDockWidgetArea, false);
  tabifyDockWidget(modelDock_, settingsDock_);
  settingsDock_->raise();
}

void MainWindow::createActions() {
  openAct_ = new QAction(QIcon(QStringLiteral(":/icons/open.svg")), QString(), this);
  openAct_->setShortcut(QKeySequence::Open);
  connect(openAct_, &QAction::triggered, this, [this] {
    if (const QString f = ModelPickerDialog::choose(this, session_->modelPath()); !f.isEmpty()) openModel(f);
  });
  exportAllAct_ = new QAction(QIcon(QStringLiteral(":/icons/export.svg")), QString(), this);
  exportAllAct_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
  connect(exportAllAct_, &QAction::triggered, this, [this] {
    const QString d = QFileDialog::getExistingDirectory(this, tr("Export all charts to folder"), exportDirectory());
    if (d.isEmpty()) return;
    openSettings()->setValue(QStringLiteral("export_dir"), d);
    QString err;
    const QStringList files = exportAllTo(d, &err);
    if (files.isEmpty()) showError(tr("Export failed"), err);
    else log_->append(tr("Exported %1 files to %2").arg(files.size()).arg(d));
  });
  quitAct_ = new QAction(this);
  quitAct_->setShortcut(QKeySequence::Quit);
  connect(quitAct_, &QAction::triggered, this, &QWidget::close);

  runAct_ = new QAction(QIcon(QStringLiteral(":/icons/run.svg")), QString(), this);
  runAct_->setObjectName(QStringLiteral("action_run"));
  runAct_->setShortcut(Qt::Key_Space);
  connect(runAct_, &QAction::triggered, this, &MainWindow::onRunTriggered);
  stepAct_ = new QAction(QIcon(QStringLiteral(":/icons/step.svg")), QString(), this);
  stepAct_->setObjectName(QStringLiteral("action_step"));
  stepAct_->setShortcut(Qt::Key_N);
  connect(stepAct_, &QAction::triggered, session_, &WorkbenchSession::stepOnce);
  resetAct_ = new QAction(QIcon(QStringLiteral(":/icons/reset.svg")), QString(), this);
  resetAct_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
  connect(resetAct_, &QAction::triggered, this, &MainWindow::onResetTriggered);
  fasterAct_ = new QAction(this);
  fasterAct_->setObjectName(QStringLiteral("action_faster"));
  fasterAct_->setShortcuts({QKeySequence(Qt::Key_BracketRight), QKeySequence(Qt::Key_Plus)});
  connect(fasterAct_, &QAction::triggered, this, [this] { changeSpeed(+1); });
  slowerAct_ = new QAction(this);
  slowerAct_->setObjectName(QStringLiteral("action_slower"));
  slowerAct_->setShortcuts({QKeySequence(Qt::Key_BracketLeft), QKeySequence(Qt::Key_Minus)});
  connect(slowerAct_, &QAction::triggered, this, [this] { changeSpeed(-1); });
  compareAct_ = new QAction(QIcon(QStringLiteral(":/icons/compare.svg")), QString(), this);
  compareAct_->setObjectName(QStringLiteral("action_compare"));
  compareAct_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
  compareAct_->setEnabled(false);
  connect(compareAct_, &QAction::triggered, this, [this] {
    if (!session_->runCompare()) return;
    tabs_->setCurrentWidget(compare_);
  });
  cancelLoadAct_ = new QAction(QIcon(QStringLiteral(":/icons/cancel.svg")), QString(), this);
  cancelLoadAct_->setObjectName(QStringLiteral("action_cancel_load"));
  cancelLoadAct_->setShortcut(Qt::Key_Escape);
  connect(cancelLoadAct_, &QAction::triggered, session_, &WorkbenchSession::cancelLoad);
  // Space, N, [ and ] must work wherever focus is (except in text fields, where they type).
  for (QAction* a : {runAct_, stepAct_, resetAct_, fasterAct_, slowerAct_, compareAct_, cancelLoadAct_})
    a->setShortcutContext(Qt::WindowShortcut);

  presentationAct_ = new QAction(QIcon(QStringLiteral(":/icons/presentation.svg")), QString(), this);
  presentationAct_->setCheckable(true);
  presentationAct_->setShortcut(Qt::Key_F11);
  connect(presentationAct_, &QAction::toggled, this, &MainWindow::setPresentationMode);
  darkAct_ = new QAction(this);
  darkAct_->setCheckable(true);
  darkAct_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
  connect(darkAct_, &QAction::toggled, this, &MainWindow::setDarkTheme);

  openScenarioAct_ = new QAction(this);
  connect(openScenarioAct_, &QAction::triggered, this, [this] {
    // The ready-made scenarios are the place to start (the installed copies, which the user can edit).
    const QString f = QFileDialog::getOpenFileName(this, tr("Open scenario"), installedScenariosDir(), tr("Scenarios (*.json)"));
    QString err;
    if (!f.isEmpty() && !loadScenario(f, &err)) showError(tr("Scenario not loaded"), err);
  });
  saveScenarioAct_ = new QAction(this);
  connect(saveScenarioAct_, &QAction::triggered, this, [this] {
    const QString f = QFileDialog::getSaveFileName(this, tr("Save current settings as scenario"), QStringLiteral("scenario.json"), tr("Scenarios (*.json)"));
    QString err;
    if (!f.isEmpty() && !saveScenario(f, &err)) showError(tr("Scenario not saved"), err);
  });
  aboutAct_ = new QAction(this);
  connect(aboutAct_, &QAction::triggered, this, [this] {
    QMessageBox::about(this, tr("About InferScope"), tr("InferScope makes LLM inference visible: a real engine on a real model, step by step."));
  });

  langGroup_ = new QActionGroup(this);
  langEn_ = new QAction(QStringLiteral("English"), langGroup_);
  langTw_ = new QAction(QStringLiteral("繁體中文"), langGroup_);
  langCn_ = new QAction(QStringLiteral("简体中文"), langGroup_);
  for (auto [a, code] : {std::pair{langEn_, "en"}, std::pair{langTw_, "zh_TW"}, std::pair{langCn_, "zh_CN"}}) {
    a->setCheckable(true);
    a->setData(QString::fromLatin1(code));
  }
  langEn_->setChecked(true);
  connect(langGroup_, &QActionGroup::triggered, this, [this](QAction* a) { setLanguage(a->data().toString()); });

  speedLabel_ = new QLabel;
  speed_ = new QComboBox;
  speed_->setObjectName(QStringLiteral("speed"));
  for (int sps : kSpeeds) speed_->addItem(QString(), sps);
  connect(speed_, &QComboBox::currentIndexChanged, this, [this](int i) { session_->setStepsPerSecond(kSpeeds[i]); });

  runBar_ = addToolBar(QString());
  runBar_->setObjectName(QStringLiteral("toolbar_run"));
  runBar_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  runBar_->addAction(openAct_);
  runBar_->addAction(exportAllAct_);
  runBar_->addSeparator();
  runBar_->addAction(runAct_);
  runBar_->addAction(stepAct_);
  runBar_->addAction(resetAct_);
  runBar_->addSeparator();
  runBar_->addWidget(speedLabel_);
  runBar_->addWidget(speed_);
  runBar_->addSeparator();
  runBar_->addAction(compareAct_);
  runBar_->addAction(presentationAct_);
}

void MainWindow::createMenus() {
  fileMenu_ = menuBar()->addMenu(QString());
  fileMenu_->addAction(openAct_);
  fileMenu_->addAction(cancelLoadAct_);
  fileMenu_->addAction(new GetModelsAction(this, [this](const QString& path) { openModel(path); }));
  attachAct_ = fileMenu_->addAction(QString(), this, &MainWindow::askAttachServers);
  addRecordingActions(fileMenu_);
  recentMenu_ = fileMenu_->addMenu(QString());
  fileMenu_->addSeparator();
  fileMenu_->addAction(exportAllAct_);
  fileMenu_->addSeparator();
  fileMenu_->addAction(quitAct_);
  runMenu_ = menuBar()->addMenu(QString());
  runMenu_->addAction(runAct_);
  runMenu_->addAction(stepAct_);
  runMenu_->addAction(resetAct_);
  runMenu_->addSeparator();
  runMenu_->addAction(fasterAct_);
  runMenu_->addAction(slowerAct_);
  runMenu_->addSeparator();
  runMenu_->addAction(compareAct_);
  scenarioMenu_ = menuBar()->addMenu(QString());
  viewMenu_ = menuBar()->addMenu(QString());
  for (QDockWidget* d : {modelDock_, settingsDock_, requestsDock_, logDock_}) viewMenu_->addAction(d->toggleViewAction());
  viewMenu_->addSeparator();
  viewMenu_->addAction(presentationAct_);
  viewMenu_->addAction(darkAct_);
  languageMenu_ = viewMenu_->addMenu(QString());
  languageMenu_->addActions(langGroup_->actions());
  helpMenu_ = menuBar()->addMenu(QString());
  helpMenu_->addAction(aboutAct_);
}

void MainWindow::attachChartMenus() {
  const auto chartList = charts_->charts();
  std::vector<QWidget*> targets(chartList.begin(), chartList.end());
  for (MetricsChart* c : compare_->charts()) targets.push_back(c);
  targets.push_back(blockMap_->view());
  for (QWidget* w : targets)
    ExportMenu::attach(w, [this] { return session_->steps(); }, [this](const QString& title, const QString& why) { showError(title, why); });
}

void MainWindow::retranslateUi() {
  const QString modelPath = session_->modelPath();
  setWindowTitle(modelPath.isEmpty() ? tr("InferScope") : tr("InferScope — %1").arg(QFileInfo(modelPath).fileName()));
  tabs_->setTabText(0, tr("Charts"));
  tabs_->setTabText(1, tr("Block map"));
  tabs_->setTabText(2, tr("Playground"));
  tabs_->setTabText(3, tr("Load generator"));
  tabs_->setTabText(4, tr("Compare"));
  tabs_->setTabText(tabs_->indexOf(requestTimeline_), tr("Request timeline"));
  tabs_->setTabText(tabs_->indexOf(lessons_), tr("Lessons"));
  if (attach_) {
    tabs_->setTabText(tabs_->indexOf(attach_), tr("Servers"));
    attach_->retranslateUi();
  }
  if (attachAct_) attachAct_->setText(tr("Attach to server..."));
  modelDock_->setWindowTitle(tr("Model"));
  settingsDock_->setWindowTitle(tr("Engine settings"));
  requestsDock_->setWindowTitle(tr("Requests"));
  logDock_->setWindowTitle(tr("Log"));
  runBar_->setWindowTitle(tr("Run controls"));
  fileMenu_->setTitle(tr("&File"));
  recentMenu_->setTitle(tr("Recent models"));
  runMenu_->setTitle(tr("&Run"));
  scenarioMenu_->setTitle(tr("&Scenarios"));
  viewMenu_->setTitle(tr("&View"));
  languageMenu_->setTitle(tr("Language"));
  helpMenu_->setTitle(tr("&Help"));
  openAct_->setText(tr("&Open model..."));
  retranslateRecording();
  exportAllAct_->setText(tr("Export all..."));
  exportAllAct_->setToolTip(tr("Write every chart (PNG 1x/2x, SVG, CSV), the step metrics and a manifest into a folder."));
  quitAct_->setText(tr("&Quit"));
  updateRunAction();
  stepAct_->setText(tr("Step"));
  stepAct_->setToolTip(tr("Run exactly one engine step (N)."));
  resetAct_->setText(tr("Reset"));
  resetAct_->setToolTip(tr("Drop every request and the chart history and queue the loaded workload again, ready to run; keep the model and settings (Ctrl+R)."));
  fasterAct_->setText(tr("Faster"));
  fasterAct_->setToolTip(tr("One step of the speed control up (] or +)."));
  slowerAct_->setText(tr("Slower"));
  slowerAct_->setToolTip(tr("One step of the speed control down ([ or -)."));
  compareAct_->setText(tr("Compare variants"));
  compareAct_->setToolTip(tr("Run each of the scenario's variants on its own engine and overlay their charts (Ctrl+K)."));
  cancelLoadAct_->setText(tr("Cancel loading"));
  cancelLoadAct_->setToolTip(tr("Stop loading the model; the previous model stays (Esc)."));
  openAct_->setToolTip(tr("Open a GGUF model (Ctrl+O)."));
  exportAllAct_->setToolTip(tr("Write every chart (PNG 1x/2x, SVG, CSV), the step metrics and a manifest into a folder (Ctrl+Shift+E)."));
  presentationAct_->setText(tr("Presentation mode"));
  presentationAct_->setToolTip(tr("Full screen with larger fonts and thicker lines (F11)."));
  darkAct_->setText(tr("Dark theme"));
  openScenarioAct_->setText(tr("Open scenario file..."));
  saveScenarioAct_->setText(tr("Save current settings as scenario..."));
  aboutAct_->setText(tr("About InferScope"));
  speedLabel_->setText(tr(" Speed: "));
  speed_->setToolTip(tr("Slow the engine down for demonstrations; full speed steps as fast as the CPU allows ([ slower, ] faster)."));
  for (int i = 0; i < speed_->count(); ++i)
    speed_->setItemText(i, kSpeeds[i] == 0 ? tr("Full speed") : tr("%n step(s)/s", nullptr, kSpeeds[i]));
  rebuildRecentMenu();
  rebuildScenarioMenu();
  updateStatus();
}

void MainWindow::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslateUi();
  QMainWindow::changeEvent(e);
}

void MainWindow::setLanguage(const QString& code) {
  QCoreApplication::removeTranslator(&translator_);
  language_ = QStringLiteral("en");
  if (code != QLatin1String("en")) {
    if (translator_.load(QStringLiteral(":/i18n/inferscope_%1.qm").arg(code))) {
      QCoreApplication::installTranslator(&translator_);  // sends LanguageChange to every widget
      language_ = code;
    } else {
      log_->append(tr("No translation for %1").arg(code), LogPanel::Warning);
    }
  }
  if (language_ == QLatin1String("en")) {
    // Removing a translator also sends LanguageChange, but be explicit for the first switch.
    QEvent ev(QEvent::LanguageChange);
    QCoreApplication::sendEvent(this, &ev);
  }
  for (QAction* a : langGroup_->actions()) a->setChecked(a->data().toString() == language_);
  lessons_->setLanguage(language_);  // the lesson texts (JSON) follow the UI language
  persistAppearance();
}

void MainWindow::setDarkTheme(bool dark) {
  dark_ = dark;
  if (darkAct_->isChecked() != dark) darkAct_->setChecked(dark);
  QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
  QPalette p;
  if (dark) {
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ToolTipText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    // Disabled controls must look disabled: dimmed text and flatter buttons than the enabled ones.
    const QColor dim(0x80, 0x80, 0x80);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::PlaceholderText})
      p.setColor(QPalette::Disabled, role, dim);
    p.setColor(QPalette::Disabled, QPalette::Button, QColor(0x2e, 0x2e, 0x2e));
    p.setColor(QPalette::Disabled, QPalette::Base, QColor(0x26, 0x26, 0x26));
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x50, 0x50));
    p.setColor(QPalette::Disabled, QPalette::Light, QColor(0x2b, 0x2b, 0x2b));
  } else {
    p = QApplication::style()->standardPalette();
  }
  QApplication::setPalette(p);
  charts_->setDark(dark);
  compare_->setDark(dark);
  lessons_->setDark(dark);
  blockMap_->view()->setDark(dark);
  persistAppearance();
}

void MainWindow::connectSession() {
  static_assert(int(LogPanel::Warning) == int(SnapshotSource::Warning) && int(LogPanel::Error) == int(SnapshotSource::Error));
  connect(session_, &WorkbenchSession::snapshotReady, this, &MainWindow::onSnapshot);
  connect(session_, &WorkbenchSession::logLine, log_, &LogPanel::append);
  connect(session_, &WorkbenchSession::errorOccurred, this, &MainWindow::showError);
  connect(session_, &WorkbenchSession::modelLoadStarted, this, [this](const QString& path) {
    if (!session_->isRequantizing()) statusModel_->setText(tr("Loading %1 ...").arg(QFileInfo(path).fileName()));
    setLoadingUi(true);
  });
  connect(session_, &WorkbenchSession::loadProgress, this, &MainWindow::onLoadProgress);
  connect(session_, &WorkbenchSession::calibrationProgress, this,
          [this](const QString& mode, double fraction, const QString& step, int done, int total) {
            if (!calibrationDialog_) {
              calibrationDialog_ = new CalibrationProgressDialog(this);
              connect(calibrationDialog_, &CalibrationProgressDialog::cancelRequested, session_, &WorkbenchSession::cancelLoad);
            }
            if (!calibrationDialog_->isVisible()) {
              const auto& card = session_->controller()->modelCard();
              calibrationDialog_->start(mode, card ? card->n_layers : 0);
            }
            calibrationDialog_->setProgress(fraction, step, done, total);
          });
  connect(session_, &WorkbenchSession::loadCancelled, this, [this] {
    setLoadingUi(false);
    updateStatus();
  });
  connect(session_, &WorkbenchSession::modelLoaded, this, &MainWindow::onModelLoaded);
  connect(session_, &WorkbenchSession::modelFailed, this, [this](const QString& path, const QString& error) {
    setLoadingUi(false);
    showError(tr("Model not loaded"), tr("%1\n\n%2").arg(path, error));
    updateStatus();
  });
  connect(session_, &WorkbenchSession::settingsApplied, this, &MainWindow::onConfigApplied);
  connect(session_, &WorkbenchSession::scenarioApplied, this, [this](const QString&, const EngineConfig& cfg, const WorkloadSpec& spec) {
    settingsPanel_->setConfig(cfg);
    loadGen_->setSpec(spec);
    compareAct_->setEnabled(session_->hasVariants());
    leaveStartPage();
  });
  connect(session_, &WorkbenchSession::compareStarted, this, [this] {
    compareAct_->setEnabled(false);
    updateStatus();
  });
  connect(session_, &WorkbenchSession::compareFinished, this, [this] {
    compareAct_->setEnabled(session_->hasVariants());
    updateStatus();
  });
  connect(session_, &WorkbenchSession::runningChanged, this, [this] { retranslateUi(); });
  connect(session_, &WorkbenchSession::stepsPerSecondChanged, this, [this](int sps) {
    const int i = int(std::find(std::begin(kSpeeds), std::end(kSpeeds), sps) - std::begin(kSpeeds));
    const QSignalBlocker block(speed_);
    if (i < int(std::size(kSpeeds))) speed_->setCurrentIndex(i);
  });
}

void MainWindow::setLoadingUi(bool loading) {
  // The calibration window belongs to one re-quantization: it goes when that ends, however it ends.
  if (!loading && calibrationDialog_) calibrationDialog_->hide();
  loadProgress_->setVisible(loading);
  cancelLoadButton_->setVisible(loading);
  cancelLoadAct_->setEnabled(loading);
  loadProgress_->setValue(0);
}

void MainWindow::onLoadProgress(double fraction) {
  loadProgress_->setValue(int(fraction * 1000));
  loadProgress_->setFormat(session_->isRequantizing() ? tr("Quantizing %p%") : tr("Reading %p%"));
  // Parsing and binding follow the read; they are short, so the bar just waits full.
}

int MainWindow::speedIndex() const { return speed_->currentIndex(); }

void MainWindow::changeSpeed(int delta) {
  // Index 0 is full speed, then 1..20 steps/s: "faster" from 20 steps/s goes to full speed.
  const int n = speed_->count();
  int order = speed_->currentIndex() == 0 ? n : speed_->currentIndex();  // position on a slow-to-fast scale
  order = std::clamp(order + delta, 1, n);
  speed_->setCurrentIndex(order == n ? 0 : order);
}

void MainWindow::onModelLoaded(const ModelCard& card) {
  setLoadingUi(false);
  addRecent(session_->modelPath());
  modelCard_->setCard(card);
  modelCard_->setKvDtype(settingsPanel_->config().kv_dtype);
  settingsPanel_->setModelCard(card);
  retranslateUi();
}

void MainWindow::onConfigApplied(bool ok, const QString& error, const EngineConfig& cfg, qint64 blocks) {
  if (!ok) {
    settingsPanel_->setAppliedStatus(tr("Not applied: %1").arg(error), true);
    return;
  }
  settingsPanel_->setAppliedConfig(cfg);
  settingsPanel_->setAppliedStatus(blocks > 0 ? tr("Engine built with %1 KV blocks.").arg(blocks) : QString(), false);
  modelCard_->setKvDtype(cfg.kv_dtype);
  modelCard_->setBackend(cfg.backend, cfg.threads);
  updateStatus();
}

bool MainWindow::askDiscard() {
  if (!interactive_) return true;
  return QMessageBox::question(this, tr("Discard running work?"),
                               tr("Requests are still waiting or running. Rebuilding the engine discards them. Continue?")) ==
         QMessageBox::Yes;
}

void MainWindow::requestApply(const EngineConfig& cfg) {
  if (session_->confirmDiscard()) session_->applySettings(cfg);
}

void MainWindow::requestWeightMode(const QString& name, bool outlier, double outlierValue) {
  QString err;
  if (!session_->requestWeightMode(name, outlier, outlierValue, &err) && !err.isEmpty()) showError(tr("Weights not changed"), err);
}

void MainWindow::showError(const QString& title, const QString& text) {
  log_->append(title + QStringLiteral(": ") + text, LogPanel::Error);
  statusBar()->showMessage(title, 8000);
  if (interactive_) QMessageBox::warning(this, title, text);
}

bool MainWindow::loadScenario(const QString& path, QString* error, bool start) {
  // The settings panel gives only what belongs to the machine (threads, backend): a scenario is a
  // complete state, so edits left in the panel do not leak into it.
  session_->setSettings(settingsPanel_->config());
  return session_->loadScenario(path, error, start);
}

bool MainWindow::saveScenario(const QString& path, QString* error) {
  session_->setSettings(settingsPanel_->config());
  session_->setWorkload(loadGen_->spec());
  return session_->saveScenario(path, error);
}

QStringList MainWindow::exportAllTo(const QString& dir, QString* error) {
  // The manifest describes the settings and workload as the panels show them.
  session_->setSettings(settingsPanel_->config());
  session_->setWorkload(loadGen_->spec());
  return exportSession(*session_, {charts_, blockMap_, compare_, lessons_, attach_}, dir, error);
}

void MainWindow::onSnapshot(const EngineSnapshotPtr& s) {
  if (!s->new_steps.empty() || !s->requests.empty()) leaveStartPage();
  if (presentation_) updatePresentationBar();
  updateStatus();
}

void MainWindow::updateStatus() {
  updateRunAction();
  if (!statusRun_) return;
  const auto snap = session_->lastSnapshot();
  const qint64 running = snap ? snap->totals.running : 0, waiting = snap ? snap->totals.waiting : 0;
  // The newest engine step, numbered as on the timeline and the presentation strip (0-based).
  const int64_t steps = session_->totalSteps();
  statusRun_->setText(tr("%1 | step %2 | %3 running, %4 waiting | %5 KV blocks")
                          .arg(runStateText())
                          .arg(steps > 0 ? QString::number(steps - 1) : QStringLiteral("–"))
                          .arg(running)
                          .arg(waiting)
                          .arg(session_->numBlocks()));
  if (!session_->source()->isLive() && session_->modelCard())
    statusModel_->setText(tr("Recording of %1 (no engine)").arg(QString::fromStdString(session_->modelCard()->name)));
  else if (!session_->modelPath().isEmpty()) statusModel_->setText(session_->modelPath());
  else if (!session_->modelCard()) statusModel_->setText(tr("No model loaded"));
}

bool MainWindow::runHasEnded() const {
  const auto snap = session_->lastSnapshot();
  return session_->source()->isLive() && session_->isRunning() && !session_->isComparing() &&
         !session_->hasUnfinishedWork() && snap && snap->has_workload && snap->totals.submitted > 0;
}

// Run / Pause / Run again, as the engine stands: when every request has ended the engine only waits for
// new ones, and Pause would pause nothing the class can see.
void MainWindow::updateRunAction() {
  if (!runAct_) return;
  const bool ended = runHasEnded(), running = session_->isRunning() && !ended;
  runAct_->setToolTip(ended ? tr("Every request has ended: queue the workload again and run it (Space).")
                            : tr("Run or pause the engine (Space)."));
  // Called on every snapshot: the icon only when the state (and so the text) changes.
  const QString text = ended ? tr("Run again") : running ? tr("Pause") : tr("Run");
  if (runAct_->text() == text) return;
  runAct_->setText(text);
  runAct_->setIcon(QIcon(running ? QStringLiteral(":/icons/pause.svg") : QStringLiteral(":/icons/run.svg")));
}

QString MainWindow::runStateText() const {
  const auto snap = session_->lastSnapshot();
  const bool work = session_->hasUnfinishedWork();
  if (session_->isComparing()) return tr("comparing variants");  // the engine thread runs them now
  if (!session_->isRunning()) return work ? tr("paused") : tr("stopped");
  if (work) return tr("running");
  return snap && snap->totals.submitted > 0 ? tr("idle: all requests ended") : tr("idle: waiting for requests");
}

void MainWindow::addRecent(const QString& path) {
  recent_.removeAll(path);
  recent_.prepend(path);
  while (recent_.size() > kMaxRecent) recent_.removeLast();
  rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
  if (!recentMenu_) return;
  recentMenu_->clear();
  for (const QString& f : recent_) recentMenu_->addAction(f, this, [this, f] { openModel(f); });
  recentMenu_->setEnabled(!recent_.isEmpty());
}

void MainWindow::closeEvent(QCloseEvent* e) {
  if (!askSaveRecordingBeforeClose()) {
    e->ignore();
    return;
  }
  saveSettings();
  session_->stop();  // the engine stops between steps; nothing keeps running after the window
  e->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
  const auto urls = e->mimeData()->urls();
  if (!urls.isEmpty() && urls.first().toLocalFile().endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive)) e->acceptProposedAction();
  else if (!urls.isEmpty() && urls.first().toLocalFile().endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) e->acceptProposedAction();
  else if (!urls.isEmpty() && urls.first().toLocalFile().endsWith(QLatin1String(".isrec"), Qt::CaseInsensitive)) e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
  const QString f = e->mimeData()->urls().value(0).toLocalFile();
  if (f.endsWith(QLatin1String(".isrec"), Qt::CaseInsensitive)) {
    openRecording(f);
  } else if (f.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
    QString err;
    if (!loadScenario(f, &err)) showError(tr("Scenario not loaded"), err);
  } else if (!f.isEmpty()) {
    openModel(f);
  }
  e->acceptProposedAction();
}

}  // namespace inferscope::ui
