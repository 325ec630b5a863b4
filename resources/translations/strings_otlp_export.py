# zh_TW / zh_CN texts of sending a run's trace to an OpenTelemetry collector (File menu; loaded by fill_translations.py).
T = {
    'Send trace to a collector': ('傳送追蹤到收集器', '发送追踪到收集器'),
    'OTLP/HTTP traces endpoint (an OpenTelemetry Collector, Jaeger, Tempo):':
        ('OTLP/HTTP 追蹤端點（OpenTelemetry Collector、Jaeger、Tempo）：', 'OTLP/HTTP 追踪端点（OpenTelemetry Collector、Jaeger、Tempo）：'),
    'Sending the trace to %1...': ('正在傳送追蹤到 %1…', '正在发送追踪到 %1…'),
    'Sent the requests of a %n-step run to %1 as OTLP spans':
        ('已將 %n 步執行的請求以 OTLP span 傳送到 %1', '已将 %n 步运行的请求以 OTLP span 发送到 %1'),
    'Trace not sent': ('追蹤未傳送', '追踪未发送'),
    'Send trace to a &collector...': ('傳送追蹤到收集器(&C)…', '发送追踪到收集器(&C)…'),
    "The run's requests as OpenTelemetry spans (vLLM's llm_request, a span per phase) over OTLP/HTTP":
        ('把這次執行的請求以 OpenTelemetry span（vLLM 的 llm_request，每個階段一個 span）經 OTLP/HTTP 傳送',
         '把这次运行的请求以 OpenTelemetry span（vLLM 的 llm_request，每个阶段一个 span）经 OTLP/HTTP 发送'),
    'The run has no request yet: there is nothing to send.': ('這次執行還沒有請求：沒有可傳送的內容。', '这次运行还没有请求：没有可发送的内容。'),
}
