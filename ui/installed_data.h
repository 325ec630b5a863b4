#pragma once
// Where the workbench finds the files installed beside it: <prefix>/share/inferscope for an installed
// binary (/usr/bin -> /usr/share/inferscope), <build>/share/inferscope in a build tree (the build stages
// it there). Used to start file dialogs where the user's ready-made files are.
#include <QString>

namespace inferscope::ui {

// <directory of this executable>/../share/inferscope/scenarios when that folder exists, else empty.
QString installedScenariosDir();

}  // namespace inferscope::ui
