# Chart texts (ui/charts, ui/compare): short axis titles and legend names that fit a 300x200 chart.
T = {
 'Paged: allocated': ('分頁：已配置', '分页：已分配'),
 'Tokens stored': ('已存 token', '已存 token'),
 'Contiguous: reserved': ('連續：預留', '连续：预留'),
 'Count': ('數量', '数量'),
 'Tokens/s': ('token／秒', 'token／秒'),
 'TTFT (left axis)': ('TTFT（左軸）', 'TTFT（左轴）'),
 'TPOT (right axis)': ('TPOT（右軸）', 'TPOT（右轴）'),
}
