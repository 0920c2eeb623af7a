# 把普通问题读成命令（bot-core/src/understand.rs）。

understood-as = 我理解为：{ $command }
understand-ask = 这句话有{ $count ->
    [2] 两
    [3] 三
    [4] 四
    [5] 五
    [6] 六
   *[other] { $count }
  }种理解，你指的是哪个？
understand-choice = { $command }
understand-unknown = 没看出你说的是哪张卡、哪个模型或哪个平台。可以这样问：“4090 能跑 qwen2.5-32b int4 吗”“autodl 4090 跑 40 分钟多少钱”“最便宜的 A100”——也可以直接用命令。
understand-also = 你还问了第二个问题，上面先回答了第一个。点下面查第二个：
understand-region = 你提到了地区，但上面的价格包含所有地区（这个命令不能按地区筛选）。点下面查看该地区的报价：
understand-not-carried = 你还提到了 { $what }，上面的回答没有算上它（这个命令放不下它）。点下面用它查询：
understand-region-platforms = 你说的是{ $region ->
    [cn] 国内
    [global] 海外
   *[other] { $region }
  }，但{ $names }不是{ $region ->
    [cn] 国内
    [global] 海外
   *[other] { $region }
  }平台：仍按你点名的平台比较。/platforms { $region } 可查看那边的平台。
understand-storage-unsized = 上面的金额没有包含存储费用：请说明容量（例如 storage=100gb），才会计入账单。
understand-usdt = 金额后面的“u”按 USDT 理解，当作美元计（USDT 与美元 1:1 锚定），上面的数字都是美元。
understand-read-slip = （我把“{ $typed }”读作“{ $word }”，当作输入法或键盘的笔误。如果不是这个意思，请换个说法再问。）
