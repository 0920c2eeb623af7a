# 问题读取的稳健性（issue 26，und-g）：卡数、追问、显存下限。
understand-negative-count = “{ $word }”不是能用的卡数：卡数至少 1 张（最多 64 张），所以没有按 1 张来回答。请重新说一次，例如 2张4090 或 2x 4090。
offers-floor-catalog = 改从价格目录里找：显存至少 { $vram } GB 的卡共 { $count } 张，每张按目录里最便宜的按量小时价，从便宜到贵排列。
offers-floor-catalog-note = 以上是价格目录里的标价（每行注明平台和日期），不是实时库存：用 /compare 加卡名，可以按你的任务给所有平台排名。
understand-follow-up = 这像是在改前一个问题，但我不记得之前的问题，所以不猜要改哪里。请把问题完整地再说一次，例如“autodl 上 A100 跑 3 小时多少钱”或“4 张 A100 能跑 llama-3.1-70b 吗”。
understand-follow-up-alone = 只看这句话本身，可以是：
error-unknown-command-near = 你是不是想用 { $commands }？同一行改成它：
