# The request timeline's prefill drawn chunk by chunk (ui/reqtimeline).
T = {
 'in %n chunk(s): %1 tokens': ('分 %n 段：%1 個 token', '分 %n 段：%1 个 token'),
 'A prefill shows its chunks, one per step; paler where a step ran without it.':
   ('預填顯示它的分段，每步一段；某一步沒有處理它時顏色較淡。', '预填充显示它的分段，每步一段；某一步没有处理它时颜色较淡。'),
}
