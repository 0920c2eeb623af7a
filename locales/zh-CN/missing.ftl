# 问题里缺了回答所需的信息（issue 26）：问清缺什么，并给一个可以照抄的例子。
understand-missing-price = 用哪张卡、跑多久？比如：“autodl 4090 跑3小时多少钱”或“A100 租一天哪家最便宜”。
understand-missing-price-span = 跑 { $span }，用哪张卡？比如：“4090 跑 { $span }多少钱”或“A100 租 { $span }哪家最便宜”。
understand-missing-fit = 哪个模型、用哪张卡？比如：“4090 能跑 qwen2.5-32b int4 吗”或“llama 3.1 70b 要多少显存”。
understand-missing-fit-card = 在 { $card } 上跑哪个模型？比如：“{ $id } 能跑 qwen2.5-32b int4 吗”或“{ $id } lora 微调 llama 3.1 8b 够吗”。
understand-missing-alert = 要提醒哪张卡？比如：“4090 到货了提醒我”或“A100 低于每小时 1.5 美元时通知我”。
understand-missing-cancel = 这里没有可以取消的东西。/subs 列出本聊天的提醒（/unsubscribe 加提醒编号即可删除）；/cancel 退出 /pick。
understand-missing-stock = 查哪张卡的货？比如：“现在哪里能租到 H100”或“runpod 上 4090 有货吗”。
understand-missing-trend = 看哪张卡的价格走势？比如：“4090 最近一个月的价格走势”或“H100 一般什么时候有货”。
