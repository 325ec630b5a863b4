#pragma once
// MainWindow: docks (model card, engine settings, requests, log), central tabs (charts, block map,
// playground, load generator, compare, lessons), the run toolbar and the menus. It composes panels on
// a WorkbenchSession, which owns the engine, the model, the scenario and the export inputs; the views
// show the session's current snapshot source (ui/session/session_views.h).
#include <QMainWindow>
#include <QPointer>
#include <QTranslator>
#include <memory>
#include <optional>
#include <vector>

#include "ui/engine/engine_snapshot.h"
#include "ui/session/workbench_session.h"

class QAction;
class QActionGroup;
class QComboBox;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QSettings;
class QTabWidget;
class QToolBar;
class QToolButton;

namespace inferscope::ui {

class AttachPanel;
class RemoteServerSource;
class BlockMapPanel;
class CalibrationProgressDialog;
class ComparePanel;
class ChartsPanel;
class EngineController;
class EngineSettingsPanel;
class LessonsPanel;
class LoadGeneratorPanel;
class LogPanel;
class ModelCardPanel;
class PlaygroundPanel;
class PresentationBar;
class RequestsPanel;
class RequestTimelinePanel;
class StartPage;
class TimelineBar;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  // settingsFile: an INI file to persist to (tests use a temporary one); empty = the platform default.
  explicit MainWindow(const QString& settingsFile = {}, QWidget* parent = nullptr);
  ~MainWindow() override;

  // Dialog-free mode for tests and --screenshot: confirmations answer yes, errors only go to the log.
  void setInteractive(bool on) { interactive_ = on; }
  // The live run has steps that no saved recording holds (closing the window then asks first).
  bool hasUnsavedRecording() const;
  WorkbenchSession* session() const { return session_; }
  void openModel(const QString& path) { session_->openModel(path); }
  // Applies a scenario as a complete state (WorkbenchSession::loadScenario) from every place a user can
  // choose one (menu, open, drop, experiment cards, lessons, --scenario); start: its live run starts at
  // once and its comparison follows that run.
  bool loadScenario(const QString& path, QString* error = nullptr, bool start = true);
  bool saveScenario(const QString& path, QString* error = nullptr);
  QStringList exportAllTo(const QString& dir, QString* error = nullptr);
  void setLanguage(const QString& code);  // "en", "zh_TW", "zh_CN"
  QString language() const { return language_; }
  // Presentation mode: full screen, docks and log hidden (the docks' presentation layout is kept apart
  // from the normal one), the key numbers in large type and the charts at a classroom text size.
  // Leaving restores the window's geometry and dock state as they were.
  void setPresentationMode(bool on);
  bool isPresentation() const { return presentation_; }
  // Opens a recording (main_window_recording.cpp): refused with a message, or opened up to its last whole
  // step with the warning in the status bar and the log.
  // A run's recording shows in the run's tabs; an attached session's (format version 2) in the Servers tab.
  bool openRecording(const QString& path, QString* error = nullptr);
  void showStep(int64_t index);  // the timeline's step; -1 follows the newest
  TimelineBar* timeline() const { return timeline_; }
  // Watches live serving engines in the Servers tab: http(s) URLs, and a tcp:// vLLM KV-event endpoint.
  void attachServers(const QStringList& targets, int interval_ms = 1000);
  AttachPanel* attachPanel() const { return attach_; }
  // Chart text size in presentation mode for the screen the window is on: 20 px at 1080 lines,
  // scaled with the screen height, never below 16 px.
  int presentationTextPixelSize() const;
  // Sizes the window to 90% of its screen's available geometry (never larger) and centres it there.
  void fitToScreen();
  // Loads a scenario, shows the charts and runs the engine: what a start-page experiment does.
  bool startExperiment(const QString& scenario, QString* error = nullptr);
  void setDarkTheme(bool dark);
  void saveSettings();

