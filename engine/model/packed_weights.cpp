#include "engine/model/packed_weights.h"

#include <initializer_list>

namespace inferscope {
namespace {

// The parts of one matrix to pack (Q/K/V and gate/up fused); empty when any weight is missing.
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
  // Every matrix to pack and where its packed copy goes. All of them share one buffer: a decode step
  // streams through every one, and one buffer can be backed by huge pages (kernels::LargeBuffer).
  struct Job {
    std::vector<kernels::MatrixPart> parts;
    std::unique_ptr<kernels::PackedMatrix>* dst;
    size_t offset = 0, bytes = 0;
  };
  PackedWeights p;
  p.layers.resize(w.layers.size());
  std::vector<Job> jobs;
  for (size_t i = 0; i < w.layers.size(); ++i) {
    const LayerWeights& L = w.layers[i];
    PackedLayer& pl = p.layers[i];
    jobs.push_back({parts_of({&L.wq, &L.wk, &L.wv}), &pl.qkv});
    jobs.push_back({parts_of({&L.wo}), &pl.wo});
    jobs.push_back({parts_of({&L.w_gate, &L.w_up}), &pl.gate_up});
    jobs.push_back({parts_of({&L.w_down}), &pl.down});
  }
  jobs.push_back({parts_of({&w.output}), &p.output});
  size_t total = 0;
  for (Job& j : jobs) {
    j.bytes = j.parts.empty() ? 0 : kernels::packed_matrix_bytes(j.parts);
    j.offset = total;
    total += j.bytes;
  }
  if (total == 0) {
    p.layers.clear();
    return p;
  }
  const auto storage = std::make_shared<const kernels::LargeBuffer>(total);
  for (const Job& j : jobs) {
    if (j.bytes == 0) continue;
    *j.dst = kernels::pack_matrix_into(j.parts, storage, j.offset);
    if (!*j.dst) continue;
    p.bytes += j.bytes;
    ++p.matrices;
  }
  return p;
}

}  // namespace inferscope
