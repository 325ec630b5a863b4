#pragma once
// Reading a Python package index's "simple" project page (an HTML list of links, one per file).
#include <QByteArray>
#include <QString>
#include <QUrl>

namespace inferscope::fetch {

// The page of a project under the index root: <root>/<normalised project>/.
QUrl projectPageUrl(const QUrl& indexRoot, const QString& project);

struct IndexLink {
  QUrl url;            // absolute, without the fragment
  QByteArray sha256;   // from a "#sha256=" fragment, lower-case hex; empty when the page gives none
};

// The link whose text is exactly fileName on the page fetched from pageUrl (relative links resolved
// against it); an empty url when the page lists no such file.
IndexLink findFileLink(const QByteArray& html, const QUrl& pageUrl, const QString& fileName);

}  // namespace inferscope::fetch
