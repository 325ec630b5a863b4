#pragma once
// SlotFillView: a llama.cpp server's slots as the block map's equivalent for a server without a paged
// cache: one bar per slot across its context (n_ctx tokens): cached prompt, computed prompt, prompt
// still to compute, generated, free. Colours plus hatching for the cached part, so it reads in grey too.
#include <QWidget>
#include <optional>

#include "remote/metrics/llamacpp_slots.h"

namespace inferscope::ui {

class SlotFillView : public QWidget {
  Q_OBJECT
 public:
  explicit SlotFillView(QWidget* parent = nullptr);

  void setSlots(const remote::SlotsRead& slot_read);
  const remote::SlotsRead& shownSlots() const { return slots_; }
  void setTextPixelSize(int px);
  int textPixelSize() const { return textPx_; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent*) override;

 private:
  int rowHeight() const;
  remote::SlotsRead slots_;
  int textPx_ = 0;
};

}  // namespace inferscope::ui
