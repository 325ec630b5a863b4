# The Request timeline tab (ui/reqtimeline): phase names, the legend, the row's tooltip and labels.
T = {
 'Request timeline': ('請求時間軸', '请求时间轴'),
 'Request %1': ('請求 %1', '请求 %1'),
 'waiting': ('等待', '等待'),
 'prefill': ('預填', '预填充'),
 'decode': ('解碼', '解码'),
 'preempted': ('被搶占', '被抢占'),
 'recompute': ('重新計算', '重新计算'),
 'prefix-cache hit': ('前綴快取命中', '前缀缓存命中'),
 'preempted (KV blocks taken, recompute)': ('被搶占（KV 區塊被收回，需重新計算）', '被抢占（KV 块被收回，需重新计算）'),
 '%1: %2 ms (steps %3-%4)': ('%1：%2 ms（步驟 %3–%4）', '%1：%2 ms（步骤 %3–%4）'),
 'prompt %1 tokens, %2 from the prefix cache; %3 generated': ('提示 %1 個 token，其中 %2 個來自前綴快取；已生成 %3 個', '提示 %1 个 token，其中 %2 个来自前缀缓存；已生成 %3 个'),
 'speculation: %1 of %2 drafts accepted': ('推測解碼：%2 個草稿中接受 %1 個', '推测解码：%2 个草稿中接受 %1 个'),
 'preempted %n time(s)': ('被搶占 %n 次', '被抢占 %n 次'),
 'finished: %1': ('結束：%1', '结束：%1'),
 "No requests yet: run a workload or open a recording to see each request's life here.":
   ('尚無請求：執行工作負載或開啟錄製檔，即可在此看到每個請求的生命週期。', '尚无请求：运行工作负载或打开录制文件，即可在此看到每个请求的生命周期。'),
 '%1 s': ('%1 秒', '%1 秒'),
 '%1 ms': ('%1 ms', '%1 ms'),
 'hit %1': ('命中 %1', '命中 %1'),
 'spec %1/%2': ('推測 %1/%2', '推测 %1/%2'),
 'One row per request; hover for its figures, click to select it. Ctrl+wheel zooms time.':
   ('每個請求一列；滑鼠停留可看數據，點擊可選取。Ctrl+滾輪縮放時間。', '每个请求一行；鼠标悬停可看数据，点击可选中。Ctrl+滚轮缩放时间。'),
}
