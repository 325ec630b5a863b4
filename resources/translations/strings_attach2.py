# zh_TW / zh_CN texts of attached sessions' recordings: saving and replaying the Servers tab (loaded by fill_translations.py).
T = {
    'Recording of an attached session (%1, %2): %n poll(s); nothing is contacted.':
        ('已連線工作階段的錄製（%1，%2）：%n 次輪詢；不會連線任何伺服器。',
         '已连接会话的录制（%1，%2）：%n 次轮询；不会连接任何服务器。'),
    'Prefix cache: %1 blocks held in %2 cached prefixes, the longest %3 blocks; '
    '%4 blocks stored and %5 removed in all':
        ('前綴快取：%2 個已快取前綴共持有 %1 個區塊，最長 %3 個區塊；共存入 %4 個、移除 %5 個區塊',
         '前缀缓存：%2 个已缓存前缀共持有 %1 个块，最长 %3 个块；共存入 %4 个、移除 %5 个块'),
    'Poll %1 of %2, %3 s': ('第 %1 次輪詢（共 %2 次），%3 秒', '第 %1 次轮询（共 %2 次），%3 秒'),
    'No server was polled yet: there is nothing to save.':
        ('尚未輪詢任何伺服器：沒有可儲存的內容。', '尚未轮询任何服务器：没有可保存的内容。'),
    '%1 cannot be written: %2': ('無法寫入 %1：%2', '无法写入 %1：%2'),
    'not a recording of an attached session': ('不是已連線工作階段的錄製', '不是已连接会话的录制'),
    '%1 holds no whole poll.': ('%1 沒有任何完整的輪詢。', '%1 没有任何完整的轮询。'),
    'Saved %n poll(s) to %1': ('已將 %n 次輪詢儲存至 %1', '已将 %n 次轮询保存到 %1'),
}
