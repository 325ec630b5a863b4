#include "engine/parallel/parallel_backend.h"

#include <stdexcept>

#include "engine/parallel/pipeline_backend.h"
#include "engine/parallel/tensor_backend.h"

namespace inferscope {

std::unique_ptr<ForwardBackend> make_parallel_backend(const ParallelConfig& config, LlamaModel& model,
                                                      const KvLayout& layout, int64_t num_blocks,
                                                      kernels::ThreadPool* pool) {
  if (const std::string why = config.validate(); !why.empty()) throw std::invalid_argument(why);
  if (const std::string why = config.model_fit(model.config()); !why.empty()) throw std::invalid_argument(why);
  if (config.mode == ParallelMode::Tensor)
    return std::make_unique<TensorParallelBackend>(model, layout, num_blocks, pool, config.devices);
  if (config.mode == ParallelMode::Pipeline)
    return std::make_unique<PipelineBackend>(model, layout, num_blocks, pool, config.devices, config.micro_batches);
  throw std::invalid_argument("no parallel split configured");
}

}  // namespace inferscope
