// MainWindow, scenarios: the Scenarios menu (the built-in scenarios, open and save); the session
// applies them.
#include <QAction>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>

#include "ui/main_window.h"

namespace inferscope::ui {

void MainWindow::rebuildScenarioMenu() {
  if (!scenarioMenu_) return;
  scenarioMenu_->clear();
  const QDir dir(QStringLiteral(":/scenarios"));
  for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
    QString title = f;
    QFile file(dir.filePath(f));
    if (file.open(QIODevice::ReadOnly)) {
      const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
      if (o.contains(QStringLiteral("name"))) title = o.value(QStringLiteral("name")).toString();
    }
    const QString path = dir.filePath(f);
    QAction* a = scenarioMenu_->addAction(title, this, [this, path] {
      QString err;
      if (!loadScenario(path, &err)) showError(tr("Scenario not loaded"), err);
    });
    a->setToolTip(path);
  }
  scenarioMenu_->addSeparator();
  scenarioMenu_->addAction(openScenarioAct_);
  scenarioMenu_->addAction(saveScenarioAct_);
}

}  // namespace inferscope::ui
