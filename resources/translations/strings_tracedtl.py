# The Servers tab's timeline of the requests traced over OTLP (ui/attach/traced_timeline), and the request
# timeline's bar for a stretch a traced request's figures do not split.
T = {
 'not split': ('未細分', '未细分'),
 'to the first token': ('至首個 token', '至首个 token'),
 'not split (a figure missing)': ('未細分（缺少某項數據）', '未细分（缺少某项数据）'),
 'Hover a row for its figures, click to select it in the table; Ctrl+wheel zooms time.':
   ('游標停留在一列上可看數據，點選可在表格中選取它；Ctrl+滾輪縮放時間。',
    '鼠标悬停在一行上可看数据，点击可在表格中选中它；Ctrl+滚轮缩放时间。'),
 "One row per traced request, on this session's clock: its end placed by when its export arrived, "
 'its phases laid back from there with the queue time, time to first token and end-to-end time '
 'the engine measured.':
   ('每個追蹤的請求一列，使用本工作階段的時鐘：結束時間依其匯出抵達的時間推定，'
    '再依引擎量得的排隊時間、首個 token 時間與端到端時間往回排出各階段。',
    '每个追踪的请求一行，使用本会话的时钟：结束时间按其导出到达的时间推定，'
    '再按引擎测得的排队时间、首个 token 时间与端到端时间往回排出各阶段。'),
 'No traced requests yet: start vLLM or SGLang with --otlp-traces-endpoint pointing here.':
   ('尚無追蹤的請求：以 --otlp-traces-endpoint 指向這裡來啟動 vLLM 或 SGLang。',
    '尚无追踪的请求：以 --otlp-traces-endpoint 指向这里来启动 vLLM 或 SGLang。'),
 'queue %1 ms, time to first token %2 ms, end to end %3 ms':
   ('排隊 %1 毫秒，首個 token 時間 %2 毫秒，端到端 %3 毫秒', '排队 %1 毫秒，首个 token 时间 %2 毫秒，端到端 %3 毫秒'),
 'prompt %1 tokens, %2 generated': ('提示 %1 個 token，已生成 %2 個', '提示 %1 个 token，已生成 %2 个'),
 'Not drawn: the span gives neither its end-to-end time nor its start.':
   ('未繪出：此 span 既沒有端到端時間，也沒有開始時間。', '未绘出：此 span 既没有端到端时间，也没有开始时间。'),
 'A figure is missing: the phases it would separate are one bar.':
   ('缺少某項數據：它原本區隔的兩個階段畫成一條。', '缺少某项数据：它原本区隔的两个阶段画成一条。'),
}
