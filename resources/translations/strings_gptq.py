# zh_TW / zh_CN texts of the calibration progress window (loaded by fill_translations.py).
T = {
    'Calibrating weights': ('正在校準權重', '正在校准权重'),
    'Weight mode: %1': ('權重模式：%1', '权重模式：%1'),
    'Running the model over the calibration text ...': ('正在以校準文本執行模型……', '正在用校准文本运行模型……'),
    'Layer %1 of %2, projection %3 of %4': ('第 %1 層（共 %2 層），第 %3 個投影（共 %4 個）',
                                            '第 %1 层（共 %2 层），第 %3 个投影（共 %4 个）'),
    'Projection %1 of %2': ('第 %1 個投影（共 %2 個）', '第 %1 个投影（共 %2 个）'),
    'Elapsed %1:%2': ('已用時間 %1:%2', '已用时间 %1:%2'),
    'Stop; the current weights stay and nothing is cached.': ('停止；保留目前的權重，不寫入快取。', '停止；保留当前的权重，不写入缓存。'),
}
