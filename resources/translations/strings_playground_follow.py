# zh_TW / zh_CN texts of the Playground showing a request selected elsewhere (loaded by fill_translations.py).
T = {
    'Request %1 is no longer held by the engine.': ('請求 %1 已不在引擎中。', '请求 %1 已不在引擎中。'),
    'Request %1: reading its prompt and output so far...': ('請求 %1：正在讀取它的提示與目前的輸出…', '请求 %1：正在读取它的提示与目前的输出…'),
}
