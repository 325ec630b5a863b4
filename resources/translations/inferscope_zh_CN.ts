<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>inferscope::ui::BlockMapPanel</name>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="85" />
        <source>%1 blocks of %2 slots: %3 used, %4 cached, %5 shared, %6 free</source>
        <translation>%1 个块，每块 %2 格：%3 使用中、%4 已缓存、%5 共享、%6 空闲</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="98" />
        <source>seq %1 (%2 tokens): %3</source>
        <translation>序列 %1（%2 个 token）：%3</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="110" />
        <source>Zoom:</source>
        <translation>缩放：</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="111" />
        <source>Cell size in pixels (Ctrl + mouse wheel on the map also zooms).</source>
        <translation>格子大小（像素）；在图上按住 Ctrl 滚动鼠标滚轮也可缩放。</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="112" />
        <source>Each cell is one physical KV block, coloured by its owning sequence; the darker bar is the filled slots. Empty outline = free, hatched = cached prefix (free but reusable), black corner + inner outline = shared (refcount &gt; 1), thick outline = selected request.</source>
        <translation>每一格是一个物理 KV 块，颜色代表所属序列；较深的色条是已填入的槽位。空框 = 空闲，斜线 = 已缓存的前缀（空闲但可重用），黑色角标加内框 = 共享（引用计数 &gt; 1），粗框 = 选中的请求。</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="115" />
        <source>Block tables (logical → physical)</source>
        <translation>块表（逻辑 → 物理）</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::BlockMapView</name>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="97" />
        <source>free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="97" />
        <source>used</source>
        <translation>使用中</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="97" />
        <source>cached</source>
        <translation>已缓存</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="98" />
        <source>Block %1 (%2)</source>
        <translation>块 %1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="99" />
        <source>Owners: %1</source>
        <translation>所有者：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="99" />
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="100" />
        <source>Logical index (seq:index): %1</source>
        <translation>逻辑索引（序列:索引）：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="101" />
        <source>Refcount: %1</source>
        <translation>引用计数：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="102" />
        <source>Filled slots: %1 / %2</source>
        <translation>已填槽位：%1 / %2</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ChallengesView</name>
    <message>
        <location filename="../../ui/lessons/challenges_view.cpp" line="62" />
        <source>Show answer</source>
        <translation>显示答案</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/challenges_view.cpp" line="62" />
        <source>Hide answer</source>
        <translation>隐藏答案</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ChartsPanel</name>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="241" />
        <source>Engine step</source>
        <translation>引擎步数</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="242" />
        <source>KV-cache growth</source>
        <translation>KV 缓存增长</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="242" />
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="243" />
        <source>Paged: allocated</source>
        <translation>分页：已分配</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="244" />
        <source>Tokens stored</source>
        <translation>已存 token</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="245" />
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="246" />
        <source>Contiguous: reserved</source>
        <translation>连续：预留</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="247" />
        <source>Per-step utilization</source>
        <translation>每步利用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="247" />
        <location filename="../../ui/charts/charts_panel.cpp" line="262" />
        <source>Fraction</source>
        <translation>比例</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="248" />
        <source>Slot utilization</source>
        <translation>槽位利用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="249" />
        <source>Token utilization</source>
        <translation>Token 利用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="250" />
        <source>Tokens per step</source>
        <translation>每步 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="250" />
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="251" />
        <source>Prefill tokens</source>
        <translation>预填充 token</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="252" />
        <source>Decode tokens</source>
        <translation>解码 token</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="253" />
        <source>Batch size (running)</source>
        <translation>批大小（运行中）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="254" />
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="254" />
        <source>Tokens/s</source>
        <translation>token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="255" />
        <source>Generated tokens/s</source>
        <translation>生成 token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="256" />
        <source>Latency per finished request</source>
        <translation>每个完成请求的延迟</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="256" />
        <source>Finished request</source>
        <translation>完成的请求</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="256" />
        <source>TTFT</source>
        <translation>首 token 延迟（TTFT）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="256" />
        <source>TPOT</source>
        <translation>每 token 时间（TPOT）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="257" />
        <source>TTFT (left axis)</source>
        <translation>TTFT（左轴）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="258" />
        <source>TPOT (right axis)</source>
        <translation>TPOT（右轴）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="259" />
        <source>Speculative decoding</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="259" />
        <source>Tokens</source>
        <translation>Token 数</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="260" />
        <source>Drafted</source>
        <translation>已起草</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="261" />
        <source>Accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="262" />
        <source>Draft acceptance rate</source>
        <translation>草稿接受率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="263" />
        <source>Accepted / drafted so far</source>
        <translation>累计已接受／已起草</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="264" />
        <source>Double-click to enlarge this chart to the whole tab (and back).</source>
        <translation>双击可将此图表放大到整个标签页（再双击还原）。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ComparePanel</name>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="88" />
        <source>Comparing %n variant(s) of "%1" ...</source>
        <translation><numerusform>正在比较“%1”的 %n 个变体…</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="95" />
        <source>Comparing "%1": running variant %2 of %3 (%4) on a fresh engine ...</source>
        <translation>正在比较“%1”：在新引擎上运行第 %2／%3 个变体（%4）…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="121" />
        <source>%1: slots</source>
        <translation>%1：槽位</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="122" />
        <source>%1: tokens</source>
        <translation>%1：token</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="134" />
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="169" />
        <source>Per-step utilization by variant</source>
        <translation>各变体的每步利用率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="169" />
        <source>Engine step</source>
        <translation>引擎步数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="169" />
        <source>Fraction</source>
        <translation>比例</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="170" />
        <source>Throughput by variant</source>
        <translation>各变体的吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="170" />
        <location filename="../../ui/compare/compare_panel.cpp" line="172" />
        <source>Engine time (s)</source>
        <translation>引擎时间（秒）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="170" />
        <source>Tokens/s</source>
        <translation>token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="171" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="172" />
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="172" />
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="172" />
        <source>Tokens/s overall</source>
        <translation>整体 token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="173" />
        <source>Mean slot utilization (%)</source>
        <translation>平均槽位利用率（%）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="173" />
        <source>Preemptions</source>
        <translation>抢占次数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="175" />
        <source>Load a scenario that compares settings (Scenarios menu) to run its variants side by side.</source>
        <translation>加载一个比较设置的场景（场景菜单），即可并排运行各变体。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="177" />
        <source>Comparison of "%1" cancelled after %n variant(s).</source>
        <translation><numerusform>“%1”的比较在 %n 个变体后取消。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="180" />
        <source>"%1": every variant ran the same workload to completion on its own engine.</source>
        <translation>“%1”：每个变体都在自己的引擎上把同一份工作负载跑完。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::EngineSettingsPanel</name>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="221" />
        <source>(load a model to see the block count)</source>
        <translation>（加载模型后显示块数）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="223" />
        <source>%1 blocks = %2 tokens</source>
        <translation>%1 个块 = %2 个 token</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="224" />
        <source>The KV budget does not hold a single block.</source>
        <translation>KV 预算连一个块都放不下。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="294" />
        <source>Where the model runs: the CPU, or an NVIDIA GPU through CUDA (weights and the KV cache in device memory).</source>
        <translation>模型在哪里运行：CPU，或经由 CUDA 的 NVIDIA GPU（权重和 KV 缓存放在设备内存中）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="296" />
        <source>GPU: %1, %2 MiB free</source>
        <translation>GPU：%1，可用 %2 MiB</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="300" />
        <source>CUDA unavailable: %1</source>
        <translation>CUDA 不可用：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="305" />
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="306" />
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="307" />
        <source>KV cache dtype</source>
        <translation>KV 缓存数据类型</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="307" />
        <source>Precision of the stored keys and values: smaller types fit more tokens in the same memory.</source>
        <translation>存储键和值的精度：类型越小，同样的内存能放越多 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="308" />
        <source>Block size (tokens)</source>
        <translation>块大小（token）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="308" />
        <source>Tokens per paged KV block: bigger blocks mean fewer table entries but more unused slots at the end of each sequence.</source>
        <translation>每个分页 KV 块的 token 数：块越大，表项越少，但每个序列末端的空槽越多。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="309" />
        <source>KV budget</source>
        <translation>KV 预算</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="309" />
        <source>Memory reserved for the paged KV cache; it decides how many blocks exist.</source>
        <translation>为分页 KV 缓存保留的内存，决定共有多少块。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="310" />
        <source>Resulting blocks</source>
        <translation>可得块数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="310" />
        <source>How many physical blocks the budget buys for the loaded model and dtype.</source>
        <translation>以当前模型和数据类型，这个预算能换得多少物理块。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="311" />
        <source>Prefix caching</source>
        <translation>前缀缓存</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="311" />
        <source>Reuse the KV blocks of an identical prompt prefix instead of computing them again.</source>
        <translation>重用相同提示前缀的 KV 块，而不是重新计算。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="312" />
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="312" />
        <source>Tiled computes attention block by block with an online softmax; naive materializes every score.</source>
        <translation>分块版以在线 softmax 逐块计算注意力；朴素版会把每个分数都算出来存下。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="313" />
        <source>Batching</source>
        <translation>批处理</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="313" />
        <source>Continuous admits new requests every step; static waits until the whole batch has finished.</source>
        <translation>连续批处理每一步都接纳新请求；静态批处理要等整批完成。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="314" />
        <source>Max sequences</source>
        <translation>最大序列数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="314" />
        <source>How many sequences may run in one step (the batch slots).</source>
        <translation>一步中最多可同时运行的序列数（批槽位）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="315" />
        <source>Max batched tokens</source>
        <translation>最大批 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="315" />
        <source>Token budget of one step: prefill chunks plus one decode token per running sequence.</source>
        <translation>一步的 token 预算：预填充分块加上每个运行中序列的一个解码 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="316" />
        <source>Chunked prefill</source>
        <translation>分块预填充</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="316" />
        <source>Split a long prompt over several steps so decodes of other requests keep running.</source>
        <translation>把长提示分成多步处理，让其他请求的解码持续进行。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="317" />
        <source>No KV cache (recompute)</source>
        <translation>不用 KV 缓存（重新计算）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="317" />
        <source>Recompute every sequence from its first token at every step, to show what the KV cache saves.</source>
        <translation>每一步都从第一个 token 重算每个序列，用来展示 KV 缓存省下了什么。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="318" />
        <source>Compute threads</source>
        <translation>计算线程</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="318" />
        <source>Threads used inside one step for matrix products; 0 uses one per core.</source>
        <translation>一步内做矩阵乘法所用的线程数；0 表示每个核心一个。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="319" />
        <source>Speculative decoding</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="319" />
        <source>A cheap drafter guesses the next tokens and the model verifies them all in one pass, keeping exactly the tokens it would have produced.</source>
        <translation>由低成本的草稿器猜测接下来的 token，模型在一次前向计算中全部验证，只保留它自己本来就会生成的 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="320" />
        <source>Drafter</source>
        <translation>草稿器</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="320" />
        <source>ngram:N looks the text up in the prompt, self:MODE runs the model at a lower precision, early-exit:L runs its first L layers, draft:FILE.gguf a smaller model with the same vocabulary.</source>
        <translation>ngram:N 在提示中查找相同文字，self:MODE 以较低精度运行模型本身，early-exit:L 只运行前 L 层，draft:FILE.gguf 使用词表相同的较小模型。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="321" />
        <source>Draft tokens (k)</source>
        <translation>草稿 token 数（k）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="321" />
        <source>Tokens drafted per step: more can be accepted at once, but each rejected one is wasted work.</source>
        <translation>每步起草的 token 数：越多可一次接受越多，但每个被拒绝的 token 都是白费的计算。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="322" />
        <source>Continuous</source>
        <translation>连续</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="323" />
        <source>Static</source>
        <translation>静态</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="324" />
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="325" />
        <source>Apply (rebuilds the engine)</source>
        <translation>应用（重建引擎）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="326" />
        <source>Builds a new engine with these settings; running requests are discarded.</source>
        <translation>以这些设置创建新引擎；运行中的请求会被丢弃。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="334" />
        <source>Weight quantization</source>
        <translation>权重量化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="335" />
        <source>Re-encode the loaded weights: real formats change the bytes the kernels read; sim: modes are simulated (integer values stored as F32).</source>
        <translation>重新编码已加载的权重：真实格式会改变内核读取的字节；sim: 模式为模拟（整数值以 F32 存储）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="336" />
        <source>Inject an outlier</source>
        <translation>注入离群值</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="336" />
        <source>Set one weight per tensor (middle row, middle column) to the value below before quantizing.</source>
        <translation>量化前将每个张量的一个权重（中间行、中间列）设为下方的数值。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="337" />
        <source>Outlier value</source>
        <translation>离群值</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="337" />
        <source>The injected weight; typical weights are below 0.1 in magnitude.</source>
        <translation>注入的权重；一般权重的绝对值小于 0.1。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="340" />
        <source>as stored in the file</source>
        <translation>按文件中的存储格式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="341" />
        <source>%1 (simulated)</source>
        <translation>%1（模拟）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="343" />
        <source>Apply weights (re-quantizes)</source>
        <translation>应用权重（重新量化）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="344" />
        <source>Re-encodes the weights from the file's values off the GUI thread; running requests are discarded.</source>
        <translation>在后台线程中从文件的数值重新编码权重；运行中的请求会被丢弃。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="346" />
        <source>Running: %1, %2 MiB of weights</source>
        <translation>运行中：%1，权重 %2 MiB</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::EngineTexts</name>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="8" />
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="9" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="10" />
        <source>preempted</source>
        <translation>已抢占</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="11" />
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="12" />
        <location filename="../../ui/engine/engine_texts.cpp" line="23" />
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="13" />
        <location filename="../../ui/engine/engine_texts.cpp" line="22" />
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="18" />
        <source>EOS</source>
        <translation>序列结束</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="19" />
        <source>max tokens</source>
        <translation>最大 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="20" />
        <source>stop string</source>
        <translation>停止字符串</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="21" />
        <source>KV cache full</source>
        <translation>KV 缓存已满</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="38" />
        <source>The KV cache is full: this request fills all %1 blocks (%2 tokens). Raise the KV budget to generate more.</source>
        <translation>KV 缓存已满：此请求占满全部 %1 个块（%2 个 token）。请提高 KV 预算以生成更多 token。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="41" />
        <source>The prompt has %1 tokens but the whole KV cache holds %2 (%3 blocks of %4). Raise the KV budget.</source>
        <translation>提示有 %1 个 token，但整个 KV 缓存只能容纳 %2 个（%3 个块，每块 %4 个）。请提高 KV 预算。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="44" />
        <source>The prompt has %1 tokens; the model's context is %2.</source>
        <translation>提示有 %1 个 token；模型的上下文长度为 %2。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="45" />
        <source>Prompt token id %1 is outside the vocabulary.</source>
        <translation>提示中的 token id %1 超出词表范围。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="46" />
        <source>Cannot tokenize the prompt: %1</source>
        <translation>无法将提示切分为 token：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="47" />
        <source>The prompt is empty.</source>
        <translation>提示为空。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="49" />
        <source>Parallel samples (n) must be between 1 and 64.</source>
        <translation>并行采样数（n）必须介于 1 到 64 之间。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::EngineWorker</name>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="40" />
        <location filename="../../ui/engine/engine_worker.cpp" line="106" />
        <source>No model is loaded.</source>
        <translation>尚未加载模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="74" />
        <source>The model loaded, but the engine settings do not fit it: %1</source>
        <translation>模型已加载，但引擎设置不适用于它：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="133" />
        <source>Load generator: no model is loaded.</source>
        <translation>负载生成器：尚未加载模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="145" />
        <location filename="../../ui/engine/engine_worker.cpp" line="155" />
        <source>Load generator: %1</source>
        <translation>负载生成器：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="230" />
        <source>Compare: no model is loaded.</source>
        <translation>比较：尚未加载模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="249" />
        <source>Unknown lesson %1</source>
        <translation>未知的课程 %1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="253" />
        <location filename="../../ui/engine/engine_worker.cpp" line="262" />
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="268" />
        <source>Lesson failed: %1</source>
        <translation>课程计算失败：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="311" />
        <source>Engine step failed: %1</source>
        <translation>引擎步骤失败：%1</translation>
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
        <translation>数据导出为 CSV...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="75" />
        <source>Copy to clipboard</source>
        <translation>复制到剪贴板</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="78" />
        <source>Heat map as PNG...</source>
        <translation>热图导出为 PNG...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="79" />
        <source>Heat map data as CSV...</source>
        <translation>热图数据导出为 CSV...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="239" />
        <source>Load a model first: this lesson runs on the loaded model (File → Open model).</source>
        <translation>请先加载模型：这一课会在已加载的模型上运行（文件 → 打开模型）。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="243" />
        <location filename="../../ui/lessons/lesson_page.cpp" line="313" />
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="251" />
        <source>The lesson returned no result.</source>
        <translation>这一课没有返回结果。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="297" />
        <source>Lesson %1: %2</source>
        <translation>第 %1 课：%2</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="299" />
        <source>No explanation for this lesson yet.</source>
        <translation>这一课还没有说明。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="302" />
        <source>See it for real</source>
        <translation>实际看看</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="303" />
        <source>Load the scenario that shows this on the real engine, and switch to the Charts tab.</source>
        <translation>加载在真实引擎上展示这个现象的场景，并切换到“图表”标签页。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="304" />
        <source>Export chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="305" />
        <source>Save the lesson's chart as PNG or SVG, its data as CSV, or copy it.</source>
        <translation>将本课图表保存为 PNG 或 SVG、数据保存为 CSV，或复制到剪贴板。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="306" />
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="311" />
        <source>Challenges</source>
        <translation>挑战题</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="337" />
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="346" />
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::LessonsPanel</name>
    <message>
        <location filename="../../ui/lessons/lessons_panel.cpp" line="139" />
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lessons_panel.cpp" line="140" />
        <source>Runs on the loaded model.</source>
        <translation>在已加载的模型上运行。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lessons_panel.cpp" line="140" />
        <source>Computed from the parameters; no model needed.</source>
        <translation>由参数直接计算，不需要模型。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::LoadGeneratorPanel</name>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="99" />
        <source>Users (requests)</source>
        <translation>用户（请求数）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="99" />
        <source>How many requests the generator submits.</source>
        <translation>生成器要提交的请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="100" />
        <source>Arrival</source>
        <translation>到达模式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="100" />
        <source>All at once floods the queue; Poisson spreads arrivals randomly over time.</source>
        <translation>“一次全部”会塞满队列；Poisson 让请求随机分散到达。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="101" />
        <source>Rate (requests/s)</source>
        <translation>速率（请求／秒）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="101" />
        <source>Average Poisson arrival rate, in engine seconds.</source>
        <translation>Poisson 平均到达速率，以引擎秒计。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="102" />
        <source>Prompt tokens, min</source>
        <translation>提示 token 最少</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="102" />
        <source>Shortest prompt, drawn uniformly between min and max.</source>
        <translation>最短提示；长度在最小与最大之间均匀抽取。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="103" />
        <source>Prompt tokens, max</source>
        <translation>提示 token 最多</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="103" />
        <source>Longest prompt, drawn uniformly between min and max.</source>
        <translation>最长提示；长度在最小与最大之间均匀抽取。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="104" />
        <source>Generated tokens, min</source>
        <translation>生成 token 最少</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="104" />
        <source>Fewest tokens to generate; EOS is ignored so lengths hold.</source>
        <translation>最少生成的 token 数；忽略 EOS 以保持长度。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="105" />
        <source>Generated tokens, max</source>
        <translation>生成 token 最多</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="105" />
        <source>Most tokens to generate; EOS is ignored so lengths hold.</source>
        <translation>最多生成的 token 数；忽略 EOS 以保持长度。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="106" />
        <source>Shared system prompt</source>
        <translation>共享系统提示</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="106" />
        <source>Start every prompt with the same text so prefix caching can share its blocks.</source>
        <translation>每个提示都以相同文字开头，让前缀缓存能共享其块。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="107" />
        <source>Shared prompt tokens</source>
        <translation>共享提示 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="107" />
        <source>Length of the common system prompt in tokens.</source>
        <translation>共同系统提示的长度（token）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="108" />
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="108" />
        <source>The same seed gives the same prompts, lengths and arrivals.</source>
        <translation>相同的种子会产生相同的提示、长度和到达时间。</translation>
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
        <translation>提交工作负载</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::MainWindow</name>
    <message>
        <location filename="../../ui/main_window.cpp" line="82" />
        <location filename="../../ui/main_window.cpp" line="134" />
        <location filename="../../ui/main_window.cpp" line="306" />
        <location filename="../../ui/main_window.cpp" line="590" />
        <location filename="../../ui/main_window.cpp" line="717" />
        <location filename="../../ui/main_window_layout.cpp" line="176" />
        <location filename="../../ui/main_window_scenarios.cpp" line="38" />
        <source>Scenario not loaded</source>
        <translation>场景未加载</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="121" />
        <source>Scenario not applied: its re-quantization was cancelled.</source>
        <translation>场景未应用：它所需的重新量化已取消。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="123" />
        <source>Loading %1 cancelled; the previous model stays.</source>
        <translation>已取消加载 %1；保留先前的模型。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="130" />
        <source>Comparison cancelled.</source>
        <translation>已取消比较。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window.cpp" line="130" />
        <source>Comparison finished: %n variant(s) ran.</source>
        <translation><numerusform>比较完成：已运行 %n 个变体。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="234" />
        <source>Open GGUF model</source>
        <translation>打开 GGUF 模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="235" />
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF 模型 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="241" />
        <source>Export all charts to folder</source>
        <translation>将所有图表导出到文件夹</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="246" />
        <location filename="../../ui/main_window.cpp" line="394" />
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="247" />
        <source>Exported %1 files to %2</source>
        <translation>已导出 %1 个文件到 %2</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="304" />
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="304" />
        <location filename="../../ui/main_window.cpp" line="310" />
        <source>Scenarios (*.json)</source>
        <translation>场景 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="310" />
        <source>Save current settings as scenario</source>
        <translation>将当前设置保存为场景</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="312" />
        <source>Scenario not saved</source>
        <translation>场景未保存</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="316" />
        <location filename="../../ui/main_window.cpp" line="461" />
        <source>About InferScope</source>
        <translation>关于 InferScope</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="316" />
        <source>InferScope makes LLM inference visible: a real engine on a real model, step by step.</source>
        <translation>InferScope 让 LLM 推理看得见：真实的引擎跑真实的模型，一步一步呈现。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="385" />
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="405" />
        <source>Export PNG (1x)...</source>
        <translation>导出 PNG（1 倍）…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="406" />
        <source>Export PNG (2x)...</source>
        <translation>导出 PNG（2 倍）…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="407" />
        <source>Export SVG...</source>
        <translation>导出 SVG…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="408" />
        <source>Export data as CSV...</source>
        <translation>将数据导出为 CSV…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="409" />
        <source>Copy to clipboard</source>
        <translation>复制到剪贴板</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="416" />
        <source>InferScope</source>
        <translation>InferScope</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="416" />
        <source>InferScope — %1</source>
        <translation>InferScope — %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="417" />
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="418" />
        <source>Block map</source>
        <translation>块图</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="419" />
        <source>Playground</source>
        <translation>试玩区</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="420" />
        <source>Load generator</source>
        <translation>负载生成器</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="421" />
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="422" />
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="423" />
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="424" />
        <source>Engine settings</source>
        <translation>引擎设置</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="425" />
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="426" />
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="427" />
        <source>Run controls</source>
        <translation>运行控制</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="428" />
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="429" />
        <source>Recent models</source>
        <translation>最近的模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="430" />
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="431" />
        <source>&amp;Scenarios</source>
        <translation>场景(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="432" />
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="433" />
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="434" />
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="435" />
        <source>&amp;Open model...</source>
        <translation>打开模型(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="436" />
        <source>Export all...</source>
        <translation>全部导出…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="437" />
        <source>Write every chart (PNG 1x/2x, SVG, CSV), the step metrics and a manifest into a folder.</source>
        <translation>把每张图表（PNG 1 倍／2 倍、SVG、CSV）、每步指标和清单写入文件夹。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="438" />
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="439" />
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="439" />
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="441" />
        <source>Run or pause the engine (Space).</source>
        <translation>运行或暂停引擎（空格键）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="442" />
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="443" />
        <source>Run exactly one engine step (N).</source>
        <translation>只运行一个引擎步骤（N）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="444" />
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="445" />
        <source>Drop every request and the chart history and queue the loaded workload again, ready to run; keep the model and settings (Ctrl+R).</source>
        <translation>丢弃所有请求与图表历史，并重新排入已加载的工作负载，随时可运行；保留模型与设置（Ctrl+R）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="446" />
        <source>Faster</source>
        <translation>加快</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="447" />
        <source>One step of the speed control up (] or +).</source>
        <translation>速度调快一级（] 或 +）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="448" />
        <source>Slower</source>
        <translation>放慢</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="449" />
        <source>One step of the speed control down ([ or -).</source>
        <translation>速度调慢一级（[ 或 -）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="450" />
        <source>Compare variants</source>
        <translation>比较变体</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="451" />
        <source>Run each of the scenario's variants on its own engine and overlay their charts (Ctrl+K).</source>
        <translation>在各自的引擎上运行场景的每个变体，并叠加其图表（Ctrl+K）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="452" />
        <source>Cancel loading</source>
        <translation>取消加载</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="453" />
        <source>Stop loading the model; the previous model stays (Esc).</source>
        <translation>停止加载模型；保留先前的模型（Esc）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="454" />
        <source>Open a GGUF model (Ctrl+O).</source>
        <translation>打开 GGUF 模型（Ctrl+O）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="455" />
        <source>Write every chart (PNG 1x/2x, SVG, CSV), the step metrics and a manifest into a folder (Ctrl+Shift+E).</source>
        <translation>将每张图表（PNG 1x/2x、SVG、CSV）、每步指标与清单写入文件夹（Ctrl+Shift+E）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="456" />
        <source>Presentation mode</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="457" />
        <source>Full screen with larger fonts and thicker lines (F11).</source>
        <translation>全屏、较大字体和较粗线条（F11）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="458" />
        <source>Dark theme</source>
        <translation>深色主题</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="459" />
        <source>Open scenario file...</source>
        <translation>打开场景文件…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="460" />
        <source>Save current settings as scenario...</source>
        <translation>将当前设置保存为场景…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="462" />
        <source> Speed: </source>
        <translation> 速度： </translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="463" />
        <source>Slow the engine down for demonstrations; full speed steps as fast as the CPU allows ([ slower, ] faster).</source>
        <translation>演示时放慢引擎；全速则以 CPU 能达到的最快速度运行（[ 调慢，] 调快）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="465" />
        <source>Full speed</source>
        <translation>全速</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window.cpp" line="465" />
        <source>%n step(s)/s</source>
        <translation><numerusform>每秒 %n 步</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="484" />
        <source>No translation for %1</source>
        <translation>没有 %1 的翻译</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="536" />
        <source>Loading %1 ...</source>
        <translation>正在加载 %1 …</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="537" />
        <source>Loading model %1</source>
        <translation>正在加载模型 %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="551" />
        <source>Quantizing %p%</source>
        <translation>量化中 %p%</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="551" />
        <source>Reading %p%</source>
        <translation>读取中 %p%</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="572" />
        <source>Model not loaded</source>
        <translation>模型未加载</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="572" />
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="583" />
        <source>Loaded %1 (%2 layers)</source>
        <translation>已加载 %1（%2 层）</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="585" />
        <source>Weights: %1, %2 MiB</source>
        <translation>权重：%1，%2 MiB</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="597" />
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="598" />
        <source>Settings rejected: %1</source>
        <translation>设置被拒绝：%1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="601" />
        <source>Engine built with %1 KV blocks.</source>
        <translation>引擎已创建，共 %1 个 KV 块。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="613" />
        <source>Discard running work?</source>
        <translation>要丢弃运行中的工作吗？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="614" />
        <source>Requests are still waiting or running. Rebuilding the engine discards them. Continue?</source>
        <translation>仍有请求在等待或运行中。重建引擎会丢弃它们。要继续吗？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="625" />
        <location filename="../../ui/main_window.cpp" line="632" />
        <source>Weights not changed</source>
        <translation>权重未更改</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="625" />
        <source>Load a model before choosing its weight quantization.</source>
        <translation>请先加载模型，再选择权重量化。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="644" />
        <source>Re-quantizing the weights to %1</source>
        <translation>正在将权重重新量化为 %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="669" />
        <source>%1 | step %2 | %3 running, %4 waiting | %5 KV blocks</source>
        <translation>%1｜第 %2 步｜%3 运行中、%4 等待中｜%5 个 KV 块</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="676" />
        <source>No model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="682" />
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="682" />
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="683" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="684" />
        <source>idle: all requests ended</source>
        <translation>空闲：所有请求均已结束</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="684" />
        <source>idle: waiting for requests</source>
        <translation>空闲：等待请求</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="170" />
        <source>Nothing to run yet</source>
        <translation>还没有可运行的内容</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="171" />
        <source>No workload is loaded. Load the experiment "Why continuous batching" and run it?</source>
        <translation>尚未加载工作负载。要加载实验“为什么要连续批处理”并运行吗？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="174" />
        <source>Nothing was loaded: running the default experiment.</source>
        <translation>尚未加载任何内容：运行默认实验。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_scenarios.cpp" line="69" />
        <source>Scenario "%1" runs with weights %2: re-quantizing first</source>
        <translation>场景“%1”使用权重 %2：先重新量化</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_scenarios.cpp" line="84" />
        <source>Scenario "%1": %2</source>
        <translation>场景“%1”：%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window_scenarios.cpp" line="92" />
        <source>This scenario compares %n variant(s); each runs on its own engine (Compare tab).</source>
        <translation><numerusform>此场景比较 %n 个变体；每个都在自己的引擎上运行（比较标签页）。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window_scenarios.cpp" line="112" />
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ModelCardPanel</name>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="47" />
        <source>&lt;p&gt;No model loaded. Use &lt;b&gt;File &amp;gt; Open model&lt;/b&gt; or drop a .gguf file on the window.&lt;/p&gt;</source>
        <translation>&lt;p&gt;尚未加载模型。请使用&lt;b&gt;文件 &amp;gt; 打开模型&lt;/b&gt;，或把 .gguf 文件拖放到窗口上。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="57" />
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="58" />
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="59" />
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="60" />
        <source>File size</source>
        <translation>文件大小</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="61" />
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="62" />
        <source>Weight mode</source>
        <translation>权重模式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="63" />
        <source>%1 (simulated: the values of a lower precision, stored and run as F32)</source>
        <translation>%1（模拟：较低精度的数值，以 F32 存储与运行）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="66" />
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="67" />
        <source>Heads / KV heads / head dim</source>
        <translation>注意力头／KV 头／头维度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="68" />
        <source>Hidden / FFN</source>
        <translation>隐藏层／FFN</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="69" />
        <source>Context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="70" />
        <source>Vocabulary</source>
        <translation>词汇量</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="71" />
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="72" />
        <source>Licence</source>
        <translation>许可</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="73" />
        <source>Chat template</source>
        <translation>对话模板</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="73" />
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="75" />
        <location filename="../../ui/panels/model_card_panel.cpp" line="79" />
        <source>Compute device</source>
        <translation>计算设备</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="75" />
        <source>CUDA: %1, %2 (%3 free)</source>
        <translation>CUDA：%1，%2（可用 %3）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="80" />
        <source>CPU, %1 threads</source>
        <translation>CPU，%1 个线程</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="81" />
        <source>KV bytes per token (%1)</source>
        <translation>每 token 的 KV 字节（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="83" />
        <source>Tensor types</source>
        <translation>张量类型</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="86" />
        <source>%1 tensors, %2</source>
        <translation>%1 个张量，%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="92" />
        <source>Gemma is provided under and subject to the Gemma Terms of Use found at ai.google.dev/gemma/terms (a copy: gemma-3-270m-q4_k_m.NOTICE/GEMMA_TERMS.html beside the model file).</source>
        <translation>Gemma 依据 Gemma 使用条款（ai.google.dev/gemma/terms）提供并受其约束（副本：模型文件旁的 gemma-3-270m-q4_k_m.NOTICE/GEMMA_TERMS.html）。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ModelLoader</name>
    <message>
        <location filename="../../ui/engine/model_loader.cpp" line="98" />
        <source>Load a model before choosing its weight quantization.</source>
        <translation>请先加载模型，再选择权重量化。</translation>
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
        <translation>数值</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/numbers_table.cpp" line="33" />
        <source>Unit</source>
        <translation>单位</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::PlaygroundPanel</name>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="87" />
        <source>Request %1 submitted; press Run or Step to generate.</source>
        <translation>请求 %1 已提交；按“运行”或“单步”开始生成。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="87" />
        <source>Not submitted: %1</source>
        <translation>未提交：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="148" />
        <source>Request %1 failed: %2</source>
        <translation>请求 %1 失败：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="152" />
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="153" />
        <source>Request %1: %2 prompt tokens (%3 from the prefix cache), %4 generated, state %5</source>
        <translation>请求 %1：%2 个提示 token（%3 个来自前缀缓存），已生成 %4 个，状态 %5</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="171" />
        <source>Output token %1: %2</source>
        <translation>输出 token %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="182" />
        <source>Prompt token %1: waiting to be scheduled</source>
        <translation>提示 token %1：等待调度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="187" />
        <source>Prompt token %1: %2</source>
        <translation>提示 token %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="199" />
        <source>Type a prompt, e.g. "Explain the KV cache in one sentence."</source>
        <translation>输入提示，例如“用一句话解释 KV 缓存。”</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="200" />
        <source>Chat (template)</source>
        <translation>对话（套用模板）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="201" />
        <source>Raw prompt</source>
        <translation>原始提示</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="202" />
        <source>Chat wraps the prompt in the model's chat template; raw sends the text as is.</source>
        <translation>对话模式会用模型的对话模板包装提示；原始模式则照原样发送文字。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="203" />
        <source>Max tokens</source>
        <translation>最多 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="204" />
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="205" />
        <source>0 picks the most likely token every time (greedy); higher values sample more freely.</source>
        <translation>0 每次都选最可能的 token（贪婪）；数值越高采样越自由。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="206" />
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="207" />
        <source>Sample only among the k most likely tokens (0 = off).</source>
        <translation>只在最可能的 k 个 token 中采样（0 = 关闭）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="208" />
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="209" />
        <source>Sample among the smallest set of tokens whose probability reaches p (1 = off).</source>
        <translation>在概率总和达到 p 的最小 token 集合中采样（1 = 关闭）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="210" />
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="211" />
        <source>Random seed, so a sampled answer can be reproduced.</source>
        <translation>随机种子，让采样结果可以复现。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="212" />
        <source>Send</source>
        <translation>发送</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::PresentationBar</name>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="67" />
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="67" />
        <source>%1 tokens/s</source>
        <translation>%1 token/秒</translation>
    </message>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="68" />
        <source>KV used –</source>
        <translation>KV 使用 –</translation>
    </message>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="68" />
        <source>KV used %1%</source>
        <translation>KV 使用 %1%</translation>
    </message>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="69" />
        <source>%1 running, %2 waiting</source>
        <translation>%1 运行中，%2 等待中</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RequestsModel</name>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="73" />
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="99" />
        <source>Prompt tokens (of which served by the prefix cache)</source>
        <translation>提示 token 数（其中由前缀缓存提供的）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="100" />
        <source>Tokens generated so far, over all samples</source>
        <translation>目前已生成的 token 数（所有样本合计）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="101" />
        <source>KV cache blocks the request holds now</source>
        <translation>此请求当前持有的 KV 缓存块</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="102" />
        <source>Time to first token, ms, from submission to a running engine</source>
        <translation>首个 token 延迟（毫秒），自提交给运行中的引擎起算</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="103" />
        <source>Time per output token after the first, ms</source>
        <translation>第一个之后每个输出 token 的时间（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="104" />
        <source>Times the request was preempted (its KV recomputed)</source>
        <translation>此请求被抢占的次数（其 KV 需重新计算）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="110" />
        <source>ID</source>
        <translation>编号</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="111" />
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="112" />
        <source>Prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="113" />
        <source>Gen.</source>
        <translation>生成</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="114" />
        <source>Blocks</source>
        <translation>块</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="115" />
        <source>TTFT ms</source>
        <translation>TTFT 毫秒</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="116" />
        <source>TPOT ms</source>
        <translation>TPOT 毫秒</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="117" />
        <source>Preempt.</source>
        <translation>抢占</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RequestsPanel</name>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="78" />
        <source>Request %1: %2</source>
        <translation>请求 %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="79" />
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="80" />
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="101" />
        <source>Cancel selected request</source>
        <translation>取消选中的请求</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::StartPage</name>
    <message>
        <location filename="../../ui/start_page.cpp" line="102" />
        <source>Start with an experiment</source>
        <translation>从一个实验开始</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="103" />
        <source>Each experiment loads a scenario (engine settings and a workload), runs its comparison and then runs the live engine. Pause with Space, step with N, and watch the charts.</source>
        <translation>每个实验会加载一个场景（引擎设置与工作负载），先运行它的比较，再运行实时引擎。按空格键暂停、按 N 单步执行，并观察图表。</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="105" />
        <source>Why continuous batching</source>
        <translation>为什么要连续批处理</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="105" />
        <source>Prefix caching</source>
        <translation>前缀缓存</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="105" />
        <source>Paged KV blocks</source>
        <translation>分页式 KV 块</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="106" />
        <source>Speculative decoding</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="108" />
        <source>Watch the batch size on "Tokens per step": continuous batching refills a slot the moment a request finishes, so the batch stays full. Next, open the Compare tab to see static batching wait for the longest request of each batch.</source>
        <translation>观察“每步 token 数”上的批大小：连续批处理在请求完成的当下就补上空位，因此批次一直是满的。接着打开“比较”标签页，看静态批处理如何等待每批中最长的请求。</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="111" />
        <source>Every request starts with the same system prompt: watch "KV-cache growth" stay low while the logical tokens climb, because the shared blocks are computed once. Next, compare against the run without a prefix cache, or lengthen the shared prefix in the load generator.</source>
        <translation>每个请求都以相同的系统提示开头：观察“KV 缓存增长”保持在低处而逻辑 token 持续上升，因为共享的块只计算一次。接着与没有前缀缓存的运行比较，或在负载生成器中加长共享前缀。</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="114" />
        <source>KV memory is handed out in fixed blocks: watch the gap between allocated and logical KV bytes, the unused tail of each sequence's last block. Next, compare block sizes 8, 16 and 64 in the Compare tab, then look at the Block map.</source>
        <translation>KV 内存以固定大小的块分配：观察已分配与逻辑 KV 字节之间的差距，也就是每个序列最后一个块未使用的尾部。接着在“比较”标签页比较块大小 8、16 与 64，再看看“块图”。</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="117" />
        <source>A drafter guesses 4 tokens and the model verifies them in one pass: watch "Speculative decoding" for drafted versus accepted tokens and the acceptance rate. Next, compare against plain decoding and the self-draft variant in the Compare tab.</source>
        <translation>草稿器先猜 4 个 token，模型再用一次前向传递验证：在“推测解码”上观察草拟与接受的 token 数以及接受率。接着在“比较”标签页与普通解码及自我草拟变体比较。</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="124" />
        <source>Run this experiment</source>
        <translation>运行这个实验</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="125" />
        <source>Load %1 and run it.</source>
        <translation>加载 %1 并运行。</translation>
    </message>
    <message>
        <location filename="../../ui/start_page.cpp" line="127" />
        <source>Skip: open the empty workbench and build a workload yourself</source>
        <translation>跳过：打开空白的工作台，自己建立工作负载</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::TokenStyle</name>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="43" />
        <source>prefix-cache hit</source>
        <translation>前缀缓存命中</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="44" />
        <source>prefilled</source>
        <translation>预填充</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="45" />
        <source>decoded</source>
        <translation>解码</translation>
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
        <translation>KV 块来自前缀缓存的提示 token：不再重新计算。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="57" />
        <source>Prompt token computed in a prefill pass.</source>
        <translation>在预填充阶段计算的提示 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="58" />
        <source>Generated token: one decode step each.</source>
        <translation>生成的 token：每个一次解码步骤。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/token_style.cpp" line="59" />
        <source>Draft token accepted by speculative verification: the model checked it and would have produced it itself.</source>
        <translation>经推测验证接受的草稿 token：模型已检查过，且它自己也会生成这个 token。</translation>
    </message>
</context>
</TS>