# zh_TW / zh_CN texts of the Playground following the timeline's step (loaded by fill_translations.py).
T = {
    'Request %1 had not been scheduled at this step.': ('請求 %1 在這一步尚未被排程。', '请求 %1 在这一步尚未被调度。'),
}
