#include "fetch/model_catalogue.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>

namespace inferscope::fetch {

extern const char* const kBuiltinCatalogueJson;

qint64 FetchableModel::downloadBytes() const {
  qint64 n = 0;
  for (const Wheel& w : wheels) n += w.bytes;
  return n;
}

const FetchableModel* Catalogue::find(const QString& name) const {
  for (const FetchableModel& m : models)
    if (m.name == name) return &m;
  return nullptr;
}

namespace {

bool isSha256(const QString& s) {
  static const QRegularExpression re(QStringLiteral("^[0-9a-f]{64}$"));
  return re.match(s).hasMatch();
}

QStringList strings(const QJsonValue& v) {
  QStringList out;
  for (const QJsonValue& e : v.toArray()) out << e.toString();
  return out;
}

}  // namespace

std::optional<Catalogue> parseCatalogue(const QByteArray& json, QString* error) {
  auto fail = [error](const QString& why) -> std::optional<Catalogue> {
    if (error) *error = why;
    return std::nullopt;
  };
  QJsonParseError pe;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
  if (!doc.isObject()) return fail(QStringLiteral("catalogue: %1").arg(pe.errorString()));
  Catalogue c;
  c.indexUrl = QUrl(doc[QStringLiteral("index_url")].toString());
  if (!c.indexUrl.isValid() || c.indexUrl.isEmpty()) return fail(QStringLiteral("catalogue: no index_url"));
  for (const QJsonValue& mv : doc[QStringLiteral("models")].toArray()) {
    const QJsonObject o = mv.toObject();
    FetchableModel m;
    m.name = o[QStringLiteral("name")].toString();
    m.title = o[QStringLiteral("title")].toString();
    m.file = o[QStringLiteral("file")].toString();
    m.bytes = o[QStringLiteral("bytes")].toInteger();
    m.sha256 = o[QStringLiteral("sha256")].toString().toLatin1();
    m.licence = o[QStringLiteral("licence")].toString();
    m.licenceUrl = o[QStringLiteral("licence_url")].toString();
    m.noticeDir = o[QStringLiteral("notice_dir")].toString();
    m.isDefault = o[QStringLiteral("default")].toBool();
    if (m.name.isEmpty() || m.file.isEmpty() || m.file.contains(QLatin1Char('/')) || m.bytes <= 0 ||
        !isSha256(QString::fromLatin1(m.sha256)))
      return fail(QStringLiteral("catalogue: model '%1' lacks a name, file, size or SHA-256").arg(m.name));
    qint64 members = 0;
    for (const QJsonValue& wv : o[QStringLiteral("wheels")].toArray()) {
      const QJsonObject w = wv.toObject();
      Wheel wh;
      wh.project = w[QStringLiteral("project")].toString();
      wh.version = w[QStringLiteral("version")].toString();
      wh.file = w[QStringLiteral("file")].toString();
      wh.bytes = w[QStringLiteral("bytes")].toInteger();
      wh.sha256 = w[QStringLiteral("sha256")].toString().toLatin1();
      wh.ggufMembers = strings(w[QStringLiteral("gguf_members")]);
      wh.noticeMembers = strings(w[QStringLiteral("notice_members")]);
      if (wh.project.isEmpty() || wh.file.isEmpty() || wh.bytes <= 0 || !isSha256(QString::fromLatin1(wh.sha256)))
        return fail(QStringLiteral("catalogue: a wheel of '%1' lacks a project, file, size or SHA-256").arg(m.name));
      members += wh.ggufMembers.size();
      m.wheels << wh;
    }
    if (members == 0) return fail(QStringLiteral("catalogue: model '%1' names no GGUF member").arg(m.name));
    c.models << m;
  }
  if (c.models.isEmpty()) return fail(QStringLiteral("catalogue: no models"));
  return c;
}

const Catalogue& builtinCatalogue() {
  static const Catalogue c = [] {
    QString err;
    auto parsed = parseCatalogue(QByteArray(kBuiltinCatalogueJson), &err);
    // The JSON is compiled in and checked by tests/fetch: a failure here is a build defect.
    if (!parsed) qFatal("%s", qPrintable(err));
    return *parsed;
  }();
  return c;
}

QString defaultModelDirectory() {
  // GenericCacheLocation is $XDG_CACHE_HOME or ~/.cache, as the bootstrap and the engine read it.
  return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation))
      .filePath(QStringLiteral("inferscope/models"));
}

bool isInstalled(const FetchableModel& model, const QString& dir) {
  const QFileInfo f(QDir(dir).filePath(model.file));
  return f.isFile() && f.size() == model.bytes;
}

}  // namespace inferscope::fetch
