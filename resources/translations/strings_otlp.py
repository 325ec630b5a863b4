# zh_TW / zh_CN texts of the Servers tab's OTLP trace receiver and its traced-requests table (loaded by fill_translations.py).
T = {
    '%1 is not a loopback address: the Servers tab receives traces on this computer only '
    '(inferscope-cli attach --otlp-allow-remote takes them from other hosts).':
        ('%1 不是本機迴路位址：「伺服器」分頁只接收這台電腦上的追蹤（要接收其他主機的追蹤，請用 inferscope-cli attach --otlp-allow-remote）。',
         '%1 不是本机回环地址：“服务器”标签页只接收这台电脑上的追踪（要接收其他主机的追踪，请用 inferscope-cli attach --otlp-allow-remote）。'),
    'Request': ('請求', '请求'),
    'Sender': ('傳送端', '发送端'),
    'Queue (ms)': ('排隊（毫秒）', '排队（毫秒）'),
    'TTFT (ms)': ('首個 token 時間（毫秒）', '首个 token 时间（毫秒）'),
    'End to end (ms)': ('端到端（毫秒）', '端到端（毫秒）'),
    'Prompt tokens': ('提示 token 數', '提示 token 数'),
    'Generated tokens': ('產生的 token 數', '生成的 token 数'),
    'OTLP traces on http://%1/v1/traces: %n request(s) received':
        ('OTLP 追蹤接收於 http://%1/v1/traces：已收到 %n 個請求', 'OTLP 追踪接收于 http://%1/v1/traces：已收到 %n 个请求'),
    ' in %n export(s)': ('，共 %n 次匯出', '，共 %n 次导出'),
    'Traced requests in this recording: %n': ('此錄製中的追蹤請求：%n 個', '此录制中的追踪请求：%n 个'),
    '; %n refused (last: %1)': ('；拒絕 %n 次（最近一次：%1）', '；拒绝 %n 次（最近一次：%1）'),
    '; the newest %1 shown': ('；顯示最新的 %1 個', '；显示最新的 %1 个'),
    'Medians: queue %1 ms, time to first token %2 ms, end to end %3 ms':
        ('中位數：排隊 %1 毫秒，首個 token 時間 %2 毫秒，端到端 %3 毫秒', '中位数：排队 %1 毫秒，首个 token 时间 %2 毫秒，端到端 %3 毫秒'),
    'Traced requests (OTLP), when each finished': ('追蹤的請求（OTLP），依各自完成的時間', '追踪的请求（OTLP），按各自完成的时间'),
    'time in queue': ('排隊時間', '排队时间'),
    'time to first token': ('首個 token 時間', '首个 token 时间'),
    'end to end': ('端到端', '端到端'),
    'Cannot receive traces': ('無法接收追蹤', '无法接收追踪'),
    'Server URLs, separated by spaces (replicas side by side), e.g. http://127.0.0.1:8080.\n'
    'Optionally a vLLM KV-event publisher, e.g. tcp://gpu-node:5557, and where to receive the\n'
    "engines' OTLP traces, e.g. otlp://127.0.0.1:4318 (vLLM: --otlp-traces-endpoint http://127.0.0.1:4318/v1/traces).\n"
    'Only GET /metrics and /slots are sent (and the KV-event replay request).':
        ('伺服器網址，以空格分隔（多個副本並列），例如 http://127.0.0.1:8080。\n'
         '可選：vLLM 的 KV 事件發布端，例如 tcp://gpu-node:5557，以及接收引擎 OTLP 追蹤的位址，\n'
         '例如 otlp://127.0.0.1:4318（vLLM：--otlp-traces-endpoint http://127.0.0.1:4318/v1/traces）。\n'
         '只會送出 GET /metrics 與 /slots（以及 KV 事件的重播請求）。',
         '服务器网址，以空格分隔（多个副本并列），例如 http://127.0.0.1:8080。\n'
         '可选：vLLM 的 KV 事件发布端，例如 tcp://gpu-node:5557，以及接收引擎 OTLP 追踪的地址，\n'
         '例如 otlp://127.0.0.1:4318（vLLM：--otlp-traces-endpoint http://127.0.0.1:4318/v1/traces）。\n'
         '只会发送 GET /metrics 与 /slots（以及 KV 事件的重放请求）。'),
}
