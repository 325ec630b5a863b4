#include "engine/model/packed_weights.h"

#include <initializer_list>

namespace inferscope {
namespace {

// The parts of one packed matrix (empty when a weight is absent).
std::vector<kernels::MatrixPart> parts_of(std::initializer_list<const WeightRef*> refs) {
  std::vector<kernels::MatrixPart> parts;
  for (const WeightRef* r : refs) {
    if (!*r) return {};
    parts.push_back({r->type, r->data, r->n_in, r->n_out});
  }
  return parts;
}

}  // namespace

PackedWeights pack_weights(const ModelWeights& w) {
  // Two passes: size every matrix, then pack them all into one large-page buffer.
  std::vector<std::vector<kernels::MatrixPart>> sets;
  for (const LayerWeights& L : w.layers) {
    sets.push_back(parts_of({&L.wq, &L.wk, &L.wv}));
    sets.push_back(parts_of({&L.wo}));
    sets.push_back(parts_of({&L.w_gate, &L.w_up}));
    sets.push_back(parts_of({&L.w_down}));
  }
  sets.push_back(parts_of({&w.output}));
  std::vector<size_t> offset(sets.size());
  size_t total = 0;
  for (size_t i = 0; i < sets.size(); ++i) {
    offset[i] = total;
    total += kernels::packed_matrix_bytes(sets[i]);
  }
  PackedWeights p;
  if (total == 0) return p;
  p.storage = kernels::LargePageBuffer(total);
  auto pack = [&](size_t i) -> std::unique_ptr<kernels::PackedMatrix> {
    if (kernels::packed_matrix_bytes(sets[i]) == 0) return nullptr;
    auto m = kernels::pack_matrix(sets[i], p.storage.data() + offset[i]);
    if (m) {
      p.bytes += m->bytes();
      ++p.matrices;
    }
    return m;
  };
  size_t i = 0;
  for (size_t l = 0; l < w.layers.size(); ++l) {
    PackedLayer pl;
    pl.qkv = pack(i++);
    pl.wo = pack(i++);
    pl.gate_up = pack(i++);
    pl.down = pack(i++);
    p.layers.push_back(std::move(pl));
  }
  p.output = pack(i++);
  if (p.matrices == 0) p.layers.clear();
  return p;
}

}  // namespace inferscope
