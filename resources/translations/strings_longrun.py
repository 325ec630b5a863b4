# Long sessions (issue 21): the requests panel's totals line. Loaded by fill_translations.py.
T = {
 '%1 requests: %2 running, %3 waiting, %4 ended (%5 failed, %6 cancelled); the table shows %7':
   ('%1 個請求：%2 個執行中、%3 個等待中、%4 個已結束（%5 個失敗、%6 個已取消）；表格顯示 %7 個',
    '%1 个请求：%2 个运行中、%3 个等待中、%4 个已结束（%5 个失败、%6 个已取消）；表格显示 %7 个'),
 'The table keeps the running requests, the first waiting ones and the most recently ended ones; older requests are only counted here.':
   ('表格保留執行中的請求、最前面的等待請求與最近結束的請求；較舊的請求只在這裡計數。',
    '表格保留运行中的请求、最前面的等待请求与最近结束的请求；较旧的请求只在这里计数。'),
}