  EngineController* controller() const { return session_->controller(); }
  ChartsPanel* charts() const { return charts_; }
  BlockMapPanel* blockMap() const { return blockMap_; }
  EngineSettingsPanel* settingsPanel() const { return settingsPanel_; }
  RequestsPanel* requests() const { return requests_; }
  RequestTimelinePanel* requestTimeline() const { return requestTimeline_; }
  LoadGeneratorPanel* loadGenerator() const { return loadGen_; }
  PlaygroundPanel* playground() const { return playground_; }
  ComparePanel* compare() const { return compare_; }
  LessonsPanel* lessons() const { return lessons_; }
  LogPanel* log() const { return log_; }
  QTabWidget* tabs() const { return tabs_; }
  QString lastError() const { return session_->lastError(); }
  QString scenarioName() const { return session_->scenarioName(); }  // the loaded scenario's "name"
  QAction* runAction() const { return runAct_; }
  QAction* stepAction() const { return stepAct_; }
  QToolBar* runToolBar() const { return runBar_; }
  QAction* presentationAction() const { return presentationAct_; }
  StartPage* startPage() const { return startPage_; }
  PresentationBar* presentationBar() const { return presentationBar_; }
  QDockWidget* logDock() const { return logDock_; }
  QDockWidget* settingsDock() const { return settingsDock_; }
  std::vector<QDockWidget*> docks() const { return {modelDock_, settingsDock_, requestsDock_, logDock_}; }
  int speedIndex() const;

 protected:
  void closeEvent(QCloseEvent* e) override;
  void showEvent(QShowEvent* e) override;
  void changeEvent(QEvent* e) override;
  void dragEnterEvent(QDragEnterEvent* e) override;
  void dropEvent(QDropEvent* e) override;

 private:
  void createActions();
  void createMenus();
  void createDocks();
  void retranslateUi();
  void connectSession();
  void onSnapshot(const EngineSnapshotPtr& s);
  void onLoadProgress(double fraction);
  void setLoadingUi(bool loading);
  void changeSpeed(int delta);
  void onModelLoaded(const ModelCard& card);
  void onConfigApplied(bool ok, const QString& error, const EngineConfig& cfg, qint64 blocks);
  void requestApply(const EngineConfig& cfg);
  void requestWeightMode(const QString& mode, bool outlier, double outlierValue);
  bool askDiscard();
  void showError(const QString& title, const QString& text);
  void addRecent(const QString& path);
  void rebuildRecentMenu();
  void rebuildScenarioMenu();
  void attachChartMenus();
  void updateStatus();
  bool runHasEnded() const;  // live, running, a workload loaded, and every request of it has ended
  void updateRunAction();
  // The engine's state for the status bar: paused (work queued) or stopped, running, or idle once every
  // request ended.
  QString runStateText() const;
  std::unique_ptr<QSettings> openSettings() const;
  // Window layout (main_window_layout.cpp).
  void enterPresentation();
  void leavePresentation();
  // The Lessons tab takes the window: the docks it does not use step aside while it is shown (outside
  // presentation mode, which has none) and come back when another tab is chosen or the layout is saved.
  void giveLessonsTheRoom();
  void restoreLessonDocks();
  void updatePresentationBar();
  void onRunTriggered();  // Run: pause, run, or offer the default experiment when nothing is loaded
  QStringList runConditions() const;  // the non-default conditions the presentation strip names
  void onResetTriggered();  // Reset; with settings not applied, offers to apply them first
  void sayPending(const QString& action, const QStringList& pending);  // log + status bar
  void leaveStartPage();
  void persistAppearance();  // language and theme, written as soon as they change
  QString exportDirectory() const;
  void addRecordingActions(QMenu* fileMenu);
  void retranslateRecording();
  bool openAttachRecording(const QString& path, QString* error);
  AttachPanel* ensureAttachPanel();  // the Servers tab, created on first use
  bool serversTabSaves() const;  // File > Save recording saves the Servers tab's attached session
  TimelineBar* timeline_ = nullptr;
  QAction* openRecordingAct_ = nullptr;
  QAction* saveRecordingAct_ = nullptr;
  QAction* exportTraceAct_ = nullptr;
  QAction* sendTraceAct_ = nullptr;

