error-store-full = 保存失败：服务器磁盘已满，数据没有改动。腾出空间后会自动恢复，无需重启。
error-store-damaged = 数据库文件 { $path } 已损坏（{ $detail }），文件本身没有被改动。可以先运行 `gpuscout db check` 查看详情，再用 `gpuscout db repair` 保留还能读出的数据，或用 `gpuscout db reset` 从空库重新开始；两种做法都会把损坏的文件加上时间戳留在原目录。
error-store-locked = 数据库 { $path } 正被另一个 gpuscout 进程使用。请先停掉那个进程，或换一个 --data-dir。
error-store-newer = 数据库 { $path } 是更新版本的 GPU Scout 写入的（数据格式版本 { $found }，当前版本最高只能读 { $supported }）。请升级 gpuscout，或换一个 --data-dir。
error-store-newer-format = 数据库 { $path } 是更新版本的 GPU Scout 创建的（文件格式版本 { $found }，当前版本最高只能读 { $supported }）。文件没有被改动，也没有损坏：请升级 gpuscout，或换一个 --data-dir。
error-store-io = 数据库读写失败（{ $detail }），数据没有改动。
error-store-no-room = 修复 { $path } 需要在它旁边新建一个最多 { $needed } MiB 的文件，但那里只剩 { $free } MiB 可用空间。数据没有改动。请先腾出空间（或把数据目录复制到空间足够的磁盘上再修复），然后重新运行 `gpuscout db repair`。
chat-invalid-utf8 = 这一行不是有效的 UTF-8 文本（终端编码是不是没设成 UTF-8？），读不出的字节已替换成 �，其余部分照常处理。
