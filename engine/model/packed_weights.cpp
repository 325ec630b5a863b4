#include "engine/model/packed_weights.h"

#include <initializer_list>

namespace inferscope {
namespace {

std::unique_ptr<kernels::PackedMatrix> pack(std::initializer_list<const WeightRef*> refs, PackedWeights& out) {
  std::vector<kernels::MatrixPart> parts;
  for (const WeightRef* r : refs) {
    if (!*r) return nullptr;
    parts.push_back({r->type, r->data, r->n_in, r->n_out});
  }
  auto m = kernels::pack_matrix(parts);
  if (m) {
    out.bytes += m->bytes();
    ++out.matrices;
  }
  return m;
}

}  // namespace

PackedWeights pack_weights(const ModelWeights& w) {
  PackedWeights p;
  for (const LayerWeights& L : w.layers) {
    PackedLayer pl;
    pl.qkv = pack({&L.wq, &L.wk, &L.wv}, p);
    pl.wo = pack({&L.wo}, p);
    pl.gate_up = pack({&L.w_gate, &L.w_up}, p);
    pl.down = pack({&L.w_down}, p);
    p.layers.push_back(std::move(pl));
  }
  p.output = pack({&w.output}, p);
  if (p.matrices == 0) p.layers.clear();
  return p;
}

}  // namespace inferscope