  QString settingsFile_;
  bool interactive_ = true;
  size_t savedStepCount_ = 0;  // the live steps the last saved recording held
  // A recording on screen shows the settings it ran with, read-only; the dock's own (perhaps unapplied)
  // values come back with the live run.
  void showSourceSettings();
  std::optional<EngineConfig> liveSettings_;  // the dock's values while a recording is shown
  // Closing with an unsaved recording: save it (true once saved), close without it (true), or stay (false).
  bool askSaveRecordingBeforeClose();
  WorkbenchSession* session_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  ChartsPanel* charts_ = nullptr;
  BlockMapPanel* blockMap_ = nullptr;
  PlaygroundPanel* playground_ = nullptr;
  ComparePanel* compare_ = nullptr;
  LessonsPanel* lessons_ = nullptr;
  // Created on the first attach: the attached servers' stream, and the Servers tab that shows it.
  RemoteServerSource* remote_ = nullptr;
  AttachPanel* attach_ = nullptr;
  QString lastAttach_;
  QAction* attachAct_ = nullptr;
  void askAttachServers();
  LoadGeneratorPanel* loadGen_ = nullptr;
  ModelCardPanel* modelCard_ = nullptr;
  EngineSettingsPanel* settingsPanel_ = nullptr;
  RequestsPanel* requests_ = nullptr;
  RequestTimelinePanel* requestTimeline_ = nullptr;
  LogPanel* log_ = nullptr;
  QDockWidget* modelDock_ = nullptr;
  QDockWidget* settingsDock_ = nullptr;
  QDockWidget* requestsDock_ = nullptr;
  QDockWidget* logDock_ = nullptr;
  QToolBar* runBar_ = nullptr;
  QMenu* fileMenu_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QMenu* runMenu_ = nullptr;
  QMenu* scenarioMenu_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QMenu* languageMenu_ = nullptr;
  QMenu* helpMenu_ = nullptr;
  QAction* openAct_ = nullptr;
  QAction* exportAllAct_ = nullptr;
  QAction* quitAct_ = nullptr;
  QAction* runAct_ = nullptr;
  QAction* stepAct_ = nullptr;
  QAction* resetAct_ = nullptr;
  QAction* fasterAct_ = nullptr;
  QAction* slowerAct_ = nullptr;
  QAction* compareAct_ = nullptr;
  QAction* cancelLoadAct_ = nullptr;
  QAction* presentationAct_ = nullptr;
  QAction* darkAct_ = nullptr;
  QAction* openScenarioAct_ = nullptr;
  QAction* saveScenarioAct_ = nullptr;
  QAction* aboutAct_ = nullptr;
  QAction* langEn_ = nullptr;
  QAction* langTw_ = nullptr;
  QAction* langCn_ = nullptr;
  QActionGroup* langGroup_ = nullptr;
  QLabel* speedLabel_ = nullptr;
  QComboBox* speed_ = nullptr;
  QLabel* statusModel_ = nullptr;
  QLabel* statusRun_ = nullptr;
  QProgressBar* loadProgress_ = nullptr;
  QToolButton* cancelLoadButton_ = nullptr;
  CalibrationProgressDialog* calibrationDialog_ = nullptr;  // made on the first calibrated mode computed
  QStringList recent_;
  QString language_ = QStringLiteral("en");
  QTranslator translator_;
  bool presentation_ = false;
  std::vector<QPointer<QDockWidget>> lessonHiddenDocks_;  // hidden by giveLessonsTheRoom()
  bool dark_ = false;
  bool restoring_ = true;
  bool shownOnce_ = false;
  bool hasSavedState_ = false;  // a dock layout was restored (else the first show sizes the docks)  // the first show checks the frame (known only then) against the screen  // the constructor is applying saved settings: nothing to write back yet
  QWidget* central_ = nullptr;
  StartPage* startPage_ = nullptr;
  PresentationBar* presentationBar_ = nullptr;
  QByteArray normalGeometry_, normalState_;  // the layout presentation mode restores on leaving
  Qt::WindowStates normalWindowState_;
  QByteArray presentationState_;  // the docks' layout in presentation mode, kept for the next time
};

}  // namespace inferscope::ui
