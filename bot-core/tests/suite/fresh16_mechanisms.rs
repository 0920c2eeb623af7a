//! The misses of `questions_fresh16.tsv` as mechanisms, on cases of my own (none in a batch).

use super::understand::share_by_line;

#[test]
fn fresh16_mechanisms_on_cases_of_their_own() {
    let cases = "\
# A1. a number and its unit said apart by spaces: the minutes after hours and the jiao kept
autodl 4090 跑了 3 个小时 15 分钟 多少钱\t/cost autodl rtx-4090 3h15m
vast 3090 跑 1 小时 30 分 多少钱\t/cost vast rtx-3090 1h30m
用了 autodl 3090 5 小时 花了 7 块 5\t/trial autodl rtx-3090 5h 7.5cny
autodl 4090 跑 2 小时 多少钱\t/cost autodl rtx-4090 2h
# A2. an API price's unit (`一百万 token`) is no daily volume when the day's is said too
api 每百万token 3块 我每天5000万token qwen2.5-7b 4090 自建划算吗\t/tco qwen2.5-7b bf16 rtx-4090 50m 3cny
llama-3.1-8b on l4, api is $0.2 per 1 million tokens, we do 20 million tokens a day, self host worth it?\t/tco llama-3.1-8b bf16 l4 20m 0.2usd
# A3. a night said beside its own hours: the hours are the length
vast 4090 通宵 6个小时 多少钱\t/cost vast rtx-4090 6h
autodl 3090 跑12小时 一整晚 多少钱\t/cost autodl rtx-3090 12h
runpod a100 overnight 10 hours how much\t/cost runpod a100-80g-sxm 10h
autodl 4090 一晚上 多少钱\t/cost autodl rtx-4090 8h
# A4. a bare number before a ranking is asked back, never the default hour
a100 跑 3 哪家便宜\task:/compare a100-80g-sxm 3h
4090 for 5 cheapest where\task:/compare rtx-4090 5h
# A5. a card's memory said before its name: that card, not the base one
48g 的 4090 能跑 qwen2.5-32b 吗\t/fit qwen2.5-32b rtx-4090-48g
魔改 48g 4090 跑 qwen2.5-72b int4 够吗\t/fit qwen2.5-72b int4 rtx-4090-48g
a 32gb v100 fit qwen2.5-14b?\t/fit qwen2.5-14b v100-32g
need 48gb vram, 4090 or a6000\t/gpu rtx-4090 rtx-a6000
# A6. a card count said apart with its classifier
h100 跑 llama-3.1-405b fp8 一台8卡够吗\t/fit llama-3.1-405b fp8 8xh100-sxm
4090 跑 qwen2.5-72b int4 要4张卡吗\t/fit qwen2.5-72b int4 4xrtx-4090
sdxl 4090 出4张图\t/fit sdxl rtx-4090
# A7. a plan weighed against paying by the hour: the ranking for the usage said
每天用6小时 3090 包月还是按小时付费划算\t/compare rtx-3090 daily 6h
i use a 4090 about 5 hours a day, monthly plan or pay as you go?\t/compare rtx-4090 daily 5h
每天用4个小时4090 按量划算还是包月\t/compare rtx-4090 daily 4h
# rent against an API is still that question
4090 自建划算还是api划算 qwen2.5-7b\t/tco qwen2.5-7b bf16 rtx-4090
# A8. a machine of several cards asked after: its offers, not an hour's bill or the card alone
any 8x h100 boxes\t/offers h100-sxm cards>=8
8x h100 nodes available?\t/offers h100-sxm cards>=8
runpod 有没有 4卡 a100 的机器\t/offers a100-80g-sxm runpod cards>=4
vast 4x 4090 machine under $2/hr per card\t/offers rtx-4090 vast cards>=4 max=2usd/hour
# a price asked of it is still its bill
2x a6000 box on vast for 10 hours how much\t/cost vast rtx-a6000 10h cards=2
# C. needs said alone, without the word 平台: the filtered list
能用支付宝 按秒计费\t/platforms alipay per-second
paypal and per-second billing\t/platforms paypal per-second
可以用支付宝的\t/platforms alipay
# D. guidance asked with a job's facts beyond a model: /pick, which keeps them all
qwen2.5-7b lora 微调 预算200块 帮我规划\t/pick
不想实名 帮我推荐个平台\t/pick
help me plan this: finetune mistral-7b with qlora, budget 20 dollars\t/pick
which provider for a 3 hour job, alipay only, any advice\t/pick
no idea what to rent, any advice\t/pick
# a card named, or a model alone, keeps the narrower reading
帮我挑卡 qwen2.5-32b\t/fit qwen2.5-32b
推荐一张卡跑qwen2.5-7b\t/fit qwen2.5-7b
which cloud takes paypal\t/platforms paypal
# B. a job's hidden costs said in words: the bill's own options
vast 3090 跑5小时 开机要10分钟 多少钱\t/cost vast rtx-3090 5h boot=10m
4090 跑3小时 带 50g 硬盘 哪家便宜\t/compare rtx-4090 3h storage=50gb
runpod h100 2h boot 5m pull 8m\t/cost runpod h100-sxm 2h boot=5m pull=8m
lambda a100 6 hours with 15 min image pull, how much\t/cost lambda a100-80g-sxm 6h pull=15m
# B. an image or video model's size and offload said in words
sdxl 1536x1536 3090\t/fit sdxl rtx-3090 res=1536x1536
flux.1-dev sequential offload on a 3060\t/fit flux.1-dev rtx-3060 offload=sequential
wan2.1 14b 1080p 能在 h200 上跑吗\t/fit wan2.1-t2v-14b h200-sxm res=1080p
2x4090 能跑 sdxl 吗\t/fit sdxl 2xrtx-4090
# B. vLLM's own flags: tensor parallel as cards, max_model_len as ctx, max_num_seqs as batch
vllm serve qwen2.5-32b on h100 --tensor-parallel-size 2 --max-model-len 32768\t/fit qwen2.5-32b ctx=32k 2xh100-sxm engine=vllm
qwen2.5-7b on l4 max_num_seqs 16 fits?\t/fit qwen2.5-7b l4 batch=16 seqs=16
# E. two words naming one quantization: the specific format, not asked back
qwen2.5-32b awq int4 on a 4090?\t/fit qwen2.5-32b awq rtx-4090
两张3090 跑 qwen2.5-32b gptq int4 行不行\t/fit qwen2.5-32b gptq-int4 2xrtx-3090
# two formats are still asked
qwen2.5-32b int4 还是 fp8 h100\task:/fit qwen2.5-32b fp8 h100-sxm
# C. the chat's currency asked or set in words
switch to yuan\t/currency cny
换成人民币\t/currency cny
what currency are you using\t/currency
prices in usd please\t/currency usd
以后都用美金吧\t/currency usd
现在的币种是啥\t/currency
以后价格都用美元显示\t/currency usd
# a price asked in a currency is a price, not the chat's currency
4090 多少美元\t/gpu rtx-4090
# C. a period said before its amount, or shortened (`每时`, `per min`)
包月2000块 折合每小时多少\t/convert 2000cny/month to hour
每个月 3000 元 合每小时多少\t/convert 3000cny/month to hour
一个星期 ¥700 折合一小时多少\t/convert 700cny/week to hour
2.5元每时 合每分钟多少\t/convert 2.5cny/hour to minute
# C. the whole lists and the help asked in more ways
给我列一下所有平台\t/platforms
show me the full list of platforms\t/platforms
都有哪些平台\t/platforms
国内有哪些gpu租赁平台\t/platforms cn
the full list of gpus\t/gpus
what cards do you have data on\t/gpus
你们的模型都有哪些\t/models
how do i use this bot\t/help
不会用 求说明书\t/help
";
    let (total, right) = share_by_line("fresh16 mechanisms", cases);
    assert_eq!(right, total, "{right} of {total}");
}
