# zh_TW / zh_CN texts for the run numbers, request states and engine messages (ui/engine/engine_texts.cpp,
# ui/panels/requests_*, ui/panels/playground_panel.cpp, the status bar and Reset in ui/main_window.cpp).
# (State names: the shared dict in fill_translations.py already has them.)
T = {
 'end of sequence': ('序列結束', '序列结束'),
 'max tokens reached': ('達到最大 token 數', '达到最大 token 数'),
 'stop string': ('停止字串', '停止字符串'),
 'KV cache full': ('KV 快取已滿', 'KV 缓存已满'),
 '%1 (%2)': ('%1（%2）', '%1（%2）'),
 'The KV cache is full: this request fills all %1 blocks (%2 tokens). Raise the KV budget to generate more.':
   ('KV 快取已滿：此請求佔滿全部 %1 個區塊（%2 個 token）。請提高 KV 預算以產生更多 token。',
    'KV 缓存已满：此请求占满全部 %1 个块（%2 个 token）。请提高 KV 预算以生成更多 token。'),
 'The prompt has %1 tokens but the whole KV cache holds %2 (%3 blocks of %4). Raise the KV budget.':
   ('提示有 %1 個 token，但整個 KV 快取只能容納 %2 個（%3 個區塊，每塊 %4 個）。請提高 KV 預算。',
    '提示有 %1 个 token，但整个 KV 缓存只能容纳 %2 个（%3 个块，每块 %4 个）。请提高 KV 预算。'),
 "The prompt has %1 tokens; the model's context is %2.": ('提示有 %1 個 token；模型的上下文長度為 %2。', '提示有 %1 个 token；模型的上下文长度为 %2。'),
 'Prompt token id %1 is outside the vocabulary.': ('提示中的 token id %1 超出詞彙表範圍。', '提示中的 token id %1 超出词表范围。'),
 'Cannot tokenize the prompt: %1': ('無法將提示切分為 token：%1', '无法将提示切分为 token：%1'),
 'The prompt is empty.': ('提示是空的。', '提示为空。'),
 'Parallel samples (n) must be between 1 and 64.': ('平行取樣數（n）必須介於 1 到 64 之間。', '并行采样数（n）必须介于 1 到 64 之间。'),
 'Request %1 failed: %2': ('請求 %1 失敗：%2', '请求 %1 失败：%2'),
 'stopped': ('已停止', '已停止'),
 'idle: all requests ended': ('閒置：所有請求皆已結束', '空闲：所有请求均已结束'),
 'idle: waiting for requests': ('閒置：等待請求', '空闲：等待请求'),
 'Drop every request and the chart history and queue the loaded workload again, ready to run; keep the model and settings (Ctrl+R).':
   ('捨棄所有請求與圖表歷史，並重新排入已載入的工作負載，隨時可執行；保留模型與設定（Ctrl+R）。',
    '丢弃所有请求与图表历史，并重新排入已加载的工作负载，随时可运行；保留模型与设置（Ctrl+R）。'),
}
