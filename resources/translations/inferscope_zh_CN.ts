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
        <location filename="../../ui/blockmap/block_map_view.cpp" line="95" />
        <source>free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="95" />
        <source>used</source>
        <translation>使用中</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="95" />
        <source>cached</source>
        <translation>已缓存</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="96" />
        <source>Block %1 (%2)</source>
        <translation>块 %1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="97" />
        <source>Owners: %1</source>
        <translation>所有者：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="97" />
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="98" />
        <source>Logical index (seq:index): %1</source>
        <translation>逻辑索引（序列:索引）：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="99" />
        <source>Refcount: %1</source>
        <translation>引用计数：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="100" />
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
        <location filename="../../ui/charts/charts_panel.cpp" line="129" />
        <source>Engine step</source>
        <translation>引擎步数</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="130" />
        <source>KV-cache growth</source>
        <translation>KV 缓存增长</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="130" />
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="131" />
        <source>Allocated (blocks in use)</source>
        <translation>已分配（使用中的块）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="132" />
        <source>Logical (tokens stored)</source>
        <translation>逻辑（已存 token）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="133" />
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="134" />
        <source>Per-step utilization</source>
        <translation>每步利用率</translation>
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
        <translation>槽位利用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="136" />
        <source>Token utilization</source>
        <translation>Token 利用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="137" />
        <source>Tokens per step</source>
        <translation>每步 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="137" />
        <source>Tokens / sequences</source>
        <translation>Token／序列数</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="138" />
        <source>Prefill tokens</source>
        <translation>预填充 token</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="139" />
        <source>Decode tokens</source>
        <translation>解码 token</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="140" />
        <source>Batch size (running)</source>
        <translation>批大小（运行中）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="141" />
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="141" />
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="142" />
        <source>Generated tokens/s</source>
        <translation>生成 token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="143" />
        <source>Latency per finished request</source>
        <translation>每个完成请求的延迟</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="143" />
        <source>Finished request</source>
        <translation>完成的请求</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="143" />
        <source>Milliseconds</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="144" />
        <source>TTFT</source>
        <translation>首 token 延迟（TTFT）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="145" />
        <source>TPOT</source>
        <translation>每 token 时间（TPOT）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="146" />
        <source>Speculative decoding</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="146" />
        <source>Tokens</source>
        <translation>Token 数</translation>
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
        <translation>累计已接受／已起草</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ComparePanel</name>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="86" />
        <source>Comparing %n variant(s) of "%1" ...</source>
        <translation><numerusform>正在比较“%1”的 %n 个变体…</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="93" />
        <source>Comparing "%1": running variant %2 of %3 (%4) on a fresh engine ...</source>
        <translation>正在比较“%1”：在新引擎上运行第 %2／%3 个变体（%4）…</translation>
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
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="167" />
        <source>Per-step utilization by variant</source>
        <translation>各变体的每步利用率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="167" />
        <source>Engine step</source>
        <translation>引擎步数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="167" />
        <source>Fraction (solid: slots, dashed: tokens)</source>
        <translation>比例（实线：槽位，虚线：token）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="168" />
        <source>Throughput by variant</source>
        <translation>各变体的吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="168" />
        <location filename="../../ui/compare/compare_panel.cpp" line="170" />
        <source>Engine time (s)</source>
        <translation>引擎时间（秒）</translation>
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
        <translation>变体</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="170" />
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="170" />
        <source>Tokens/s overall</source>
        <translation>整体 token／秒</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="171" />
        <source>Mean slot utilization (%)</source>
        <translation>平均槽位利用率（%）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="171" />
        <source>Preemptions</source>
        <translation>抢占次数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="173" />
        <source>Load a scenario that compares settings (Scenarios menu) to run its variants side by side.</source>
        <translation>加载一个比较设置的场景（场景菜单），即可并排运行各变体。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="175" />
        <source>Comparison of "%1" cancelled after %n variant(s).</source>
        <translation><numerusform>“%1”的比较在 %n 个变体后取消。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="178" />
        <source>"%1": every variant ran the same workload to completion on its own engine.</source>
        <translation>“%1”：每个变体都在自己的引擎上把同一份工作负载跑完。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::EngineSettingsPanel</name>
    <message>
        <source>Where the model runs: the CPU, or an NVIDIA GPU through CUDA (weights and the KV cache in device memory).</source>
        <translation>模型在哪里运行：CPU，或经由 CUDA 的 NVIDIA GPU（权重和 KV 缓存放在设备内存中）。</translation>
    </message>
    <message>
        <source>GPU: %1, %2 MiB free</source>
        <translation>GPU：%1，可用 %2 MiB</translation>
    </message>
    <message>
        <source>CUDA unavailable: %1</source>
        <translation>CUDA 不可用：%1</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="200" />
        <source>(load a model to see the block count)</source>
        <translation>（加载模型后显示块数）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="202" />
        <source>%1 blocks = %2 tokens</source>
        <translation>%1 个块 = %2 个 token</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="203" />
        <source>The KV budget does not hold a single block.</source>
        <translation>KV 预算连一个块都放不下。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="270" />
        <source>KV cache dtype</source>
        <translation>KV 缓存数据类型</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="270" />
        <source>Precision of the stored keys and values: smaller types fit more tokens in the same memory.</source>
        <translation>存储键和值的精度：类型越小，同样的内存能放越多 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="271" />
        <source>Block size (tokens)</source>
        <translation>块大小（token）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="271" />
        <source>Tokens per paged KV block: bigger blocks mean fewer table entries but more unused slots at the end of each sequence.</source>
        <translation>每个分页 KV 块的 token 数：块越大，表项越少，但每个序列末端的空槽越多。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="272" />
        <source>KV budget</source>
        <translation>KV 预算</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="272" />
        <source>Memory reserved for the paged KV cache; it decides how many blocks exist.</source>
        <translation>为分页 KV 缓存保留的内存，决定共有多少块。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="273" />
        <source>Resulting blocks</source>
        <translation>可得块数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="273" />
        <source>How many physical blocks the budget buys for the loaded model and dtype.</source>
        <translation>以当前模型和数据类型，这个预算能换得多少物理块。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="274" />
        <source>Prefix caching</source>
        <translation>前缀缓存</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="274" />
        <source>Reuse the KV blocks of an identical prompt prefix instead of computing them again.</source>
        <translation>重用相同提示前缀的 KV 块，而不是重新计算。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="275" />
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="275" />
        <source>Tiled computes attention block by block with an online softmax; naive materializes every score.</source>
        <translation>分块版以在线 softmax 逐块计算注意力；朴素版会把每个分数都算出来存下。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="276" />
        <source>Batching</source>
        <translation>批处理</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="276" />
        <source>Continuous admits new requests every step; static waits until the whole batch has finished.</source>
        <translation>连续批处理每一步都接纳新请求；静态批处理要等整批完成。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="277" />
        <source>Max sequences</source>
        <translation>最大序列数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="277" />
        <source>How many sequences may run in one step (the batch slots).</source>
        <translation>一步中最多可同时运行的序列数（批槽位）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="278" />
        <source>Max batched tokens</source>
        <translation>最大批 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="278" />
        <source>Token budget of one step: prefill chunks plus one decode token per running sequence.</source>
        <translation>一步的 token 预算：预填充分块加上每个运行中序列的一个解码 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="279" />
        <source>Chunked prefill</source>
        <translation>分块预填充</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="279" />
        <source>Split a long prompt over several steps so decodes of other requests keep running.</source>
        <translation>把长提示分成多步处理，让其他请求的解码持续进行。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="280" />
        <source>No KV cache (recompute)</source>
        <translation>不用 KV 缓存（重新计算）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="280" />
        <source>Recompute every sequence from its first token at every step, to show what the KV cache saves.</source>
        <translation>每一步都从第一个 token 重算每个序列，用来展示 KV 缓存省下了什么。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="281" />
        <source>Compute threads</source>
        <translation>计算线程</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="281" />
        <source>Threads used inside one step for matrix products; 0 uses one per core.</source>
        <translation>一步内做矩阵乘法所用的线程数；0 表示每个核心一个。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="282" />
        <source>Speculative decoding</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="282" />
        <source>A cheap drafter guesses the next tokens and the model verifies them all in one pass, keeping exactly the tokens it would have produced.</source>
        <translation>由低成本的草稿器猜测接下来的 token，模型在一次前向计算中全部验证，只保留它自己本来就会生成的 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="283" />
        <source>Drafter</source>
        <translation>草稿器</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="283" />
        <source>ngram:N looks the text up in the prompt, self:MODE runs the model at a lower precision, early-exit:L runs its first L layers, draft:FILE.gguf a smaller model with the same vocabulary.</source>
        <translation>ngram:N 在提示中查找相同文字，self:MODE 以较低精度运行模型本身，early-exit:L 只运行前 L 层，draft:FILE.gguf 使用词表相同的较小模型。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="284" />
        <source>Draft tokens (k)</source>
        <translation>草稿 token 数（k）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="284" />
        <source>Tokens drafted per step: more can be accepted at once, but each rejected one is wasted work.</source>
        <translation>每步起草的 token 数：越多可一次接受越多，但每个被拒绝的 token 都是白费的计算。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="285" />
        <source>Continuous</source>
        <translation>连续</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="286" />
        <source>Static</source>
        <translation>静态</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="287" />
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="288" />
        <source>Apply (rebuilds the engine)</source>
        <translation>应用（重建引擎）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="289" />
        <source>Builds a new engine with these settings; running requests are discarded.</source>
        <translation>以这些设置创建新引擎；运行中的请求会被丢弃。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="297" />
        <source>Weight quantization</source>
        <translation>权重量化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="298" />
        <source>Re-encode the loaded weights: real formats change the bytes the kernels read; sim: modes are simulated (integer values stored as F32).</source>
        <translation>重新编码已加载的权重：真实格式会改变内核读取的字节；sim: 模式为模拟（整数值以 F32 存储）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="299" />
        <source>Inject an outlier</source>
        <translation>注入离群值</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="299" />
        <source>Set one weight per tensor (middle row, middle column) to the value below before quantizing.</source>
        <translation>量化前将每个张量的一个权重（中间行、中间列）设为下方的数值。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="300" />
        <source>Outlier value</source>
        <translation>离群值</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="300" />
        <source>The injected weight; typical weights are below 0.1 in magnitude.</source>
        <translation>注入的权重；一般权重的绝对值小于 0.1。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="303" />
        <source>as stored in the file</source>
        <translation>按文件中的存储格式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="304" />
        <source>%1 (simulated)</source>
        <translation>%1（模拟）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="306" />
        <source>Apply weights (re-quantizes)</source>
        <translation>应用权重（重新量化）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="307" />
        <source>Re-encodes the weights from the file's values off the GUI thread; running requests are discarded.</source>
        <translation>在后台线程中从文件的数值重新编码权重；运行中的请求会被丢弃。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="309" />
        <source>Running: %1, %2 MiB of weights</source>
        <translation>运行中：%1，权重 %2 MiB</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::EngineWorker</name>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="34" />
        <location filename="../../ui/engine/engine_worker.cpp" line="93" />
        <source>No model is loaded.</source>
        <translation>尚未加载模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="62" />
        <source>The model loaded, but the engine settings do not fit it: %1</source>
        <translation>模型已加载，但引擎设置不适用于它：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="120" />
        <source>Load generator: no model is loaded.</source>
        <translation>负载生成器：尚未加载模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="125" />
        <location filename="../../ui/engine/engine_worker.cpp" line="135" />
        <source>Load generator: %1</source>
        <translation>负载生成器：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="206" />
        <source>Compare: no model is loaded.</source>
        <translation>比较：尚未加载模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="225" />
        <source>Unknown lesson %1</source>
        <translation>未知的课程 %1</translation>
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
        <translation>课程计算失败：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="287" />
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
        <translation>数据导出为 CSV...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="67" />
        <source>Copy to clipboard</source>
        <translation>复制到剪贴板</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="70" />
        <source>Heat map as PNG...</source>
        <translation>热图导出为 PNG...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="71" />
        <source>Heat map data as CSV...</source>
        <translation>热图数据导出为 CSV...</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="179" />
        <source>Load a model first: this lesson runs on the loaded model (File → Open model).</source>
        <translation>请先加载模型：这一课会在已加载的模型上运行（文件 → 打开模型）。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="183" />
        <location filename="../../ui/lessons/lesson_page.cpp" line="247" />
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="191" />
        <source>The lesson returned no result.</source>
        <translation>这一课没有返回结果。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="231" />
        <source>Lesson %1: %2</source>
        <translation>第 %1 课：%2</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="233" />
        <source>No explanation for this lesson yet.</source>
        <translation>这一课还没有说明。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="236" />
        <source>See it for real</source>
        <translation>实际看看</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="237" />
        <source>Load the scenario that shows this on the real engine, and switch to the Charts tab.</source>
        <translation>加载在真实引擎上展示这个现象的场景，并切换到“图表”标签页。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="238" />
        <source>Export chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="239" />
        <source>Save the lesson's chart as PNG or SVG, its data as CSV, or copy it.</source>
        <translation>将本课图表保存为 PNG 或 SVG、数据保存为 CSV，或复制到剪贴板。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="240" />
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="245" />
        <source>Challenges</source>
        <translation>挑战题</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="258" />
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="267" />
        <source>Export failed</source>
        <translation>导出失败</translation>
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
        <translation>在已加载的模型上运行。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lessons_panel.cpp" line="139" />
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
        <location filename="../../ui/main_window.cpp" line="111" />
        <source>Loading %1 cancelled; the previous model stays.</source>
        <translation>已取消加载 %1；保留先前的模型。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="118" />
        <source>Comparison cancelled.</source>
        <translation>已取消比较。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window.cpp" line="118" />
        <source>Comparison finished: %n variant(s) ran.</source>
        <translation><numerusform>比较完成：已运行 %n 个变体。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="204" />
        <source>Open GGUF model</source>
        <translation>打开 GGUF 模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="205" />
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF 模型 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="211" />
        <source>Export all charts to folder</source>
        <translation>将所有图表导出到文件夹</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="215" />
        <location filename="../../ui/main_window.cpp" line="366" />
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="216" />
        <source>Exported %1 files to %2</source>
        <translation>已导出 %1 个文件到 %2</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="276" />
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="276" />
        <location filename="../../ui/main_window.cpp" line="282" />
        <source>Scenarios (*.json)</source>
        <translation>场景 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="122" />
        <location filename="../../ui/main_window.cpp" line="278" />
        <location filename="../../ui/main_window.cpp" line="673" />
        <location filename="../../ui/main_window.cpp" line="797" />
        <source>Scenario not loaded</source>
        <translation>场景未加载</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="710" />
        <source>Scenario &quot;%1&quot; runs with weights %2: re-quantizing first</source>
        <translation>场景“%1”使用权重 %2：先重新量化</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="112" />
        <source>Scenario not applied: its re-quantization was cancelled.</source>
        <translation>场景未应用：它所需的重新量化已取消。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="282" />
        <source>Save current settings as scenario</source>
        <translation>将当前设置保存为场景</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="284" />
        <source>Scenario not saved</source>
        <translation>场景未保存</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="288" />
        <location filename="../../ui/main_window.cpp" line="433" />
        <source>About InferScope</source>
        <translation>关于 InferScope</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="288" />
        <source>InferScope makes LLM inference visible: a real engine on a real model, step by step.</source>
        <translation>InferScope 让 LLM 推理看得见：真实的引擎跑真实的模型，一步一步呈现。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="357" />
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="377" />
        <source>Export PNG (1x)...</source>
        <translation>导出 PNG（1 倍）…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="378" />
        <source>Export PNG (2x)...</source>
        <translation>导出 PNG（2 倍）…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="379" />
        <source>Export SVG...</source>
        <translation>导出 SVG…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="380" />
        <source>Export data as CSV...</source>
        <translation>将数据导出为 CSV…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="381" />
        <source>Copy to clipboard</source>
        <translation>复制到剪贴板</translation>
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
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="390" />
        <source>Block map</source>
        <translation>块图</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="391" />
        <source>Playground</source>
        <translation>试玩区</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="392" />
        <source>Load generator</source>
        <translation>负载生成器</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="393" />
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="394" />
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="395" />
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="396" />
        <source>Engine settings</source>
        <translation>引擎设置</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="397" />
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="398" />
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="399" />
        <source>Run controls</source>
        <translation>运行控制</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="400" />
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="401" />
        <source>Recent models</source>
        <translation>最近的模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="402" />
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="403" />
        <source>&amp;Scenarios</source>
        <translation>场景(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="404" />
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="405" />
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="406" />
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="407" />
        <source>&amp;Open model...</source>
        <translation>打开模型(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="408" />
        <source>Export all...</source>
        <translation>全部导出…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="409" />
        <source>Write every chart (PNG 1x/2x, SVG, CSV), the step metrics and a manifest into a folder.</source>
        <translation>把每张图表（PNG 1 倍／2 倍、SVG、CSV）、每步指标和清单写入文件夹。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="410" />
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="411" />
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="411" />
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="413" />
        <source>Run or pause the engine (Space).</source>
        <translation>运行或暂停引擎（空格键）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="414" />
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="415" />
        <source>Run exactly one engine step (N).</source>
        <translation>只运行一个引擎步骤（N）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="416" />
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="417" />
        <source>Drop every request and the chart history; keep the model and settings (Ctrl+R).</source>
        <translation>丢弃所有请求和图表历史，保留模型和设置（Ctrl+R）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="418" />
        <source>Faster</source>
        <translation>加快</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="419" />
        <source>One step of the speed control up (] or +).</source>
        <translation>速度调快一级（] 或 +）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="420" />
        <source>Slower</source>
        <translation>放慢</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="421" />
        <source>One step of the speed control down ([ or -).</source>
        <translation>速度调慢一级（[ 或 -）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="422" />
        <source>Compare variants</source>
        <translation>比较变体</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="423" />
        <source>Run each of the scenario's variants on its own engine and overlay their charts (Ctrl+K).</source>
        <translation>在各自的引擎上运行场景的每个变体，并叠加其图表（Ctrl+K）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="424" />
        <source>Cancel loading</source>
        <translation>取消加载</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="425" />
        <source>Stop loading the model; the previous model stays (Esc).</source>
        <translation>停止加载模型；保留先前的模型（Esc）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="426" />
        <source>Open a GGUF model (Ctrl+O).</source>
        <translation>打开 GGUF 模型（Ctrl+O）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="427" />
        <source>Write every chart (PNG 1x/2x, SVG, CSV), the step metrics and a manifest into a folder (Ctrl+Shift+E).</source>
        <translation>将每张图表（PNG 1x/2x、SVG、CSV）、每步指标与清单写入文件夹（Ctrl+Shift+E）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="428" />
        <source>Presentation mode</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="429" />
        <source>Full screen with larger fonts and thicker lines (F11).</source>
        <translation>全屏、较大字体和较粗线条（F11）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="430" />
        <source>Dark theme</source>
        <translation>深色主题</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="431" />
        <source>Open scenario file...</source>
        <translation>打开场景文件…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="432" />
        <source>Save current settings as scenario...</source>
        <translation>将当前设置保存为场景…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="434" />
        <source> Speed: </source>
        <translation> 速度： </translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="435" />
        <source>Slow the engine down for demonstrations; full speed steps as fast as the CPU allows ([ slower, ] faster).</source>
        <translation>演示时放慢引擎；全速则以 CPU 能达到的最快速度运行（[ 调慢，] 调快）。</translation>
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
        <translation>没有 %1 的翻译</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="510" />
        <source>Loading %1 ...</source>
        <translation>正在加载 %1 …</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="511" />
        <source>Loading model %1</source>
        <translation>正在加载模型 %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="525" />
        <source>Reading %p%</source>
        <translation>读取中 %p%</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="525" />
        <source>Quantizing %p%</source>
        <translation>量化中 %p%</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="545" />
        <source>Model not loaded</source>
        <translation>模型未加载</translation>
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
        <translation>已加载 %1（%2 层）</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="558" />
        <source>Weights: %1, %2 MiB</source>
        <translation>权重：%1，%2 MiB</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="566" />
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="567" />
        <source>Settings rejected: %1</source>
        <translation>设置被拒绝：%1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="570" />
        <source>Engine built with %1 KV blocks.</source>
        <translation>引擎已创建，共 %1 个 KV 块。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="581" />
        <source>Discard running work?</source>
        <translation>要丢弃运行中的工作吗？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="582" />
        <source>Requests are still waiting or running. Rebuilding the engine discards them. Continue?</source>
        <translation>仍有请求在等待或运行中。重建引擎会丢弃它们。要继续吗？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="593" />
        <location filename="../../ui/main_window.cpp" line="600" />
        <source>Weights not changed</source>
        <translation>权重未更改</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="593" />
        <source>Load a model before choosing its weight quantization.</source>
        <translation>请先加载模型，再选择权重量化。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="608" />
        <source>Re-quantizing the weights to %1</source>
        <translation>正在将权重重新量化为 %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="635" />
        <source>%1 | step %2 | %3 running, %4 waiting | %5 KV blocks</source>
        <translation>%1｜第 %2 步｜%3 运行中、%4 等待中｜%5 个 KV 块</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="636" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="636" />
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="642" />
        <source>No model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="700" />
        <source>Scenario "%1": %2</source>
        <translation>场景“%1”：%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window.cpp" line="706" />
        <source>This scenario compares %n variant(s); each runs on its own engine (Compare tab).</source>
        <translation><numerusform>此场景比较 %n 个变体；每个都在自己的引擎上运行（比较标签页）。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="726" />
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ModelCardPanel</name>
    <message>
        <source>Compute device</source>
        <translation>计算设备</translation>
    </message>
    <message>
        <source>CUDA: %1, %2 (%3 free)</source>
        <translation>CUDA：%1，%2（可用 %3）</translation>
    </message>
    <message>
        <source>CPU, %1 threads</source>
        <translation>CPU，%1 个线程</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="38" />
        <source>&lt;p&gt;No model loaded. Use &lt;b&gt;File &amp;gt; Open model&lt;/b&gt; or drop a .gguf file on the window.&lt;/p&gt;</source>
        <translation>&lt;p&gt;尚未加载模型。请使用&lt;b&gt;文件 &amp;gt; 打开模型&lt;/b&gt;，或把 .gguf 文件拖放到窗口上。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="48" />
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="49" />
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="50" />
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="51" />
        <source>File size</source>
        <translation>文件大小</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="52" />
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="53" />
        <source>Weight mode</source>
        <translation>权重模式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="54" />
        <source>%1 (simulated: the values of a lower precision, stored and run as F32)</source>
        <translation>%1（模拟：较低精度的数值，以 F32 存储与运行）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="57" />
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="58" />
        <source>Heads / KV heads / head dim</source>
        <translation>注意力头／KV 头／头维度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="59" />
        <source>Hidden / FFN</source>
        <translation>隐藏层／FFN</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="60" />
        <source>Context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="61" />
        <source>Vocabulary</source>
        <translation>词汇量</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="62" />
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="63" />
        <source>Chat template</source>
        <translation>对话模板</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="63" />
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="64" />
        <source>KV bytes per token (%1)</source>
        <translation>每 token 的 KV 字节（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="66" />
        <source>Tensor types</source>
        <translation>张量类型</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="69" />
        <source>%1 tensors, %2</source>
        <translation>%1 个张量，%2</translation>
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
        <location filename="../../ui/panels/playground_panel.cpp" line="86" />
        <source>Request %1 submitted; press Run or Step to generate.</source>
        <translation>请求 %1 已提交；按“运行”或“单步”开始生成。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="86" />
        <source>Not submitted: %1</source>
        <translation>未提交：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="144" />
        <source>Request %1: %2 prompt tokens (%3 from the prefix cache), %4 generated, state %5</source>
        <translation>请求 %1：%2 个提示 token（%3 个来自前缀缓存），已生成 %4 个，状态 %5</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="160" />
        <source>Output token %1: %2</source>
        <translation>输出 token %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="171" />
        <source>Prompt token %1: waiting to be scheduled</source>
        <translation>提示 token %1：等待调度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="176" />
        <source>Prompt token %1: %2</source>
        <translation>提示 token %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="188" />
        <source>Type a prompt, e.g. "Explain the KV cache in one sentence."</source>
        <translation>输入提示，例如“用一句话解释 KV 缓存。”</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="189" />
        <source>Chat (template)</source>
        <translation>对话（套用模板）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="190" />
        <source>Raw prompt</source>
        <translation>原始提示</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="191" />
        <source>Chat wraps the prompt in the model's chat template; raw sends the text as is.</source>
        <translation>对话模式会用模型的对话模板包装提示；原始模式则照原样发送文字。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="192" />
        <source>Max tokens</source>
        <translation>最多 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="193" />
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="194" />
        <source>0 picks the most likely token every time (greedy); higher values sample more freely.</source>
        <translation>0 每次都选最可能的 token（贪婪）；数值越高采样越自由。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="195" />
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="196" />
        <source>Sample only among the k most likely tokens (0 = off).</source>
        <translation>只在最可能的 k 个 token 中采样（0 = 关闭）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="197" />
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="198" />
        <source>Sample among the smallest set of tokens whose probability reaches p (1 = off).</source>
        <translation>在概率总和达到 p 的最小 token 集合中采样（1 = 关闭）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="199" />
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="200" />
        <source>Random seed, so a sampled answer can be reproduced.</source>
        <translation>随机种子，让采样结果可以复现。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="201" />
        <source>Send</source>
        <translation>发送</translation>
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
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="33" />
        <source>preempted</source>
        <translation>已抢占</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="34" />
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="35" />
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="36" />
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="69" />
        <source>ID</source>
        <translation>编号</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="70" />
        <source>State</source>
        <translation>状态</translation>
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
        <translation>持有块</translation>
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
        <translation>抢占次数</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RequestsPanel</name>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="63" />
        <source>Request %1: %2</source>
        <translation>请求 %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="64" />
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="65" />
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="86" />
        <source>Cancel selected request</source>
        <translation>取消选中的请求</translation>
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