#pragma once
// A run's trace to where the user asked: a file path gets the Chrome / Perfetto JSON trace
// (engine/record/chrome_trace.h); an http(s):// URL gets the requests as OTLP spans sent to a collector
// (remote/otlp/run_request_spans.h, sent without blocking the calling thread). The engine worker (a live
// run) and the session (a recording played back) write traces through this one function.
#include <QObject>
#include <QString>
#include <functional>

#include "engine/record/recording.h"

namespace inferscope::ui {

// Whether target names a collector (an http:// or https:// URL) rather than a file.
bool isTraceUrl(const QString& target);
// A collector's address as a user gives it ("127.0.0.1:4318", a URL) as writeTrace takes it: http:// in
// front where no scheme was given, so that it is not taken for a file.
QString collectorTarget(const QString& address);

// Writes or sends recording's trace; done(ok, error) is called once, on context's thread (synchronously for
// a file and for a refusal before sending; after the collector answered for a URL). The spans are
// encoded before this returns, so the recording need not outlive the call.
void writeTrace(const record::Recording& recording, const QString& target, QObject* context,
                std::function<void(bool ok, const QString& error)> done);

}  // namespace inferscope::ui
