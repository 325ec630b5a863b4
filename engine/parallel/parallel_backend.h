#pragma once
// Construction of the virtual-device backends (tensor_backend.h, pipeline_backend.h).
#include <memory>

#include "engine/backend/forward_backend.h"
#include "engine/parallel/parallel_config.h"

namespace inferscope {

// The backend that runs config's split of model over a KV pool of num_blocks blocks of layout. Throws
// std::invalid_argument with a one-line reason when the model cannot be split so (model_fit).
std::unique_ptr<ForwardBackend> make_parallel_backend(const ParallelConfig& config, LlamaModel& model,
                                                      const KvLayout& layout, int64_t num_blocks,
                                                      kernels::ThreadPool* pool);

}  // namespace inferscope
