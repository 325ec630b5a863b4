# zh_TW / zh_CN texts for the window layout: start page, presentation strip, Run with nothing loaded,
# chart enlarging. Read by fill_translations.py.
T = {
 'Double-click to enlarge this chart to the whole tab (and back).':
   ('按兩下可將此圖表放大到整個分頁（再按兩下還原）。', '双击可将此图表放大到整个标签页（再双击还原）。'),
 'Start with an experiment': ('從一個實驗開始', '从一个实验开始'),
 'Each experiment loads a scenario (engine settings and a workload), runs its comparison and then runs the live engine. Pause with Space, step with N, and watch the charts.':
   ('每個實驗會載入一個情境（引擎設定與工作負載），先執行它的比較，再執行即時引擎。按空白鍵暫停、按 N 單步執行，並觀察圖表。',
    '每个实验会加载一个场景（引擎设置与工作负载），先运行它的比较，再运行实时引擎。按空格键暂停、按 N 单步执行，并观察图表。'),
 'Why continuous batching': ('為什麼要連續批次處理', '为什么要连续批处理'),
 'Prefix caching': ('前綴快取', '前缀缓存'),
 'Paged KV blocks': ('分頁式 KV 區塊', '分页式 KV 块'),
 'Speculative decoding': ('推測解碼', '推测解码'),
 'Watch the batch size on "Tokens per step": continuous batching refills a slot the moment a request finishes, so the batch stays full. Next, open the Compare tab to see static batching wait for the longest request of each batch.':
   ('觀察「每步 token 數」上的批次大小：連續批次處理在請求完成的當下就補上空位，因此批次一直是滿的。接著打開「比較」分頁，看靜態批次處理如何等待每批中最長的請求。',
    '观察“每步 token 数”上的批大小：连续批处理在请求完成的当下就补上空位，因此批次一直是满的。接着打开“比较”标签页，看静态批处理如何等待每批中最长的请求。'),
 'Every request starts with the same system prompt: watch "KV-cache growth" stay low while the logical tokens climb, because the shared blocks are computed once. Next, compare against the run without a prefix cache, or lengthen the shared prefix in the load generator.':
   ('每個請求都以相同的系統提示開頭：觀察「KV 快取成長」維持在低處而邏輯 token 持續上升，因為共用的區塊只計算一次。接著與沒有前綴快取的執行比較，或在負載產生器中加長共用前綴。',
    '每个请求都以相同的系统提示开头：观察“KV 缓存增长”保持在低处而逻辑 token 持续上升，因为共享的块只计算一次。接着与没有前缀缓存的运行比较，或在负载生成器中加长共享前缀。'),
 "KV memory is handed out in fixed blocks: watch the gap between allocated and logical KV bytes, the unused tail of each sequence's last block. Next, compare block sizes 8, 16 and 64 in the Compare tab, then look at the Block map.":
   ('KV 記憶體以固定大小的區塊配置：觀察已配置與邏輯 KV 位元組之間的差距，也就是每個序列最後一個區塊未使用的尾端。接著在「比較」分頁比較區塊大小 8、16 與 64，再看看「區塊圖」。',
    'KV 内存以固定大小的块分配：观察已分配与逻辑 KV 字节之间的差距，也就是每个序列最后一个块未使用的尾部。接着在“比较”标签页比较块大小 8、16 与 64，再看看“块图”。'),
 'A drafter guesses 4 tokens and the model verifies them in one pass: watch "Speculative decoding" for drafted versus accepted tokens and the acceptance rate. Next, compare against plain decoding and the self-draft variant in the Compare tab.':
   ('草稿器先猜 4 個 token，模型再用一次前向傳遞驗證：在「推測解碼」上觀察草擬與接受的 token 數以及接受率。接著在「比較」分頁與一般解碼及自我草擬變體比較。',
    '草稿器先猜 4 个 token，模型再用一次前向传递验证：在“推测解码”上观察草拟与接受的 token 数以及接受率。接着在“比较”标签页与普通解码及自我草拟变体比较。'),
 'Run this experiment': ('執行這個實驗', '运行这个实验'),
 'Load %1 and run it.': ('載入 %1 並執行。', '加载 %1 并运行。'),
 'Skip: open the empty workbench and build a workload yourself': ('略過：打開空白的工作台，自己建立工作負載', '跳过：打开空白的工作台，自己建立工作负载'),
 'Step %1': ('第 %1 步', '第 %1 步'),
 '%1 tokens/s': ('%1 token/秒', '%1 token/秒'),
 'KV used –': ('KV 使用 –', 'KV 使用 –'),
 'KV used %1%': ('KV 使用 %1%', 'KV 使用 %1%'),
 '%1 running, %2 waiting': ('%1 執行中，%2 等待中', '%1 运行中，%2 等待中'),
 'Nothing to run yet': ('還沒有可執行的內容', '还没有可运行的内容'),
 'No workload is loaded. Load the experiment "Why continuous batching" and run it?':
   ('尚未載入工作負載。要載入實驗「為什麼要連續批次處理」並執行嗎？', '尚未加载工作负载。要加载实验“为什么要连续批处理”并运行吗？'),
 'Nothing was loaded: running the default experiment.': ('尚未載入任何內容：執行預設實驗。', '尚未加载任何内容：运行默认实验。'),
}
