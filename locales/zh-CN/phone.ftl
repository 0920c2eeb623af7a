# 手机上的回答形状（bot-core/src/phone.rs、frontend/src/details.rs）。
phone-more = ……完整内容见「明细」
phone-choice-short = { $n }. { $label }
details-button = 明细
details-gone = 这份明细已经不在了，请重新发送命令查看。
# 短回答下面的一行：按什么估算的，怎么改。
phone-assumed = 按以下假设计算：{ $what }（要改就说 { $words }）
