#pragma once
// "Export all" for a session: every chart the views draw (live, compared variants, lessons with a
// result), the block map, the session's step logs and its manifest, into one folder (ui/export).
#include <QString>
#include <QStringList>

namespace inferscope::ui {

class AttachPanel;
class BlockMapPanel;
class ChartsPanel;
class ComparePanel;
class LessonsPanel;
class WorkbenchSession;

struct ExportViews {
  ChartsPanel* charts = nullptr;    // required: the live charts
  BlockMapPanel* blockMap = nullptr;
  ComparePanel* compare = nullptr;  // its overlay charts, when the session has a comparison
  LessonsPanel* lessons = nullptr;  // optional: the lesson pages with a result on screen
  AttachPanel* servers = nullptr;   // optional: the Servers tab's charts with data and its slot bars
};

// Returns the files written (relative names), or an empty list with *error set.
QStringList exportSession(const WorkbenchSession& session, const ExportViews& views, const QString& dir, QString* error = nullptr);

}  // namespace inferscope::ui
