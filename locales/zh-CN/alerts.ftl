## 到货提醒：/subscribe、/unsubscribe、/subs，以及运维用的 /status。

cmd-subscribe = 某款显卡到货时在本聊天通知（售罄时再说一声）
usage-subscribe = 用法：/subscribe <显卡> [平台] [max=每卡时最高价] [cards=卡数] —— 例如 /subscribe 4090 max=0.5、/subscribe h100 runpod max=2.5、/subscribe 4090 cards=2
cmd-unsubscribe = 取消一条或全部到货提醒
usage-unsubscribe = 用法：/unsubscribe <编号|全部> —— 编号见 /subs
cmd-subs = 本聊天的到货提醒
usage-subs = 用法：/subs
cmd-status = 运维：提醒、发件队列与数据源状态
usage-status = 用法：/status（仅限机器人运维人员）

discord-name-subscribe = 到货提醒
discord-name-unsubscribe = 取消提醒
discord-name-subs = 我的提醒
discord-name-status = 运行状态
discord-opt-max_price = 最高价
discord-opt-max_price-about = 每卡时最高价，例如 2.5 或 ¥15
discord-opt-id = 编号
discord-opt-id-about = /subs 里的提醒编号，或“全部”

alerts-subscribed = 已设置提醒：{ $line }
alerts-subscribed-how = 到货时我会在这里通知一次（库存来回跳动不会反复刷屏），售罄时再说一声。/subs 查看本聊天的提醒；/unsubscribe { $id } 取消这一条。
alerts-duplicate = 本聊天已有同样的提醒（#{ $id }），见 /subs。
alerts-full = 本聊天已有 { $max } 条提醒，已达上限。请先用 /unsubscribe 删掉一条——抱歉有这个限制，这样大家的通知都能及时送达。
alerts-admins-only = 在这里只有管理员可以添加或删除到货提醒。
alerts-admin-unknown = 暂时无法确认你是否为这里的管理员（平台没有回应），因此没有做任何改动。请稍后再试。
alerts-cannot-post-here = 我能在这里回复你，但不能主动在这里发消息（应用是装在你的账号上而不是这个服务器、这是群组私信，或我在这个频道没有发言权限），所以提醒永远到不了。请在和我的私信里设置，或在我已加入且有发言权限的服务器频道里设置。
alerts-error-cards = “{ $text }”不是可用的卡数（1 到 4096）。
alerts-error-option = 不认识选项“{ $text }”；/subscribe 支持 max= 和 cards=。
alerts-error-id = “{ $text }”不是提醒编号，也不是“全部”。
alerts-removed = 已删除提醒 #{ $id }。
alerts-removed-all = { $count ->
    [0] 本聊天没有提醒。
   *[other] 已删除 { $count } 条提醒。
  }
alerts-no-such = 本聊天没有 #{ $id } 号提醒。
alerts-see-subs = /subs 会列出本聊天的提醒及编号。
alerts-none = 本聊天还没有到货提醒。
alerts-list = 本聊天共有 { $count } 条到货提醒：
alerts-list-how = /unsubscribe <编号> 取消一条；/unsubscribe 全部 可全部取消。
alerts-list-paused = ⏸ 自 { $since } 起暂停：我当时无法在这里发消息。在这里重新设置任意一条提醒（或把我重新加回来）即可恢复，否则将于 { $until } 删除。
alerts-sub-line = #{ $id } { $gpu }{ $platform ->
    [none] {"，"}任意平台
   *[other] {"，"}{ $platform }
  }{ $max ->
    [none] {""}
   *[other] ，每卡时不超过 { $max }
  }{ $cards ->
    [0] {""}
   *[other] ，至少 { $cards } 张卡
  }{ $stock ->
    [none] {""}
   *[other] {"——"}目前在 { $stock } 有货
  }

alerts-back = { $gpu } 在 { $platform } 有货了：每卡时 { $price } 起，{ $count ->
    [0] 共 { $offers } 个报价
   *[other] 可租 { $count } 张
  }，地区：{ $region ->
    [unknown] 未知
   *[other] { $region }
  }。发现时间 { $seen }。
    算算你的任务要花多少：{ $cost } · 全部报价：{ $stock } · 帮你选卡：/pick · 提醒 #{ $id }：发送 /unsubscribe { $id } 可取消
alerts-back-compact = { $gpu } 在 { $platform } 有货，每卡时 { $price } 起（{ $count ->
    [0] { $offers } 个报价
   *[other] 可租 { $count } 张
  }，{ $seen }）· { $stock }
alerts-gone = { $gpu } 在 { $platform } 又没货了，这次有货约 { $minutes } 分钟。发现时间 { $seen }。其他报价：{ $stock }
alerts-gone-compact = { $gpu } 在 { $platform } 又没货了（有货约 { $minutes } 分钟）· { $stock }
alerts-footer = 提醒 #{ $id } · 发送 /unsubscribe { $id } 可取消
alerts-chat-gone-notice = 我已无法在聊天 { $chat } 中发消息（机器人被移出、被屏蔽、失去了发言权限，或聊天已删除），那里的 { $count } 条到货提醒已暂停。提醒会保留 { $days } 天：在此期间把我重新加回去（或在那里重新设置一条提醒）即可自动恢复，过期后删除。

alerts-status-operators-only = /status 仅限机器人运维人员使用（GPUSCOUT_ADMINS）。
alerts-status-never = 从未
alerts-status-subs = 订阅：共 { $count } 条，分布在 { $chats } 个聊天（{ $platforms }）：{ $active } 条在提醒，{ $paused } 条已暂停。
alerts-status-paused-note = 已暂停的订阅（所在聊天已不存在或不再允许我发消息）会在暂停 { $days } 天后删除。
alerts-status-outbox = 发件队列：{ $depth } 条待发，{ $retrying } 条在重试；最早一条：{ $oldest }。
alerts-status-delivery = 最近一次送达：{ $last }。
alerts-status-no-providers = 数据源：尚未抓取过。
alerts-status-provider = { $provider }：最近一次成功抓取 { $good }；最近一次尝试 { $attempt }；连续失败 { $misses } 次，累计 { $total } 次；已存 { $offers } 个报价。

pick-alert-me = 有货时提醒我
alerts-family-others = 已按这个名字的默认型号 { $gpu } 设置；{ $others } 各有各的库存和价格。也要盯其中一款的话，点一下：
