#pragma once
#include <QFile>
#include <QString>
#include <QtTest>
#include <string>

// A file under tests/data/remote, whole.
inline std::string remote_test_data(const char* relative) {
  QFile f(QStringLiteral(INFERSCOPE_SOURCE_DIR "/tests/data/remote/") + QString::fromUtf8(relative));
  if (!f.open(QIODevice::ReadOnly)) qFatal("missing test data %s", relative);
  const QByteArray bytes = f.readAll();
  return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}
