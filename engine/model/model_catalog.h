#pragma once
// The models installed in a folder (the bootstrap's cache folder by default), described from their GGUF
// metadata without loading any weights: what an Open dialog lists by name.
#include <cstdint>
#include <string>
#include <vector>

namespace inferscope {

struct InstalledModel {
  std::string path;
  std::string file_name;
  std::string name;           // general.name; empty when the file has none
  std::string architecture;   // general.architecture
  std::string quantization;   // general.file_type as llama.cpp names it ("Q4_K_M"); empty if unknown
  std::string license;        // general.license; empty when the file names none
  uint64_t file_bytes = 0;
  uint64_t n_parameters = 0;  // sum of tensor elements
  bool has_notice = false;    // a <stem>.NOTICE folder lies beside the file
  // Why the engine cannot run it (unreadable file, unsupported architecture or key); empty when it can.
  std::string problem;
};

// Every *.gguf file directly in dir, sorted by file name. A file that cannot be read is listed with its
// problem; a missing folder gives an empty list.
std::vector<InstalledModel> list_installed_models(const std::string& dir);

}  // namespace inferscope
