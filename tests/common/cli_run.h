#pragma once
// Runs the inferscope-cli binary under test and collects its exit code and output (tests only).
#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace inferscope::test {

struct CliRun {
  int code = -1;  // -1: did not finish within the timeout
  QByteArray out, err;
};

inline CliRun run_cli(const QString& program, const QStringList& args, int timeout_ms) {
  QProcess p;
  p.start(program, args);
  CliRun r;
  if (!p.waitForFinished(timeout_ms)) return r;
  r.code = p.exitCode();
  r.out = p.readAllStandardOutput();
  r.err = p.readAllStandardError();
  return r;
}

}  // namespace inferscope::test
