// inferscope: the workbench. Thin composition: parse arguments, build the main window, load a model.
// --screenshot FILE.png [--size WxH] [--presentation] [--scenario F --steps N --tab T | --lesson ID] runs on
// the offscreen platform (a screen of exactly that size) and exits. --open FILE.isrec [--step N] shows a
// recording instead (no model, no engine), at step N of its timeline. With --attach URL... it lets the
// live servers answer for 3 s before the grab.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QIcon>
#include <QImage>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QTimer>
#include <cstdio>
#include <cstring>
#include <memory>

#include "engine/model/default_model.h"
#include "ui/fetch/get_models_dialog.h"
#include "ui/headless/headless_run.h"
#include "ui/lessons/lesson_page.h"
#include "ui/lessons/lessons_panel.h"
#include "ui/main_window.h"

using inferscope::ui::MainWindow;

namespace {

// The value after a "--name" or "--name=value" argument, read before QApplication exists (the platform
// has to be chosen first); empty when absent.
QByteArray rawOption(int argc, char** argv, const char* name) {
  const size_t n = std::strlen(name);
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], name) == 0) return i + 1 < argc ? QByteArray(argv[i + 1]) : QByteArray();
    if (std::strncmp(argv[i], name, n) == 0 && argv[i][n] == '=') return QByteArray(argv[i] + n + 1);
  }
  return {};
}

bool parseSize(const QByteArray& text, int* w, int* h) {
  const QList<QByteArray> parts = text.toLower().split('x');
  bool okW = false, okH = false;
  if (parts.size() == 2) *w = parts[0].toInt(&okW), *h = parts[1].toInt(&okH);
  return okW && okH && *w >= 320 && *h >= 240;
}

// A screenshot is taken on the offscreen platform with one screen of the requested size, so the window
// fits (and presentation mode fills) exactly that screen. An explicitly chosen other platform is kept.
std::unique_ptr<QTemporaryFile> configureScreenshotPlatform(int argc, char** argv) {
  if (rawOption(argc, argv, "--screenshot").isEmpty()) return nullptr;
  const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
  if (!platform.isEmpty() && !platform.startsWith("offscreen")) return nullptr;
  int w = 1600, h = 1000;
  const QByteArray size = rawOption(argc, argv, "--size");
  if (!size.isEmpty() && !parseSize(size, &w, &h)) return nullptr;  // main() reports the bad value
  auto config = std::make_unique<QTemporaryFile>();
  if (!config->open()) return nullptr;
  config->write(QStringLiteral(R"({"screens": [{"name": "shot", "x": 0, "y": 0, "width": %1, "height": %2, )"
                               R"("logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})")
                    .arg(w)
                    .arg(h)
                    .toUtf8());
  config->flush();
  qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config->fileName().toLocal8Bit());
  return config;
}

