#include "engine/model/model_catalog.h"

#include <algorithm>
#include <exception>
#include <filesystem>

#include "engine/gguf/gguf_file.h"
#include "engine/model/model_card.h"
#include "engine/model/model_config.h"

namespace inferscope {

std::vector<InstalledModel> list_installed_models(const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<InstalledModel> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (!e.is_regular_file(ec) || e.path().extension() != ".gguf") continue;
    InstalledModel m;
    m.path = e.path().string();
    m.file_name = e.path().filename().string();
    m.file_bytes = e.file_size(ec);
    m.has_notice = !notice_dir_for(m.path).empty();
    try {
      // Opening maps the file and reads its header and tensor table; no weight is touched.
      const auto f = gguf::GgufFile::open(m.path);
      m.name = f->get_string("general.name").value_or("");
      m.architecture = f->get_string("general.architecture").value_or("");
      m.license = f->get_string("general.license").value_or("");
      if (const auto ft = f->get_u64("general.file_type")) m.quantization = file_type_name(*ft);
      for (const auto& t : f->tensors()) m.n_parameters += t.n_elements;
      read_model_config(*f);  // refuses what the engine does not implement, by name
    } catch (const std::exception& ex) {
      m.problem = ex.what();
    }
    out.push_back(std::move(m));
  }
  std::sort(out.begin(), out.end(), [](const InstalledModel& a, const InstalledModel& b) { return a.file_name < b.file_name; });
  return out;
}

}  // namespace inferscope
