#include "ui/engine/engine_texts.h"

#include <QRegularExpression>

namespace inferscope::ui {

QString EngineTexts::state(RequestState s) {
  switch (s) {
    case RequestState::Unknown: return {};
    case RequestState::Waiting: return tr("waiting");
    case RequestState::Running: return tr("running");
    case RequestState::Preempted: return tr("preempted");
    case RequestState::Finished: return tr("finished");
    case RequestState::Failed: return tr("failed");
    case RequestState::Cancelled: return tr("cancelled");
  }
  return {};
}

QString EngineTexts::stopReason(const std::string& r) {
  if (r == "eos") return tr("EOS");
  if (r == "length") return tr("max tokens");
  if (r == "stop") return tr("stop string");
  if (r == "kv_full") return tr("KV cache full");
  if (r == "cancelled") return tr("cancelled");
  if (r == "failed") return tr("failed");
  return QString::fromStdString(r);
}

QString EngineTexts::error(const std::string& message) {
  const QString m = QString::fromStdString(message);
  // The engine's messages (engine/llm_engine.cpp); the numbers are carried over.
  static const QRegularExpression kvFull(
      QStringLiteral("^the KV cache is full: this sequence fills all (\\d+) blocks \\((\\d+) tokens\\); raise the KV budget to generate more$"));
  static const QRegularExpression promptCache(QStringLiteral(
      "^the prompt has (\\d+) tokens but the whole KV cache holds (\\d+) \\((\\d+) blocks of (\\d+)\\); raise the KV budget$"));
  static const QRegularExpression promptContext(QStringLiteral("^the prompt has (\\d+) tokens; the model's context is (\\d+)$"));
  static const QRegularExpression badToken(QStringLiteral("^prompt token id (-?\\d+) is outside the vocabulary$"));
  static const QRegularExpression tokenize(QStringLiteral("^cannot tokenize the prompt: (.*)$"));
  if (auto x = kvFull.match(m); x.hasMatch())
    return tr("The KV cache is full: this request fills all %1 blocks (%2 tokens). Raise the KV budget to generate more.")
        .arg(x.captured(1), x.captured(2));
  if (auto x = promptCache.match(m); x.hasMatch())
    return tr("The prompt has %1 tokens but the whole KV cache holds %2 (%3 blocks of %4). Raise the KV budget.")
        .arg(x.captured(1), x.captured(2), x.captured(3), x.captured(4));
  if (auto x = promptContext.match(m); x.hasMatch())
    return tr("The prompt has %1 tokens; the model's context is %2.").arg(x.captured(1), x.captured(2));
  if (auto x = badToken.match(m); x.hasMatch()) return tr("Prompt token id %1 is outside the vocabulary.").arg(x.captured(1));
  if (auto x = tokenize.match(m); x.hasMatch()) return tr("Cannot tokenize the prompt: %1").arg(x.captured(1));
  if (m == QLatin1String("the prompt is empty")) return tr("The prompt is empty.");
  if (m == QLatin1String("the shared prefix must be shorter than the shortest prompt"))
    return tr("The shared prefix must be shorter than the shortest prompt.");
  if (m == QLatin1String("n (parallel samples) must be between 1 and 64"))
    return tr("Parallel samples (n) must be between 1 and 64.");
  return m;
}

QString EngineTexts::backendReason(const std::string& reason) {
  const QString m = QString::fromStdString(reason);
  static const QRegularExpression count(QStringLiteral("^no CUDA device \\(cudaGetDeviceCount: (.*)\\)$"));
  static const QRegularExpression capability(
      QStringLiteral("^the CUDA backend needs compute capability 8\\.0 or newer; (.*) is (\\d+\\.\\d+)$"));
  if (auto x = count.match(m); x.hasMatch())
    return x.captured(1) == QLatin1String("0 devices") ? tr("no CUDA device")
                                                       : tr("no CUDA device (the CUDA runtime says: %1)").arg(x.captured(1));
  if (m == QLatin1String("no CUDA device (cudaGetDeviceProperties failed)"))
    return tr("no CUDA device (its properties could not be read)");
  if (auto x = capability.match(m); x.hasMatch())
    return tr("the CUDA backend needs compute capability 8.0 or newer; %1 has %2").arg(x.captured(1), x.captured(2));
  if (m.startsWith(QLatin1String("this build has no CUDA backend")))
    return tr("this build has no CUDA backend (built without a CUDA toolkit, or with INFERSCOPE_CUDA=OFF)");
  return m;
}

}  // namespace inferscope::ui
