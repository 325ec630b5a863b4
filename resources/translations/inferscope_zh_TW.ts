<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_TW">
<context>
    <name>inferscope::ui::BlockMapPanel</name>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="85" />
        <source>%1 blocks of %2 slots: %3 used, %4 cached, %5 shared, %6 free</source>
        <translation>%1 個區塊，每塊 %2 格：%3 使用中、%4 已快取、%5 共用、%6 空閒</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="98" />
        <source>seq %1 (%2 tokens): %3</source>
        <translation>序列 %1（%2 個 token）：%3</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="110" />
        <source>Zoom:</source>
        <translation>縮放：</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="111" />
        <source>Cell size in pixels (Ctrl + mouse wheel on the map also zooms).</source>
        <translation>格子大小（像素）；在圖上按住 Ctrl 滾動滑鼠滾輪也可縮放。</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="112" />
        <source>Each cell is one physical KV block, coloured by its owning sequence; the darker bar is the filled slots. Empty outline = free, hatched = cached prefix (free but reusable), black corner + inner outline = shared (refcount &gt; 1), thick outline = selected request.</source>
        <translation>每一格是一個實體 KV 區塊，顏色代表所屬序列；較深的色條是已填入的格位。空框 = 空閒，斜線 = 已快取的前綴（空閒但可重用），黑色角標加內框 = 共用（參考計數 &gt; 1），粗框 = 選取的請求。</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="115" />
        <source>Block tables (logical → physical)</source>
        <translation>區塊表（邏輯 → 實體）</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::BlockMapView</name>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="95" />
        <source>free</source>
        <translation>空閒</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="95" />
        <source>used</source>
        <translation>使用中</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="95" />
        <source>cached</source>
        <translation>已快取</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="96" />
        <source>Block %1 (%2)</source>
        <translation>區塊 %1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="97" />
        <source>Owners: %1</source>
        <translation>擁有者：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="97" />
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="98" />
        <source>Logical index (seq:index): %1</source>
        <translation>邏輯索引（序列:索引）：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="99" />
        <source>Refcount: %1</source>
        <translation>參考計數：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="100" />
        <source>Filled slots: %1 / %2</source>
        <translation>已填格位：%1 / %2</translation>
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
        <location filename="../../ui/charts/charts_panel.cpp" line="129" />
        <source>Engine step</source>
        <translation>引擎步數</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="130" />
        <source>KV-cache growth</source>
        <translation>KV 快取成長</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="130" />
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="131" />
        <source>Allocated (blocks in use)</source>
        <translation>已配置（使用中的區塊）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="132" />
        <source>Logical (tokens stored)</source>
        <translation>邏輯（已存 token）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="133" />
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="134" />
        <source>Per-step utilization</source>
        <translation>每步使用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="134" />
        <location filename="../../ui/charts/charts_panel.cpp" line="149" />
        <source>Fraction</source>
        <translation>比例</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="135" />
        <source>Slot utilization</source>
        <translation>槽位使用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="136" />
        <source>Token utilization</source>
        <translation>Token 使用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="137" />
        <source>Tokens per step</source>
        <translation>每步 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="137" />
        <source>Tokens / sequences</source>
        <translation>Token／序列數</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="138" />
        <source>Prefill tokens</source>
        <translation>預填 token</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="139" />
        <source>Decode tokens</source>
        <translation>解碼 token</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="140" />
        <source>Batch size (running)</source>
        <translation>批次大小（執行中）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="141" />
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="141" />
        <source>Tokens per second</source>
        <translation>每秒 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="142" />
        <source>Generated tokens/s</source>
        <translation>生成 token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="143" />
        <source>Latency per finished request</source>
        <translation>每個完成請求的延遲</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="143" />
        <source>Finished request</source>
        <translation>完成的請求</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="143" />
        <source>Milliseconds</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="144" />
        <source>TTFT</source>
        <translation>首 token 延遲（TTFT）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="145" />
        <source>TPOT</source>
        <translation>每 token 時間（TPOT）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="146" />
        <source>Speculative decoding</source>
        <translation>推測解碼</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="146" />
        <source>Tokens</source>
        <translation>Token 數</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="147" />
        <source>Drafted</source>
        <translation>已起草</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="148" />
        <source>Accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="149" />
        <source>Draft acceptance rate</source>
        <translation>草稿接受率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="150" />
        <source>Accepted / drafted so far</source>
        <translation>累計已接受／已起草</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ComparePanel</name>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="86" />
        <source>Comparing %n variant(s) of "%1" ...</source>
        <translation><numerusform>正在比較「%1」的 %n 個變體…</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="93" />
        <source>Comparing "%1": running variant %2 of %3 (%4) on a fresh engine ...</source>
        <translation>正在比較「%1」：在新引擎上執行第 %2／%3 個變體（%4）…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="119" />
        <source>%1: slots</source>
        <translation>%1：槽位</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="120" />
        <source>%1: tokens</source>
        <translation>%1：token</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="132" />
        <source>failed: %1</source>
        <translation>失敗：%1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="167" />
        <source>Per-step utilization by variant</source>
        <translation>各變體的每步使用率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="167" />
        <source>Engine step</source>
        <translation>引擎步數</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="167" />
        <source>Fraction (solid: slots, dashed: tokens)</source>
        <translation>比例（實線：槽位，虛線：token）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="168" />
        <source>Throughput by variant</source>
        <translation>各變體的吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="168" />
        <location filename="../../ui/compare/compare_panel.cpp" line="170" />
        <source>Engine time (s)</source>
        <translation>引擎時間（秒）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="168" />
        <source>Generated tokens/s</source>
        <translation>生成 token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="169" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="170" />
        <source>Variant</source>
        <translation>變體</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="170" />
        <source>Steps</source>
        <translation>步數</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="170" />
        <source>Tokens/s overall</source>
        <translation>整體 token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="171" />
        <source>Mean slot utilization (%)</source>
        <translation>平均槽位使用率（%）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="171" />
        <source>Preemptions</source>
        <translation>搶占次數</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="173" />
        <source>Load a scenario that compares settings (Scenarios menu) to run its variants side by side.</source>
        <translation>載入一個比較設定的情境（情境選單），即可並排執行各變體。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="175" />
        <source>Comparison of "%1" cancelled after %n variant(s).</source>
        <translation><numerusform>「%1」的比較在 %n 個變體後取消。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="178" />
        <source>"%1": every variant ran the same workload to completion on its own engine.</source>
        <translation>「%1」：每個變體都在自己的引擎上把同一份工作負載跑完。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::EngineSettingsPanel</name>
    <message>
        <source>Where the model runs: the CPU, or an NVIDIA GPU through CUDA (weights and the KV cache in device memory).</source>
        <translation>模型在哪裡執行：CPU，或經由 CUDA 的 NVIDIA GPU（權重和 KV 快取放在裝置記憶體中）。</translation>
    </message>
    <message>
        <source>GPU: %1, %2 MiB free</source>
        <translation>GPU：%1，可用 %2 MiB</translation>
    </message>
    <message>
        <source>CUDA unavailable: %1</source>
        <translation>CUDA 無法使用：%1</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>後端</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="200" />
        <source>(load a model to see the block count)</source>
        <translation>（載入模型後顯示區塊數）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="202" />
        <source>%1 blocks = %2 tokens</source>
        <translation>%1 個區塊 = %2 個 token</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="203" />
        <source>The KV budget does not hold a single block.</source>
        <translation>KV 預算連一個區塊都放不下。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="270" />
        <source>KV cache dtype</source>
        <translation>KV 快取資料型別</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="270" />
        <source>Precision of the stored keys and values: smaller types fit more tokens in the same memory.</source>
        <translation>儲存鍵與值的精度：型別越小，同樣的記憶體能放越多 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="271" />
        <source>Block size (tokens)</source>
        <translation>區塊大小（token）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="271" />
        <source>Tokens per paged KV block: bigger blocks mean fewer table entries but more unused slots at the end of each sequence.</source>
        <translation>每個分頁 KV 區塊的 token 數：區塊越大，表項越少，但每個序列末端的空格越多。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="272" />
        <source>KV budget</source>
        <translation>KV 預算</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="272" />
        <source>Memory reserved for the paged KV cache; it decides how many blocks exist.</source>
        <translation>保留給分頁 KV 快取的記憶體，決定共有多少區塊。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="273" />
        <source>Resulting blocks</source>
        <translation>可得區塊數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="273" />
        <source>How many physical blocks the budget buys for the loaded model and dtype.</source>
        <translation>以目前模型與資料型別，這個預算能換得多少實體區塊。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="274" />
        <source>Prefix caching</source>
        <translation>前綴快取</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="274" />
        <source>Reuse the KV blocks of an identical prompt prefix instead of computing them again.</source>
        <translation>重用相同提示前綴的 KV 區塊，而不是重新計算。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="275" />
        <source>Attention kernel</source>
        <translation>注意力核心</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="275" />
        <source>Tiled computes attention block by block with an online softmax; naive materializes every score.</source>
        <translation>分塊版以線上 softmax 逐塊計算注意力；樸素版會把每個分數都算出來存下。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="276" />
        <source>Batching</source>
        <translation>批次處理</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="276" />
        <source>Continuous admits new requests every step; static waits until the whole batch has finished.</source>
        <translation>連續批次每一步都接納新請求；靜態批次要等整批完成。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="277" />
        <source>Max sequences</source>
        <translation>最大序列數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="277" />
        <source>How many sequences may run in one step (the batch slots).</source>
        <translation>一步中最多可同時執行的序列數（批次槽位）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="278" />
        <source>Max batched tokens</source>
        <translation>最大批次 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="278" />
        <source>Token budget of one step: prefill chunks plus one decode token per running sequence.</source>
        <translation>一步的 token 預算：預填區段加上每個執行中序列的一個解碼 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="279" />
        <source>Chunked prefill</source>
        <translation>分段預填</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="279" />
        <source>Split a long prompt over several steps so decodes of other requests keep running.</source>
        <translation>把長提示分成多步處理，讓其他請求的解碼持續進行。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="280" />
        <source>No KV cache (recompute)</source>
        <translation>不用 KV 快取（重新計算）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="280" />
        <source>Recompute every sequence from its first token at every step, to show what the KV cache saves.</source>
        <translation>每一步都從第一個 token 重算每個序列，用來展示 KV 快取省下了什麼。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="281" />
        <source>Compute threads</source>
        <translation>運算執行緒</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="281" />
        <source>Threads used inside one step for matrix products; 0 uses one per core.</source>
        <translation>一步內做矩陣乘法所用的執行緒數；0 表示每個核心一個。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="282" />
        <source>Speculative decoding</source>
        <translation>推測解碼</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="282" />
        <source>A cheap drafter guesses the next tokens and the model verifies them all in one pass, keeping exactly the tokens it would have produced.</source>
        <translation>由低成本的草稿器猜測接下來的 token，模型在一次前向運算中全部驗證，只保留它自己本來就會產生的 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="283" />
        <source>Drafter</source>
        <translation>草稿器</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="283" />
        <source>ngram:N looks the text up in the prompt, self:MODE runs the model at a lower precision, early-exit:L runs its first L layers, draft:FILE.gguf a smaller model with the same vocabulary.</source>
        <translation>ngram:N 在提示中查找相同文字，self:MODE 以較低精度執行模型本身，early-exit:L 只執行前 L 層，draft:FILE.gguf 使用詞彙相同的較小模型。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="284" />
        <source>Draft tokens (k)</source>
        <translation>草稿 token 數（k）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="284" />
        <source>Tokens drafted per step: more can be accepted at once, but each rejected one is wasted work.</source>
        <translation>每步起草的 token 數：越多可一次接受越多，但每個被拒絕的 token 都是白費的運算。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="285" />
        <source>Continuous</source>
        <translation>連續</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="286" />
        <source>Static</source>
        <translation>靜態</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="287" />
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="288" />
        <source>Apply (rebuilds the engine)</source>
        <translation>套用（重建引擎）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="289" />
        <source>Builds a new engine with these settings; running requests are discarded.</source>
        <translation>以這些設定建立新引擎；執行中的請求會被捨棄。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="297" />
        <source>Weight quantization</source>
        <translation>權重量化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="298" />
        <source>Re-encode the loaded weights: real formats change the bytes the kernels read; sim: modes are simulated (integer values stored as F32).</source>
        <translation>重新編碼已載入的權重：真實格式會改變核心讀取的位元組；sim: 模式為模擬（整數值以 F32 儲存）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="299" />
        <source>Inject an outlier</source>
        <translation>注入離群值</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="299" />
        <source>Set one weight per tensor (middle row, middle column) to the value below before quantizing.</source>
        <translation>量化前將每個張量的一個權重（中間列、中間行）設為下方的數值。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="300" />
        <source>Outlier value</source>
        <translation>離群值</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="300" />
        <source>The injected weight; typical weights are below 0.1 in magnitude.</source>
        <translation>注入的權重；一般權重的絕對值小於 0.1。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="303" />
        <source>as stored in the file</source>
        <translation>依檔案中的儲存格式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="304" />
        <source>%1 (simulated)</source>
        <translation>%1（模擬）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="306" />
        <source>Apply weights (re-quantizes)</source>
        <translation>套用權重（重新量化）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="307" />
        <source>Re-encodes the weights from the file's values off the GUI thread; running requests are discarded.</source>
        <translation>在背景執行緒中從檔案的數值重新編碼權重；執行中的請求會被捨棄。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="309" />
        <source>Running: %1, %2 MiB of weights</source>
        <translation>執行中：%1，權重 %2 MiB</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::EngineWorker</name>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="34" />
        <location filename="../../ui/engine/engine_worker.cpp" line="93" />
        <source>No model is loaded.</source>
        <translation>尚未載入模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="62" />
        <source>The model loaded, but the engine settings do not fit it: %1</source>
        <translation>模型已載入，但引擎設定不適用於它：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="120" />
        <source>Load generator: no model is loaded.</source>
        <translation>負載產生器：尚未載入模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="125" />
        <location filename="../../ui/engine/engine_worker.cpp" line="135" />
        <source>Load generator: %1</source>
        <translation>負載產生器：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="206" />
        <source>Compare: no model is loaded.</source>
        <translation>比較：尚未載入模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="225" />
        <source>Unknown lesson %1</source>
        <translation>未知的課程 %1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="229" />
        <location filename="../../ui/engine/engine_worker.cpp" line="238" />
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="244" />
        <source>Lesson failed: %1</source>
        <translation>課程計算失敗：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="287" />
        <source>Engine step failed: %1</source>
        <translation>引擎步驟失敗：%1</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::HeatMapView</name>
    <message>
        <location filename="../../ui/lessons/heat_map_view.cpp" line="101" />
        <source>%1 → %2: %3</source>
        <translation>%1 → %2：%3</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::LessonPage</name>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="63" />
        <source>PNG (1x)...</source>
        <translation>PNG（1 倍）...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="64" />
        <source>PNG (2x)...</source>
        <translation>PNG（2 倍）...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="65" />
        <source>SVG...</source>
        <translation>SVG...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="66" />
        <source>Data as CSV...</source>
        <translation>資料匯出為 CSV...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="67" />
        <source>Copy to clipboard</source>
        <translation>複製到剪貼簿</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="70" />
        <source>Heat map as PNG...</source>
        <translation>熱圖匯出為 PNG...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="71" />
        <source>Heat map data as CSV...</source>
        <translation>熱圖資料匯出為 CSV...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="179" />
        <source>Load a model first: this lesson runs on the loaded model (File → Open model).</source>
        <translation>請先載入模型：這一課會在已載入的模型上執行（檔案 → 開啟模型）。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="183" />
        <location filename="../../ui/lessons/lesson_page.cpp" line="247" />
        <source>Computing…</source>
        <translation>計算中…</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="191" />
        <source>The lesson returned no result.</source>
        <translation>這一課沒有傳回結果。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="231" />
        <source>Lesson %1: %2</source>
        <translation>第 %1 課：%2</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="233" />
        <source>No explanation for this lesson yet.</source>
        <translation>這一課還沒有說明。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="236" />
        <source>See it for real</source>
        <translation>實際看看</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="237" />
        <source>Load the scenario that shows this on the real engine, and switch to the Charts tab.</source>
        <translation>載入在真實引擎上展示這個現象的情境，並切換到「圖表」分頁。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="238" />
        <source>Export chart…</source>
        <translation>匯出圖表…</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="239" />
        <source>Save the lesson's chart as PNG or SVG, its data as CSV, or copy it.</source>
        <translation>將本課圖表存成 PNG 或 SVG、資料存成 CSV，或複製到剪貼簿。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="240" />
        <source>Inputs</source>
        <translation>輸入</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="245" />
        <source>Challenges</source>
        <translation>挑戰題</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="258" />
        <source>Export chart</source>
        <translation>匯出圖表</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="267" />
        <source>Export failed</source>
        <translation>匯出失敗</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::LessonsPanel</name>
    <message>
        <location filename="../../ui/lessons/lessons_panel.cpp" line="138" />
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lessons_panel.cpp" line="139" />
        <source>Runs on the loaded model.</source>
        <translation>在已載入的模型上執行。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lessons_panel.cpp" line="139" />
        <source>Computed from the parameters; no model needed.</source>
        <translation>由參數直接計算，不需要模型。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::LoadGeneratorPanel</name>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="99" />
        <source>Users (requests)</source>
        <translation>使用者（請求數）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="99" />
        <source>How many requests the generator submits.</source>
        <translation>產生器要送出的請求數。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="100" />
        <source>Arrival</source>
        <translation>到達模式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="100" />
        <source>All at once floods the queue; Poisson spreads arrivals randomly over time.</source>
        <translation>「一次全部」會塞滿佇列；Poisson 讓請求隨機分散到達。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="101" />
        <source>Rate (requests/s)</source>
        <translation>速率（請求／秒）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="101" />
        <source>Average Poisson arrival rate, in engine seconds.</source>
        <translation>Poisson 平均到達速率，以引擎秒計。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="102" />
        <source>Prompt tokens, min</source>
        <translation>提示 token 最少</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="102" />
        <source>Shortest prompt, drawn uniformly between min and max.</source>
        <translation>最短提示；長度在最小與最大之間均勻抽取。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="103" />
        <source>Prompt tokens, max</source>
        <translation>提示 token 最多</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="103" />
        <source>Longest prompt, drawn uniformly between min and max.</source>
        <translation>最長提示；長度在最小與最大之間均勻抽取。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="104" />
        <source>Generated tokens, min</source>
        <translation>生成 token 最少</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="104" />
        <source>Fewest tokens to generate; EOS is ignored so lengths hold.</source>
        <translation>最少生成的 token 數；忽略 EOS 以維持長度。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="105" />
        <source>Generated tokens, max</source>
        <translation>生成 token 最多</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="105" />
        <source>Most tokens to generate; EOS is ignored so lengths hold.</source>
        <translation>最多生成的 token 數；忽略 EOS 以維持長度。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="106" />
        <source>Shared system prompt</source>
        <translation>共用系統提示</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="106" />
        <source>Start every prompt with the same text so prefix caching can share its blocks.</source>
        <translation>每個提示都以相同文字開頭，讓前綴快取能共用其區塊。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="107" />
        <source>Shared prompt tokens</source>
        <translation>共用提示 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="107" />
        <source>Length of the common system prompt in tokens.</source>
        <translation>共同系統提示的長度（token）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="108" />
        <source>Seed</source>
        <translation>種子</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="108" />
        <source>The same seed gives the same prompts, lengths and arrivals.</source>
        <translation>相同的種子會產生相同的提示、長度與到達時間。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="109" />
        <source>All at once</source>
        <translation>一次全部</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="110" />
        <source>Poisson</source>
        <translation>Poisson</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="111" />
        <source>Submit workload</source>
        <translation>送出工作負載</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::MainWindow</name>
    <message>
        <location filename="../../ui/main_window.cpp" line="111" />
        <source>Loading %1 cancelled; the previous model stays.</source>
        <translation>已取消載入 %1；保留先前的模型。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="118" />
        <source>Comparison cancelled.</source>
        <translation>已取消比較。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window.cpp" line="118" />
        <source>Comparison finished: %n variant(s) ran.</source>
        <translation><numerusform>比較完成：已執行 %n 個變體。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="204" />
        <source>Open GGUF model</source>
        <translation>開啟 GGUF 模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="205" />
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF 模型 (*.gguf);;所有檔案 (*)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="211" />
        <source>Export all charts to folder</source>
        <translation>將所有圖表匯出到資料夾</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="215" />
        <location filename="../../ui/main_window.cpp" line="366" />
        <source>Export failed</source>
        <translation>匯出失敗</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="216" />
        <source>Exported %1 files to %2</source>
        <translation>已匯出 %1 個檔案到 %2</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="276" />
        <source>Open scenario</source>
        <translation>開啟情境</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="276" />
        <location filename="../../ui/main_window.cpp" line="282" />
        <source>Scenarios (*.json)</source>
        <translation>情境 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="122" />
        <location filename="../../ui/main_window.cpp" line="278" />
        <location filename="../../ui/main_window.cpp" line="673" />
        <location filename="../../ui/main_window.cpp" line="797" />
        <source>Scenario not loaded</source>
        <translation>情境未載入</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="710" />
        <source>Scenario &quot;%1&quot; runs with weights %2: re-quantizing first</source>
        <translation>情境「%1」使用權重 %2：先重新量化</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="112" />
        <source>Scenario not applied: its re-quantization was cancelled.</source>
        <translation>情境未套用：它所需的重新量化已取消。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="282" />
        <source>Save current settings as scenario</source>
        <translation>將目前設定存成情境</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="284" />
        <source>Scenario not saved</source>
        <translation>情境未儲存</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="288" />
        <location filename="../../ui/main_window.cpp" line="433" />
        <source>About InferScope</source>
        <translation>關於 InferScope</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="288" />
        <source>InferScope makes LLM inference visible: a real engine on a real model, step by step.</source>
        <translation>InferScope 讓 LLM 推論看得見：真實的引擎跑真實的模型，一步一步呈現。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="357" />
        <source>Export chart</source>
        <translation>匯出圖表</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="377" />
        <source>Export PNG (1x)...</source>
        <translation>匯出 PNG（1 倍）…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="378" />
        <source>Export PNG (2x)...</source>
        <translation>匯出 PNG（2 倍）…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="379" />
        <source>Export SVG...</source>
        <translation>匯出 SVG…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="380" />
        <source>Export data as CSV...</source>
        <translation>將資料匯出為 CSV…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="381" />
        <source>Copy to clipboard</source>
        <translation>複製到剪貼簿</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="388" />
        <source>InferScope</source>
        <translation>InferScope</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="388" />
        <source>InferScope — %1</source>
        <translation>InferScope — %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="389" />
        <source>Charts</source>
        <translation>圖表</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="390" />
        <source>Block map</source>
        <translation>區塊圖</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="391" />
        <source>Playground</source>
        <translation>試玩區</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="392" />
        <source>Load generator</source>
        <translation>負載產生器</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="393" />
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="394" />
        <source>Lessons</source>
        <translation>課程</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="395" />
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="396" />
        <source>Engine settings</source>
        <translation>引擎設定</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="397" />
        <source>Requests</source>
        <translation>請求</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="398" />
        <source>Log</source>
        <translation>紀錄</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="399" />
        <source>Run controls</source>
        <translation>執行控制</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="400" />
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="401" />
        <source>Recent models</source>
        <translation>最近的模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="402" />
        <source>&amp;Run</source>
        <translation>執行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="403" />
        <source>&amp;Scenarios</source>
        <translation>情境(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="404" />
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="405" />
        <source>Language</source>
        <translation>語言</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="406" />
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="407" />
        <source>&amp;Open model...</source>
        <translation>開啟模型(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="408" />
        <source>Export all...</source>
        <translation>全部匯出…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="409" />
        <source>Write every chart (PNG 1x/2x, SVG, CSV), the step metrics and a manifest into a folder.</source>
        <translation>把每張圖表（PNG 1 倍／2 倍、SVG、CSV）、每步指標與清單寫入資料夾。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="410" />
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="411" />
        <source>Pause</source>
        <translation>暫停</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="411" />
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="413" />
        <source>Run or pause the engine (Space).</source>
        <translation>執行或暫停引擎（空白鍵）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="414" />
        <source>Step</source>
        <translation>單步</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="415" />
        <source>Run exactly one engine step (N).</source>
        <translation>只執行一個引擎步驟（N）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="416" />
        <source>Reset</source>
        <translation>重設</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="417" />
        <source>Drop every request and the chart history; keep the model and settings (Ctrl+R).</source>
        <translation>捨棄所有請求與圖表歷史，保留模型與設定（Ctrl+R）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="418" />
        <source>Faster</source>
        <translation>加快</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="419" />
        <source>One step of the speed control up (] or +).</source>
        <translation>速度調快一級（] 或 +）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="420" />
        <source>Slower</source>
        <translation>放慢</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="421" />
        <source>One step of the speed control down ([ or -).</source>
        <translation>速度調慢一級（[ 或 -）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="422" />
        <source>Compare variants</source>
        <translation>比較變體</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="423" />
        <source>Run each of the scenario's variants on its own engine and overlay their charts (Ctrl+K).</source>
        <translation>在各自的引擎上執行情境的每個變體，並疊加其圖表（Ctrl+K）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="424" />
        <source>Cancel loading</source>
        <translation>取消載入</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="425" />
        <source>Stop loading the model; the previous model stays (Esc).</source>
        <translation>停止載入模型；保留先前的模型（Esc）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="426" />
        <source>Open a GGUF model (Ctrl+O).</source>
        <translation>開啟 GGUF 模型（Ctrl+O）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="427" />
        <source>Write every chart (PNG 1x/2x, SVG, CSV), the step metrics and a manifest into a folder (Ctrl+Shift+E).</source>
        <translation>將每張圖表（PNG 1x/2x、SVG、CSV）、每步指標與清單寫入資料夾（Ctrl+Shift+E）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="428" />
        <source>Presentation mode</source>
        <translation>簡報模式</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="429" />
        <source>Full screen with larger fonts and thicker lines (F11).</source>
        <translation>全螢幕、較大字型與較粗線條（F11）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="430" />
        <source>Dark theme</source>
        <translation>深色主題</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="431" />
        <source>Open scenario file...</source>
        <translation>開啟情境檔…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="432" />
        <source>Save current settings as scenario...</source>
        <translation>將目前設定存成情境…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="434" />
        <source> Speed: </source>
        <translation> 速度： </translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="435" />
        <source>Slow the engine down for demonstrations; full speed steps as fast as the CPU allows ([ slower, ] faster).</source>
        <translation>示範時放慢引擎；全速則以 CPU 能達到的最快速度執行（[ 調慢，] 調快）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="437" />
        <source>Full speed</source>
        <translation>全速</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window.cpp" line="437" />
        <source>%n step(s)/s</source>
        <translation><numerusform>每秒 %n 步</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="456" />
        <source>No translation for %1</source>
        <translation>沒有 %1 的翻譯</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="510" />
        <source>Loading %1 ...</source>
        <translation>正在載入 %1 …</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="511" />
        <source>Loading model %1</source>
        <translation>正在載入模型 %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="525" />
        <source>Reading %p%</source>
        <translation>讀取中 %p%</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="525" />
        <source>Quantizing %p%</source>
        <translation>量化中 %p%</translation>
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
        <location filename="../../ui/main_window.cpp" line="556" />
        <source>Loaded %1 (%2 layers)</source>
        <translation>已載入 %1（%2 層）</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="558" />
        <source>Weights: %1, %2 MiB</source>
        <translation>權重：%1，%2 MiB</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="566" />
        <source>Not applied: %1</source>
        <translation>未套用：%1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="567" />
        <source>Settings rejected: %1</source>
        <translation>設定被拒絕：%1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="570" />
        <source>Engine built with %1 KV blocks.</source>
        <translation>引擎已建立，共 %1 個 KV 區塊。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="581" />
        <source>Discard running work?</source>
        <translation>要捨棄執行中的工作嗎？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="582" />
        <source>Requests are still waiting or running. Rebuilding the engine discards them. Continue?</source>
        <translation>仍有請求在等待或執行中。重建引擎會捨棄它們。要繼續嗎？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="593" />
        <location filename="../../ui/main_window.cpp" line="600" />
        <source>Weights not changed</source>
        <translation>權重未變更</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="593" />
        <source>Load a model before choosing its weight quantization.</source>
        <translation>請先載入模型，再選擇權重量化。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="608" />
        <source>Re-quantizing the weights to %1</source>
        <translation>正在將權重重新量化為 %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="635" />
        <source>%1 | step %2 | %3 running, %4 waiting | %5 KV blocks</source>
        <translation>%1｜第 %2 步｜%3 執行中、%4 等待中｜%5 個 KV 區塊</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="636" />
        <source>running</source>
        <translation>執行中</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="636" />
        <source>paused</source>
        <translation>已暫停</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="642" />
        <source>No model loaded</source>
        <translation>未載入模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="700" />
        <source>Scenario "%1": %2</source>
        <translation>情境「%1」：%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window.cpp" line="706" />
        <source>This scenario compares %n variant(s); each runs on its own engine (Compare tab).</source>
        <translation><numerusform>此情境比較 %n 個變體；每個都在自己的引擎上執行（比較分頁）。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="726" />
        <source>cannot write %1</source>
        <translation>無法寫入 %1</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ModelCardPanel</name>
    <message>
        <source>Compute device</source>
        <translation>計算裝置</translation>
    </message>
    <message>
        <source>CUDA: %1, %2 (%3 free)</source>
        <translation>CUDA：%1，%2（可用 %3）</translation>
    </message>
    <message>
        <source>CPU, %1 threads</source>
        <translation>CPU，%1 個執行緒</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="38" />
        <source>&lt;p&gt;No model loaded. Use &lt;b&gt;File &amp;gt; Open model&lt;/b&gt; or drop a .gguf file on the window.&lt;/p&gt;</source>
        <translation>&lt;p&gt;尚未載入模型。請使用&lt;b&gt;檔案 &amp;gt; 開啟模型&lt;/b&gt;，或把 .gguf 檔拖放到視窗上。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="48" />
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="49" />
        <source>Architecture</source>
        <translation>架構</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="50" />
        <source>Parameters</source>
        <translation>參數量</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="51" />
        <source>File size</source>
        <translation>檔案大小</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="52" />
        <source>Weights</source>
        <translation>權重</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="53" />
        <source>Weight mode</source>
        <translation>權重模式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="54" />
        <source>%1 (simulated: the values of a lower precision, stored and run as F32)</source>
        <translation>%1（模擬：較低精度的數值，以 F32 儲存與執行）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="57" />
        <source>Layers</source>
        <translation>層數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="58" />
        <source>Heads / KV heads / head dim</source>
        <translation>注意力頭／KV 頭／頭維度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="59" />
        <source>Hidden / FFN</source>
        <translation>隱藏層／FFN</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="60" />
        <source>Context length</source>
        <translation>上下文長度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="61" />
        <source>Vocabulary</source>
        <translation>詞彙量</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="62" />
        <source>Tokenizer</source>
        <translation>分詞器</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="63" />
        <source>Chat template</source>
        <translation>對話範本</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="63" />
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="64" />
        <source>KV bytes per token (%1)</source>
        <translation>每 token 的 KV 位元組（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="66" />
        <source>Tensor types</source>
        <translation>張量型別</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="69" />
        <source>%1 tensors, %2</source>
        <translation>%1 個張量，%2</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ModelLoader</name>
    <message>
        <location filename="../../ui/engine/model_loader.cpp" line="98" />
        <source>Load a model before choosing its weight quantization.</source>
        <translation>請先載入模型，再選擇權重量化。</translation>
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
        <location filename="../../ui/panels/playground_panel.cpp" line="86" />
        <source>Request %1 submitted; press Run or Step to generate.</source>
        <translation>請求 %1 已送出；按「執行」或「單步」開始生成。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="86" />
        <source>Not submitted: %1</source>
        <translation>未送出：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="144" />
        <source>Request %1: %2 prompt tokens (%3 from the prefix cache), %4 generated, state %5</source>
        <translation>請求 %1：%2 個提示 token（%3 個來自前綴快取），已生成 %4 個，狀態 %5</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="160" />
        <source>Output token %1: %2</source>
        <translation>輸出 token %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="171" />
        <source>Prompt token %1: waiting to be scheduled</source>
        <translation>提示 token %1：等待排程</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="176" />
        <source>Prompt token %1: %2</source>
        <translation>提示 token %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="188" />
        <source>Type a prompt, e.g. "Explain the KV cache in one sentence."</source>
        <translation>輸入提示，例如「用一句話解釋 KV 快取。」</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="189" />
        <source>Chat (template)</source>
        <translation>對話（套用範本）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="190" />
        <source>Raw prompt</source>
        <translation>原始提示</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="191" />
        <source>Chat wraps the prompt in the model's chat template; raw sends the text as is.</source>
        <translation>對話模式會用模型的對話範本包裝提示；原始模式則照原樣送出文字。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="192" />
        <source>Max tokens</source>
        <translation>最多 token 數</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="193" />
        <source>Temperature</source>
        <translation>溫度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="194" />
        <source>0 picks the most likely token every time (greedy); higher values sample more freely.</source>
        <translation>0 每次都選最可能的 token（貪婪）；數值越高取樣越自由。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="195" />
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="196" />
        <source>Sample only among the k most likely tokens (0 = off).</source>
        <translation>只在最可能的 k 個 token 中取樣（0 = 關閉）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="197" />
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="198" />
        <source>Sample among the smallest set of tokens whose probability reaches p (1 = off).</source>
        <translation>在機率總和達到 p 的最小 token 集合中取樣（1 = 關閉）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="199" />
        <source>Seed</source>
        <translation>種子</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="200" />
        <source>Random seed, so a sampled answer can be reproduced.</source>
        <translation>隨機種子，讓取樣結果可以重現。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="201" />
        <source>Send</source>
        <translation>送出</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RequestsModel</name>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="31" />
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="32" />
        <source>running</source>
        <translation>執行中</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="33" />
        <source>preempted</source>
        <translation>已搶占</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="34" />
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="35" />
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="36" />
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="69" />
        <source>ID</source>
        <translation>編號</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="70" />
        <source>State</source>
        <translation>狀態</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="71" />
        <source>Prompt tokens</source>
        <translation>提示 token</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="72" />
        <source>Generated</source>
        <translation>已生成</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="73" />
        <source>Blocks held</source>
        <translation>持有區塊</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="74" />
        <source>TTFT (ms)</source>
        <translation>TTFT（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="75" />
        <source>TPOT (ms)</source>
        <translation>TPOT（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="76" />
        <source>Preemptions</source>
        <translation>搶占次數</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RequestsPanel</name>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="63" />
        <source>Request %1: %2</source>
        <translation>請求 %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="64" />
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="65" />
        <source>Error: %1</source>
        <translation>錯誤：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="86" />
        <source>Cancel selected request</source>
        <translation>取消選取的請求</translation>
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