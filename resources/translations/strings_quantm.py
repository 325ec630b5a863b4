# zh_TW / zh_CN texts of the GPTQ/AWQ weight modes in the engine-settings panel (loaded by fill_translations.py).
T = {
    '%1 (calibrated)': ('%1（校準）', '%1（校准）'),
    'Simulated after calibration on a text; takes seconds to minutes on 2 cores.': (
        '以一段文字校準後模擬；在 2 核心上需要數秒到數分鐘。',
        '以一段文本校准后模拟；在 2 核上需要数秒到数分钟。'),
}
