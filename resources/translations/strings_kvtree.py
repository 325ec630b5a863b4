# zh_TW / zh_CN texts of the Servers tab's prefix tree and block-pool bar (vLLM's KV events; loaded by fill_translations.py).
T = {
    "Block pool: %1 blocks hold cached prefixes; the pool's size is unknown (the server's /metrics "
    "publishes no cache_config_info num_gpu_blocks)":
        ('區塊池：%1 個區塊存有已快取的前綴；區塊池大小不明（伺服器的 /metrics 沒有發布 cache_config_info num_gpu_blocks）',
         '块池：%1 个块存有已缓存的前缀；块池大小未知（服务器的 /metrics 没有发布 cache_config_info num_gpu_blocks）'),
    'Block pool: %1 of %2 blocks hold cached prefixes (%3%)':
        ('區塊池：%2 個區塊中有 %1 個存有已快取的前綴（%3%）', '块池：%2 个块中有 %1 个存有已缓存的前缀（%3%）'),
    "Prefix tree: drawn live only (a recording keeps the prefix cache's counts, shown above, not its blocks).":
        ('前綴樹：只在連線時繪製（錄製檔只保存前綴快取的計數，見上方，不保存其區塊）。',
         '前缀树：只在连线时绘制（录制文件只保存前缀缓存的计数，见上方，不保存其块）。'),
    'Prefix tree: no blocks cached yet.': ('前綴樹：尚無已快取的區塊。', '前缀树：尚无已缓存的块。'),
    'Prefix tree: %1 blocks under %2 roots, %3 cached prompts. Each block is as wide as the prompts '
    'that share it; the prompt runs downward.':
        ('前綴樹：%2 個根之下共 %1 個區塊，%3 個已快取的提示。每個區塊的寬度代表共用它的提示數；提示由上往下延伸。',
         '前缀树：%2 个根之下共 %1 个块，%3 个已缓存的提示。每个块的宽度代表共享它的提示数；提示由上往下延伸。'),
    '%n smaller block(s) folded into …': ('%n 個較小的區塊收合為「…」', '%n 个较小的块折叠为“…”'),
    '%n smaller subtree(s) folded here': ('此處收合了 %n 個較小的子樹', '此处折叠了 %n 个较小的子树'),
    '%1 blocks, %2 cached prompts, from depth %3': ('%1 個區塊、%2 個已快取的提示，自深度 %3 起', '%1 个块、%2 个已缓存的提示，自深度 %3 起'),
    'Depth %1: %2 blocks in the chain from its root to here': ('深度 %1：從根到此處的鏈共 %2 個區塊', '深度 %1：从根到此处的链共 %2 个块'),
    '%1 cached prompts share this prefix': ('%1 個已快取的提示共用此前綴', '%1 个已缓存的提示共享此前缀'),
    'One cached prompt holds this block': ('只有一個已快取的提示含有此區塊', '只有一个已缓存的提示含有此块'),
    'First token id %1; %2 tokens in the block': ('第一個 token id 為 %1；區塊內有 %2 個 token', '第一个 token id 为 %1；块内有 %2 个 token'),
    'No token ids were sent for this block': ('此區塊沒有傳來 token id', '此块没有传来 token id'),
    'Hash %1': ('雜湊 %1', '哈希 %1'),
    '… %1 blocks': ('… %1 個區塊', '… %1 个块'),
    '%1 prompts': ('%1 個提示', '%1 个提示'),
    '1 prompt': ('1 個提示', '1 个提示'),
}
