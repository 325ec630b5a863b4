#pragma once
// ModelCardPanel: what the loaded model is (architecture, sizes, tensor types, KV bytes per token).
#include <QWidget>
#include <optional>

#include "engine/model/model_card.h"

class QTextBrowser;

namespace inferscope::ui {

class ModelCardPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ModelCardPanel(QWidget* parent = nullptr);
  void setCard(const std::optional<ModelCard>& card);
  void setKvDtype(kernels::KvDtype d);
  QString text() const;

 protected:
  void changeEvent(QEvent* e) override;

 private:
  void render();

  QTextBrowser* view_ = nullptr;
  std::optional<ModelCard> card_;
  kernels::KvDtype dtype_ = kernels::KvDtype::F16;
};

}  // namespace inferscope::ui
