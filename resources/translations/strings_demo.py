# zh_TW / zh_CN texts of scenarios as complete states, pending settings and the presentation strip's
# conditions (loaded by fill_translations.py).
T = {
    '"%1" compares %n variant(s): they run on their own engines when the live run has finished, or now with Compare.':
        ('「%1」比較 %n 個變體：它們會在即時執行結束後各自在自己的引擎上執行，或按「比較」立即執行。',
         '“%1”比较 %n 个变体：它们会在实时运行结束后各自在自己的引擎上运行，或按“比较”立即运行。'),
    "run ended: tokens/s is the whole run's average": ('執行已結束：token/秒為整次執行的平均', '运行已结束：token/秒为整次运行的平均'),
    '%1 uses the applied settings; not applied yet: %2 (press Apply in Engine settings).':
        ('%1 使用已套用的設定；尚未套用：%2（請在「引擎設定」按「套用」）。',
         '%1 使用已应用的设置；尚未应用：%2（请在“引擎设置”按“应用”）。'),
    'Apply %n change(s) (rebuilds the engine)': ('套用 %n 項變更（重建引擎）', '应用 %n 项更改（重建引擎）'),
    'Apply and reset': ('套用並重設', '应用并重置'),
    'KV cache %1': ('KV 快取 %1', 'KV 缓存 %1'),
    'Not applied yet: %1. The engine still runs the applied settings; Apply rebuilds it.':
        ('尚未套用：%1。引擎仍以已套用的設定執行；按「套用」會重建引擎。',
         '尚未应用：%1。引擎仍以已应用的设置运行；按“应用”会重建引擎。'),
    'Reset without them': ('不套用，直接重設', '不应用，直接重置'),
    'Settings not applied': ('設定尚未套用', '设置尚未应用'),
    'Step –': ('第 – 步', '第 – 步'),
    'These settings are changed but not applied: %1.\n\nReset restarts the workload on the engine as it is. Apply them first?':
        ('這些設定已變更但尚未套用：%1。\n\n重設會在目前的引擎上重新開始工作負載。要先套用它們嗎？',
         '这些设置已更改但尚未应用：%1。\n\n重置会在当前的引擎上重新开始工作负载。要先应用它们吗？'),
    'display paced at %1 steps/s: latencies include the pauses': ('顯示速度限制為每秒 %1 步：延遲包含暫停時間', '显示速度限制为每秒 %1 步：延迟包含暂停时间'),
    'no KV cache (recompute)': ('無 KV 快取（重新計算）', '无 KV 缓存（重新计算）'),
    'speculation %1, k = %2': ('推測解碼 %1，k = %2', '推测解码 %1，k = %2'),
    'weights %1': ('權重 %1', '权重 %1'),
}
T.update({
    'comparing variants': ('正在比較變體', '正在比较变体'),
})
T.update({
    '%1: %2 s': ('%1：%2 秒', '%1：%2 秒'),
    '%1: %2% of drafts accepted, %3 s': ('%1：接受 %2% 的草稿，%3 秒', '%1：接受 %2% 的草稿，%3 秒'),
    'Contiguous peak (MiB)': ('連續配置峰值（MiB）', '连续分配峰值（MiB）'),
    'Continuous batching finished the same requests in %1 s, static in %2 s (%3x); median TTFT %4 vs %5 ms.':
        ('連續批次以 %1 秒完成相同的請求，靜態批次需 %2 秒（%3 倍）；TTFT 中位數 %4 對 %5 毫秒。',
         '连续批处理以 %1 秒完成相同的请求，静态批处理需 %2 秒（%3 倍）；TTFT 中位数 %4 对 %5 毫秒。'),
    'Drafts accepted (%)': ('草稿接受率（%）', '草稿接受率（%）'),
    'Fastest: %1 (%2 s); slowest: %3 (%4 s, %5x).': ('最快：%1（%2 秒）；最慢：%3（%4 秒，%5 倍）。', '最快：%1（%2 秒）；最慢：%3（%4 秒，%5 倍）。'),
    'KV peak (MiB)': ('KV 峰值（MiB）', 'KV 峰值（MiB）'),
    'KV waste (allocated − stored, mean over the run): %1. Bigger blocks leave more unused slots at the end of each sequence.':
        ('KV 浪費（已配置 − 已儲存，整次執行平均）：%1。區塊越大，每個序列末端留下的空格位越多。',
         'KV 浪费（已分配 − 已存储，整次运行平均）：%1。块越大，每个序列末端留下的空槽位越多。'),
    'KV waste, mean (MiB)': ('KV 浪費，平均（MiB）', 'KV 浪费，平均（MiB）'),
    'Prefix caching served %1% of the prompt tokens from the cache: KV peak %2 vs %3 MiB, median TTFT %4 vs %5 ms.':
        ('前綴快取從快取提供了 %1% 的提示 token：KV 峰值 %2 對 %3 MiB，TTFT 中位數 %4 對 %5 毫秒。',
         '前缀缓存从缓存提供了 %1% 的提示 token：KV 峰值 %2 对 %3 MiB，TTFT 中位数 %4 对 %5 毫秒。'),
    'Prefix hits (%)': ('前綴命中（%）', '前缀命中（%）'),
    'TTFT p50 (ms)': ('TTFT p50（毫秒）', 'TTFT p50（毫秒）'),
    'TTFT p95 (ms)': ('TTFT p95（毫秒）', 'TTFT p95（毫秒）'),
    'block %1: %2 MiB': ('區塊 %1：%2 MiB', '块 %1：%2 MiB'),
    'KV blocks': ('KV 區塊', 'KV 块'),
    '%1: %2 blocks, %n preemption(s)': ('%1：%2 個區塊，%n 次搶占', '%1：%2 个块，%n 次抢占'),
    'The same KV budget holds: %1.': ('同樣的 KV 預算可容納：%1。', '同样的 KV 预算可容纳：%1。'),
})
T.update({
    'In each of %n run(s), %1 was faster than %2.': ('在 %n 次執行中，%1 每次都比 %2 快。', '在 %n 次运行中，%1 每次都比 %2 快。'),
    'Over %n run(s) the times of %1 and %2 overlap: that difference is within the noise.':
        ('在 %n 次執行中，%1 與 %2 的時間互有重疊：這個差異在雜訊範圍內。', '在 %n 次运行中，%1 与 %2 的时间互有重叠：这个差异在噪声范围内。'),
})
T.update({
    '%1: %2% idle': ('%1：%2% 閒置', '%1：%2% 空闲'),
    'All numbers': ('所有數字', '所有数字'),
    'Between devices (MiB)': ('裝置之間（MiB）', '设备之间（MiB）'),
    'Bubble, mean (%)': ('氣泡，平均（%）', '气泡，平均（%）'),
    'Bytes between devices': ('裝置之間傳送的位元組', '设备之间传送的字节'),
    'Drafts accepted': ('草稿接受率', '草稿接受率'),
    'Engine time': ('引擎時間', '引擎时间'),
    'Export slide (1920x1080)...': ('匯出投影片（1920x1080）...', '导出幻灯片（1920x1080）...'),
    'KV %1': ('KV %1', 'KV %1'),
    'KV blocks in the same budget': ('同樣預算下的 KV 區塊', '同样预算下的 KV 块'),
    'KV cache peak': ('KV 快取峰值', 'KV 缓存峰值'),
    'KV cache: one cell per physical block': ('KV 快取：每格一個實體區塊', 'KV 缓存：每格一个物理块'),
    'KV waste (allocated − stored)': ('KV 浪費（已配置 − 已儲存）', 'KV 浪费（已分配 − 已存储）'),
    'Mean slot use': ('平均槽位使用率', '平均槽位使用率'),
    'Median time to first token': ('首個 token 時間中位數', '首个 token 时间中位数'),
    'Over the run': ('整次執行', '整次运行'),
    'Pipeline bubble (device time spent waiting): %1. More micro-batches keep more devices busy.':
        ('管線氣泡（裝置等待的時間）：%1。微批次越多，忙碌的裝置越多。', '流水线气泡（设备等待的时间）：%1。微批次越多，忙碌的设备越多。'),
    'Pipeline bubble (idle device time)': ('管線氣泡（裝置閒置時間）', '流水线气泡（设备空闲时间）'),
    'Prompt tokens from the cache': ('來自快取的提示 token', '来自缓存的提示 token'),
    'block %1': ('區塊 %1', '块 %1'),
    'continuous batching': ('連續批次', '连续批处理'),
    'higher is better': ('越高越好', '越高越好'),
    'lower is better': ('越低越好', '越低越好'),
    'prefix caching': ('前綴快取', '前缀缓存'),
    'static batching': ('靜態批次', '静态批处理'),
})
T.update({
    'Not started: %1': ('未開始：%1', '未开始：%1'),
    'Save the recording?': ('要儲存錄製嗎？', '要保存录制吗？'),
    'The shared prefix must be shorter than the shortest prompt.': ('共用前綴必須比最短的提示短。', '共享前缀必须比最短的提示短。'),
    "This run's %n step(s) are not saved in a recording. Save them before closing?":
        ('這次執行的 %n 個步驟尚未存成錄製。關閉前要儲存嗎？', '这次运行的 %n 个步骤尚未保存为录制。关闭前要保存吗？'),
    'no model is loaded.': ('尚未載入模型。', '尚未加载模型。'),
})
T.update({
    'A recording is shown: these are the settings it ran with.': ('正在顯示錄製：這些是它執行時的設定。', '正在显示录制：这些是它运行时的设置。'),
})
T.update({
    'Run again': ('再執行一次', '再运行一次'),
    'Every request has ended: queue the workload again and run it (Space).':
        ('所有請求都已結束：重新排入工作負載並執行（空白鍵）。', '所有请求都已结束：重新排入工作负载并运行（空格键）。'),
})
T.update({
    'Utilization (mean of %n steps)': ('使用率（%n 步的平均）', '使用率（%n 步的平均）'),
})
T.update({
    '%1: weights %2': ('%1：權重 %2', '%1：权重 %2'),
    'Closest to them: %1, KL %2 at %3 MiB.': ('最接近它們的：%1，KL %2，%3 MiB。', '最接近它们的：%1，KL %2，%3 MiB。'),
    'Compare: %1': ('比較：%1', '比较：%1'),
    'Encoded (MiB)': ('編碼後（MiB）', '编码后（MiB）'),
    'Held in memory (MiB)': ('記憶體中（MiB）', '内存中（MiB）'),
    'KL divergence from the stored weights': ('與儲存權重的 KL 散度', '与存储权重的 KL 散度'),
    'KL vs stored': ('相對儲存權重的 KL', '相对存储权重的 KL'),
    'Perplexity': ('困惑度', '困惑度'),
    "Simulated modes run on F32 weights: their speed is not the format's.":
        ('模擬模式以 F32 權重執行：其速度不代表該格式的速度。', '模拟模式以 F32 权重运行：其速度不代表该格式的速度。'),
    'Smallest: %1, %2 MiB (%3x the stored weights), KL %4 from them.':
        ('最小：%1，%2 MiB（儲存權重的 %3 倍），與其 KL %4。', '最小：%1，%2 MiB（存储权重的 %3 倍），与其 KL %4。'),
    'Smallest: %1, %2 MiB, KL %3 from the stored weights.':
        ('最小：%1，%2 MiB，與儲存權重的 KL %3。', '最小：%1，%2 MiB，与存储权重的 KL %3。'),
    'Top-1 agreement (%)': ('Top-1 一致率（%）', 'Top-1 一致率（%）'),
    'Weights, encoded': ('權重（編碼後）', '权重（编码后）'),
})
T.update({
    'Slots (solid), tokens (dashed)': ('槽位（實線）、token（虛線）', '槽位（实线）、token（虚线）'),
})
T.update({
    '%1 KL %2': ('%1 KL %2', '%1 KL %2'),
    'At the same size (%1 MiB, %2x the stored weights), KL from the stored weights: %3.':
        ('相同大小（%1 MiB，儲存權重的 %2 倍）下，與儲存權重的 KL：%3。', '相同大小（%1 MiB，存储权重的 %2 倍）下，与存储权重的 KL：%3。'),
})
T.update({
    'Export trace': ('匯出追蹤', '导出追踪'),
    'Export &trace...': ('匯出追蹤(&T)...', '导出追踪(&T)...'),
    'Chrome / Perfetto traces (*.json)': ('Chrome / Perfetto 追蹤 (*.json)', 'Chrome / Perfetto 追踪 (*.json)'),
    "The run as a Chrome / Perfetto trace: engine steps, each request's phases, KV counters":
        ('以 Chrome / Perfetto 追蹤呈現這次執行：引擎步驟、每個請求的階段、KV 計數', '以 Chrome / Perfetto 追踪呈现这次运行：引擎步骤、每个请求的阶段、KV 计数'),
    'Trace not written': ('未寫入追蹤', '未写入追踪'),
    'Wrote a trace of %n step(s) to %1 (open it in ui.perfetto.dev or chrome://tracing)':
        ('已將 %n 個步驟的追蹤寫入 %1（可在 ui.perfetto.dev 或 chrome://tracing 開啟）', '已将 %n 个步骤的追踪写入 %1（可在 ui.perfetto.dev 或 chrome://tracing 打开）'),
    'This stream is not a run: there is no trace to write.': ('這個資料流不是一次執行：沒有可寫入的追蹤。', '这个数据流不是一次运行：没有可写入的追踪。'),
})
