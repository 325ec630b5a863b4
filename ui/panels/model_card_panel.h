#pragma once
// ModelCardPanel: what the loaded model is (architecture, sizes, tensor types, KV bytes per token), the
// device the engine runs it on (CPU, or the GPU's name and memory), where its parameters are, how its
// computation differs from llama's, and the licence notice installed beside it.
#include <QWidget>
#include <optional>

#include "engine/backend/backend_kind.h"
#include "engine/model/model_card.h"

class QTextBrowser;

namespace inferscope::ui {

class ModelCardPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ModelCardPanel(QWidget* parent = nullptr);
  void setCard(const std::optional<ModelCard>& card);
  void setKvDtype(KvDtype d);
  // The backend the engine was built with; the GPU's name, total and free memory are read now.
  void setBackend(BackendKind backend, int threads);
  QString text() const;

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void render();
  QString parametersHtml(const ModelCard& c) const;
  QString differencesHtml(const ModelCard& c) const;
  QString noticeHtml(const ModelCard& c) const;

  QTextBrowser* view_ = nullptr;
  std::optional<ModelCard> card_;
  KvDtype dtype_ = KvDtype::F16;
  BackendKind backend_ = BackendKind::Cpu;
  int threads_ = 0;
  DeviceInfo device_;
};

}  // namespace inferscope::ui
