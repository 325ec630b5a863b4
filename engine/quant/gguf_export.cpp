#include "engine/quant/gguf_export.h"

#include <cstring>
#include <map>

#include "engine/gguf/gguf_file.h"
#include "engine/gguf/gguf_writer.h"

namespace inferscope::quant {

namespace {

// llama.cpp's LLAMA_FTYPE_* for the uniform modes (what general.file_type says a file mostly is).
std::optional<uint32_t> llama_file_type(kernels::GgmlType t) {
  switch (t) {
    case kernels::GgmlType::F32: return 0;
    case kernels::GgmlType::F16: return 1;
    case kernels::GgmlType::Q4_0: return 2;
    case kernels::GgmlType::Q4_1: return 3;
    case kernels::GgmlType::Q8_0: return 7;
    case kernels::GgmlType::BF16: return 32;
    default: return std::nullopt;
  }
}

}  // namespace

void write_model_gguf(const LoadedModel& m, const std::string& path) {
  const gguf::GgufFile& f = *m.file;
  const ModelWeights& w = m.model->weights();
  std::map<std::string, const WeightRef*> refs;
  auto note = [&](const WeightRef& r) {
    if (r) refs[r.name] = &r;
  };
  note(w.token_embd);
  if (!w.tied_output) note(w.output);
  for (const LayerWeights& L : w.layers)
    for (const WeightRef* r : {&L.wq, &L.wk, &L.wv, &L.wo, &L.w_gate, &L.w_up, &L.w_down}) note(*r);

  gguf::GgufWriter out(static_cast<uint32_t>(f.alignment()));
  for (const gguf::KeyValue& kv : f.metadata()) out.set(kv.key, kv.value);
  out.set("inferscope.weight_mode", gguf::Value::str(m.card.weight_mode_label));
  std::optional<kernels::GgmlType> uniform;
  bool mixed = false;
  for (const gguf::TensorInfo& t : f.tensors()) {
    const auto it = refs.find(t.name);
    const bool re_encoded = it != refs.end() && it->second->data != t.data;
    const kernels::GgmlType type = re_encoded ? it->second->type : t.type;
    const uint8_t* src = re_encoded ? static_cast<const uint8_t*>(it->second->data) : t.data;
    const size_t n = re_encoded ? it->second->n_bytes : t.n_bytes;
    if (t.ne.size() == 2) {
      if (uniform && *uniform != type) mixed = true;
      uniform = type;
    }
    out.add_tensor(t.name, t.ne, type, std::vector<uint8_t>(src, src + n));
  }
  if (uniform && !mixed)
    if (const auto ft = llama_file_type(*uniform)) out.set("general.file_type", gguf::Value::u32(*ft));
  out.write(path);
}

}  // namespace inferscope::quant