int takeScreenshot(MainWindow& w, const QString& out, const QString& scenario, int steps, const QString& tab,
                   const QString& lesson, bool recording, bool attached) {
  QString err;
  inferscope::ui::HeadlessRun run;
  run.scenario = scenario;
  run.steps = steps;
  if (!recording && !inferscope::ui::runHeadless(*w.session(), run, &err)) {
    std::fprintf(stderr, "inferscope: %s\n", qPrintable(err));
    return 1;
  }
  if (!lesson.isEmpty()) {
    // The lesson computes on the engine thread; wait (bounded) for its result before grabbing.
    w.tabs()->setCurrentWidget(w.lessons());
    inferscope::ui::LessonPage* page = w.lessons()->showLesson(lesson);
    if (page == nullptr) {
      std::fprintf(stderr, "inferscope: no lesson '%s'\n", qPrintable(lesson));
      return 1;
    }
    page->computeNow();
    QElapsedTimer t;
    t.start();
    while ((page->isComputing() || (!page->result() && page->errorText().isEmpty())) && t.elapsed() < 60000)
      QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  if (recording) {
    // The charts redraw from their coalescing timer: let it run once before the grab.
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 150) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  if (attached) {
    // Live servers answer on the event loop (polls, the KV events' 500 ms readings): a few of each first.
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 3000) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  if (!tab.isEmpty()) {
    for (int i = 0; i < w.tabs()->count(); ++i)
      if (w.tabs()->widget(i)->objectName() == tab || QString::number(i) == tab) w.tabs()->setCurrentIndex(i);
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 150) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  const QImage img = w.grab().toImage();
  if (!img.save(out)) {
    std::fprintf(stderr, "inferscope: cannot write %s\n", qPrintable(out));
    return 1;
  }
  std::printf("%s: %dx%d, %lld steps\n", qPrintable(out), img.width(), img.height(),
              static_cast<long long>(w.session()->totalSteps()));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::unique_ptr<QTemporaryFile> screenConfig = configureScreenshotPlatform(argc, argv);
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("InferScope"));
  QApplication::setOrganizationName(QStringLiteral("InferScope"));
  QApplication::setApplicationVersion(QStringLiteral(INFERSCOPE_VERSION));
  // The installed desktop entry and icon (packaging/), so the desktop matches the window to its menu entry.
  QGuiApplication::setDesktopFileName(QStringLiteral(INFERSCOPE_APP_ID));
  QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral(INFERSCOPE_APP_ID), QIcon(QStringLiteral(":/icons/inferscope.svg"))));

  QCommandLineParser p;
  p.setApplicationDescription(QStringLiteral("InferScope: a workbench that makes LLM inference visible."));
  p.addHelpOption();
  p.addVersionOption();
  p.addPositionalArgument(QStringLiteral("model"), QStringLiteral("GGUF model to open (default: the bootstrap's SmolLM2-135M)."), QStringLiteral("[MODEL.gguf]"));
  QCommandLineOption shotOpt(QStringLiteral("screenshot"), QStringLiteral("Grab the main window to FILE.png after the run and exit."), QStringLiteral("FILE"));
  QCommandLineOption scenarioOpt(QStringLiteral("scenario"), QStringLiteral("Load a scenario JSON file at start."), QStringLiteral("FILE"));
  QCommandLineOption stepsOpt(QStringLiteral("steps"), QStringLiteral("Engine steps to run before the screenshot (default 40)."), QStringLiteral("N"), QStringLiteral("40"));
  QCommandLineOption tabOpt(QStringLiteral("tab"), QStringLiteral("Tab to show in the screenshot (index, 0 = charts)."), QStringLiteral("TAB"));
  QCommandLineOption langOpt(QStringLiteral("language"), QStringLiteral("en, zh_TW or zh_CN."), QStringLiteral("CODE"));
  QCommandLineOption lessonOpt(QStringLiteral("lesson"), QStringLiteral("With --screenshot: show this lesson (e.g. qkv-lookup)."), QStringLiteral("ID"));
  QCommandLineOption settingsOpt(QStringLiteral("settings"), QStringLiteral("Use this INI file for settings instead of the user's."), QStringLiteral("FILE"));
  QCommandLineOption sizeOpt(QStringLiteral("size"), QStringLiteral("With --screenshot: the screen and window size (default 1600x1000)."), QStringLiteral("WxH"));
  QCommandLineOption presentationOpt(QStringLiteral("presentation"), QStringLiteral("Start in presentation mode (with --screenshot: grab it)."));
  QCommandLineOption attachOpt(QStringLiteral("attach"), QStringLiteral("Watch a live serving engine (llama.cpp server, vLLM, SGLang) at URL; repeatable; a tcp:// URL is a vLLM KV-event publisher; otlp://HOST:PORT receives the engines' OTLP traces there."), QStringLiteral("URL"));
  QCommandLineOption openOpt(QStringLiteral("open"), QStringLiteral("Open a recording (.isrec): no model or engine is needed."), QStringLiteral("FILE"));
  QCommandLineOption stepOpt(QStringLiteral("step"), QStringLiteral("With --open: show this step of the recording (default: its last)."), QStringLiteral("N"));
  p.addOptions({shotOpt, scenarioOpt, stepsOpt, tabOpt, langOpt, settingsOpt, lessonOpt, sizeOpt, presentationOpt, attachOpt, openOpt, stepOpt});
  p.process(app);

  QString model = p.positionalArguments().value(0);
  const bool openRecording = p.isSet(openOpt);
  if (model.isEmpty() && !openRecording) {
    try {
      model = QString::fromStdString(inferscope::resolve_model_path({}));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "inferscope: %s\n", e.what());
      if (p.isSet(shotOpt)) return 1;  // the GUI itself starts without a model and lets the user open one
    }
  }

  int shotW = 1600, shotH = 1000;
  if (p.isSet(sizeOpt) && !parseSize(p.value(sizeOpt).toLatin1(), &shotW, &shotH)) {
    std::fprintf(stderr, "inferscope: --size wants WxH (at least 320x240), not '%s'\n", qPrintable(p.value(sizeOpt)));
    return 2;
  }
  // A screenshot neither reads nor changes the user's settings unless --settings names a file.
  QTemporaryDir shotSettings;
  const QString settingsFile = p.isSet(settingsOpt) || !p.isSet(shotOpt) ? p.value(settingsOpt)
                                                                         : shotSettings.filePath(QStringLiteral("screenshot.ini"));
  MainWindow w(settingsFile);
  if (p.isSet(langOpt)) w.setLanguage(p.value(langOpt));
  if (p.isSet(shotOpt)) {
    w.setInteractive(false);
    w.move(0, 0);
    w.resize(shotW, shotH);
  }
  w.show();
  // The picture is the window's contents at exactly --size (the first show fits the window and its
  // frame into the screen, which would make it smaller).
  if (p.isSet(shotOpt)) w.resize(shotW, shotH);
  if (p.isSet(presentationOpt)) w.setPresentationMode(true);
  if (!model.isEmpty()) w.openModel(model);
  if (openRecording) {
    // After the model's load was asked for, so the recording stays on screen while that model loads.
    QString err;
    if (!w.openRecording(p.value(openOpt), &err)) {
      if (p.isSet(shotOpt)) {
        std::fprintf(stderr, "inferscope: %s: %s\n", qPrintable(p.value(openOpt)), qPrintable(err));
        return 1;
      }
    } else if (p.isSet(stepOpt)) {
      w.showStep(p.value(stepOpt).toLongLong());
    }
  }
  if (p.isSet(attachOpt)) w.attachServers(p.values(attachOpt));
  // First start without a model (an installed package has no bootstrap): offer to fetch one. Nothing is
  // downloaded unless the user asks.
  if (model.isEmpty() && !p.isSet(shotOpt) && !openRecording)
    QTimer::singleShot(0, &w, [&w] {
      inferscope::ui::GetModelsDialog::getModels(&w, [&w](const QString& path) { w.openModel(path); }, true);
    });
  if (p.isSet(shotOpt)) return takeScreenshot(w, p.value(shotOpt), p.value(scenarioOpt), p.value(stepsOpt).toInt(), p.value(tabOpt),
                                              p.value(lessonOpt), openRecording, p.isSet(attachOpt));
  if (p.isSet(scenarioOpt)) {
    const QString sc = p.value(scenarioOpt);
    QTimer::singleShot(0, &w, [&w, sc] {
      QString err;
      if (!w.loadScenario(sc, &err)) std::fprintf(stderr, "inferscope: %s\n", qPrintable(err));
    });
  }
  return app.exec();
}
