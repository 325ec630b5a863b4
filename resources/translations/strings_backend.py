# The compute backend's texts (engine settings, model card, status bar): CPU or CUDA.
T = {
 'Backend': ('後端', '后端'),
 'Device': ('裝置', '设备'),
 'Compute device': ('計算裝置', '计算设备'),
 'CPU, %1 threads': ('CPU，%1 個執行緒', 'CPU，%1 个线程'),
 'CUDA unavailable: %1': ('CUDA 無法使用：%1', 'CUDA 不可用：%1'),
 'CUDA: %1, %2 (%3 free)': ('CUDA：%1，%2（可用 %3）', 'CUDA：%1，%2（可用 %3）'),
 'GPU: %1, %2 MiB free': ('GPU：%1，可用 %2 MiB', 'GPU：%1，可用 %2 MiB'),
 'Where the model runs: the CPU, or an NVIDIA GPU through CUDA (weights and the KV cache in device memory).':
   ('模型在哪裡執行：CPU，或經由 CUDA 的 NVIDIA GPU（權重和 KV 快取放在裝置記憶體中）。',
    '模型在哪里运行：CPU，或经由 CUDA 的 NVIDIA GPU（权重和 KV 缓存放在设备内存中）。'),
}
