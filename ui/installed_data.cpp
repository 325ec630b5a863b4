#include "ui/installed_data.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace inferscope::ui {

QString installedScenariosDir() {
  const QString dir = QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/inferscope/scenarios"));
  return QFileInfo(dir).isDir() ? dir : QString();
}

}  // namespace inferscope::ui
