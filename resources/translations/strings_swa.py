# -*- coding: utf-8 -*-
# Sliding-window KV groups: the block map's groups and released blocks, the KV chart's full-attention line.
T = {
    'Full attention: peak': ('全注意力：峰值', '全注意力：峰值'),
    'sliding window of %1 tokens': ('%1 個 token 的滑動視窗', '%1 个 token 的滑动窗口'),
    'full attention': ('全注意力', '全注意力'),
    'Group %1: %2, layers %3': ('第 %1 組：%2，層 %3', '第 %1 组：%2，层 %3'),
    'Returned to the pool: the window moved past it': ('已歸還區塊池：視窗已越過它', '已归还块池：窗口已越过它'),
    '%1 × window %2: %3 held, %4 returned': ('%1 × 視窗 %2：持有 %3，已歸還 %4', '%1 × 窗口 %2：持有 %3，已归还 %4'),
    '%1 × full attention: %2 held': ('%1 × 全注意力：持有 %2', '%1 × 全注意力：持有 %2'),
    'seq %1 (%2 tokens):': ('序列 %1（%2 個 token）：', '序列 %1（%2 个 token）：'),
    "Teal top band = a sliding-window layer group's block; teal outline + centre mark = returned once the "
    'window passed it (· in the tables G0, G1, ...).': (
        '頂端青色條 = 滑動視窗層組的區塊；青色外框加中央標記 = 視窗越過後已歸還（表 G0、G1……中以 · 表示）。',
        '顶端青色条 = 滑动窗口层组的块；青色外框加中央标记 = 窗口越过后已归还（表 G0、G1……中以 · 表示）。'),
}
