# The compute backend: the settings dock's backend row and why a backend is unavailable
# (ui/panels/engine_settings_panel.cpp, ui/engine/engine_texts.cpp).
T = {
 'no CUDA device': ('沒有 CUDA 裝置', '没有 CUDA 设备'),
 'no CUDA device (the CUDA runtime says: %1)': ('沒有 CUDA 裝置（CUDA 執行環境回報：%1）', '没有 CUDA 设备（CUDA 运行时报告：%1）'),
 'no CUDA device (its properties could not be read)': ('沒有 CUDA 裝置（無法讀取其屬性）', '没有 CUDA 设备（无法读取其属性）'),
 'the CUDA backend needs compute capability 8.0 or newer; %1 has %2': ('CUDA 後端需要計算能力 8.0 或更新；%1 為 %2', 'CUDA 后端需要计算能力 8.0 或更新；%1 为 %2'),
 'this build has no CUDA backend (built without a CUDA toolkit, or with INFERSCOPE_CUDA=OFF)': ('此版本沒有 CUDA 後端（建置時沒有 CUDA 工具組，或設定了 INFERSCOPE_CUDA=OFF）', '此版本没有 CUDA 后端（构建时没有 CUDA 工具包，或设置了 INFERSCOPE_CUDA=OFF）'),
 'Backend': ('後端', '后端'),
 'CPU, %1 threads': ('CPU，%1 個執行緒', 'CPU，%1 个线程'),
 'CUDA unavailable: %1': ('CUDA 無法使用：%1', 'CUDA 不可用：%1'),
 'CUDA: %1, %2 (%3 free)': ('CUDA：%1，%2（可用 %3）', 'CUDA：%1，%2（可用 %3）'),
 'Compute device': ('計算裝置', '计算设备'),
 'Device': ('裝置', '设备'),
 'GPU: %1, %2 MiB free': ('GPU：%1，可用 %2 MiB', 'GPU：%1，可用 %2 MiB'),
 'Where the model runs: the CPU, or an NVIDIA GPU through CUDA (weights and the KV cache in device memory).': ('模型在哪裡執行：CPU，或經由 CUDA 的 NVIDIA GPU（權重和 KV 快取放在裝置記憶體中）。', '模型在哪里运行：CPU，或经由 CUDA 的 NVIDIA GPU（权重和 KV 缓存放在设备内存中）。'),
}
