# zh_TW / zh_CN texts of the GPTQ/AWQ weight modes in the engine-settings panel (loaded by fill_translations.py).
T = {
    '%1 (simulated, calibrated: takes seconds to minutes)': (
        '%1（模擬，需校準：需要數秒到數分鐘）',
        '%1（模拟，需校准：需要数秒到数分钟）'),
}
