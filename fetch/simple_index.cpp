#include "fetch/simple_index.h"

#include <QRegularExpression>

namespace inferscope::fetch {

QUrl projectPageUrl(const QUrl& indexRoot, const QString& project) {
  // Index project names compare lower-cased with runs of "-", "_" and "." made one "-".
  static const QRegularExpression runs(QStringLiteral("[-_.]+"));
  QString name = project.toLower();
  name.replace(runs, QStringLiteral("-"));
  QString root = indexRoot.toString();
  if (!root.endsWith(QLatin1Char('/'))) root += QLatin1Char('/');
  return QUrl(root).resolved(QUrl(name + QLatin1Char('/')));
}

namespace {

QString unescapeHtml(QString s) {
  s.replace(QStringLiteral("&lt;"), QStringLiteral("<"));
  s.replace(QStringLiteral("&gt;"), QStringLiteral(">"));
  s.replace(QStringLiteral("&quot;"), QStringLiteral("\""));
  s.replace(QStringLiteral("&#39;"), QStringLiteral("'"));
  s.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
  return s;
}

}  // namespace

IndexLink findFileLink(const QByteArray& html, const QUrl& pageUrl, const QString& fileName) {
  static const QRegularExpression anchor(
      QStringLiteral("<a\\s[^>]*href\\s*=\\s*[\"']([^\"']*)[\"'][^>]*>([^<]*)</a>"),
      QRegularExpression::CaseInsensitiveOption);
  const QString page = QString::fromUtf8(html);
  for (auto it = anchor.globalMatch(page); it.hasNext();) {
    const QRegularExpressionMatch m = it.next();
    if (unescapeHtml(m.captured(2)).trimmed() != fileName) continue;
    QUrl url = pageUrl.resolved(QUrl(unescapeHtml(m.captured(1))));
    IndexLink link;
    const QString fragment = url.fragment();
    if (fragment.startsWith(QStringLiteral("sha256="))) link.sha256 = fragment.mid(7).toLower().toLatin1();
    url.setFragment(QString());
    link.url = url;
    return link;
  }
  return {};
}

}  // namespace inferscope::fetch
