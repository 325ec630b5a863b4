#include "ui/charts/bounded_series.h"

#include <algorithm>

namespace inferscope::ui {

namespace {
// Always two points (the same one twice where min is max): folded buckets stay pairs, so merging
// can group them by position.
void appendMinMax(QList<QPointF>& out, QPointF mn, QPointF mx) {
  if (mn.x() <= mx.x()) {
    out.append(mn);
    out.append(mx);
  } else {
    out.append(mx);
    out.append(mn);
  }
}
}  // namespace

BoundedSeries::BoundedSeries(qsizetype tail, qsizetype buckets) : tailMax_(std::max<qsizetype>(1, tail)), bucketsMax_(std::max<qsizetype>(2, buckets)) {}

void BoundedSeries::clear() {
  hasFirst_ = false;
  folded_.clear();
  pendingCount_ = 0;
  width_ = 1;
  tail_.clear();
  joined_.clear();
  joinedValid_ = false;
}

void BoundedSeries::append(QPointF p) {
  joinedValid_ = false;
  if (!hasFirst_) {
    hasFirst_ = true;
    first_ = p;
    return;
  }
  tail_.append(p);
  // Nothing folds until the whole budget is used: short runs keep every point.
  if (folded_.isEmpty() && pendingCount_ == 0 && tail_.size() <= tailMax_ + 2 * bucketsMax_) return;
  while (tail_.size() > tailMax_) {
    fold(tail_.first());
    tail_.removeFirst();
  }
}

void BoundedSeries::fold(QPointF p) {
  if (width_ == 1) {
    // Before the first halving every point is its own bucket.
    folded_.append(p);
  } else {
    if (pendingCount_ == 0) pendingMin_ = pendingMax_ = p;
    if (p.y() < pendingMin_.y()) pendingMin_ = p;
    if (p.y() > pendingMax_.y()) pendingMax_ = p;
    if (++pendingCount_ == width_) {
      appendMinMax(folded_, pendingMin_, pendingMax_);
      pendingCount_ = 0;
    }
  }
  if (folded_.size() >= 2 * bucketsMax_) halveBuckets();
}

void BoundedSeries::halveBuckets() {
  // Four folded points become one min/max pair: at width 1 four single points (width 4 after), later
  // two neighbouring pairs (twice the width).
  QList<QPointF> merged;
  merged.reserve(bucketsMax_ + 2);
  for (qsizetype i = 0; i < folded_.size(); i += 4) {
    const auto b = folded_.begin() + i, e = folded_.begin() + std::min(folded_.size(), i + 4);
    auto [mn, mx] = std::minmax_element(b, e, [](const QPointF& a, const QPointF& z) { return a.y() < z.y(); });
    appendMinMax(merged, *mn, *mx);
  }
  folded_ = std::move(merged);
  width_ = width_ == 1 ? 4 : width_ * 2;
}

const QList<QPointF>& BoundedSeries::points() const {
  if (joinedValid_) return joined_;
  joined_.clear();
  joined_.reserve(size());
  if (hasFirst_) joined_.append(first_);
  joined_.append(folded_);
  if (pendingCount_ > 0) appendMinMax(joined_, pendingMin_, pendingMax_);
  joined_.append(tail_);
  joinedValid_ = true;
  return joined_;
}

}  // namespace inferscope::ui
