#pragma once
// A ModelCard as JSON and back: what a recording keeps of its model (no weights), so a replay can show
// the model's name, shape and tensor list without the file.
#include <nlohmann/json.hpp>

#include "engine/model/model_card.h"

namespace inferscope::record {

nlohmann::json model_card_to_json(const ModelCard& c);
// Missing keys keep their defaults; a wrong type throws nlohmann::json::exception.
ModelCard model_card_from_json(const nlohmann::json& j);

}  // namespace inferscope::record
