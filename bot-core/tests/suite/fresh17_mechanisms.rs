//! The misses of `questions_fresh17.tsv` as mechanisms, on cases of my own (none in a batch).

use super::understand::share_by_line;

#[test]
fn fresh17_mechanisms_on_cases_of_their_own() {
    let cases = "\
# A1. trainer flags: `--lora_r` is LoRA, a per-device batch is the batch, a sequence length the ctx
--lora_r 8 --per_device_train_batch_size 2 llama-3.1-8b on an l4, oom?\t/fit llama-3.1-8b lora l4 rank=8 batch=2
qwen2.5-7b a100 load_in_4bit lora_alpha 32 够吗\t/fit qwen2.5-7b qlora a100-80g-sxm
max_seq_len 4096 qlora mistral-7b-v0.3 on a t4\t/fit mistral-7b-v0.3 qlora ctx=4k t4
qwen2.5-14b 上下文 16384 4090 能跑吗\t/fit qwen2.5-14b ctx=16k rtx-4090
cutoff_len=2048 lora qwen2.5-3b 3060\t/fit qwen2.5-3b lora ctx=2k rtx-3060
# A2. people served at once said as `给 N 个人用` or `N parallel requests`: the batch
qwen2.5-14b awq 给 30 个人用 一张 a6000 行吗\t/fit qwen2.5-14b awq rtx-a6000 batch=30
llama-3.1-8b on an l40s with 16 parallel requests\t/fit llama-3.1-8b l40s batch=16
vllm qwen2.5-7b on a 4090, 12 concurrent requests\t/fit qwen2.5-7b rtx-4090 batch=12 engine=vllm
# a team's headcount alone is no batch
我们组 20 个人 qwen2.5-7b 4090 能跑吗\t/fit qwen2.5-7b rtx-4090
# A3. `full` said of a context is no full fine-tune
llama-3.1-8b with its full 128k context on an h100\t/fit llama-3.1-8b ctx=128k h100-sxm
full finetune qwen2.5-1.5b on an a100\t/fit qwen2.5-1.5b full a100-80g-sxm
# A4. a size glued to a Chinese verb, and the exact model said after its vague name
wan2.1 14b 生成720p视频 h100够吗\t/fit wan2.1-t2v-14b h100-sxm res=720p
sdxl 出1024x1024 3060\t/fit sdxl rtx-3060 res=1024x1024
想玩wan2.1 不过我说的是 wan2.1 1.3b 3060 能跑吗\t/fit wan2.1-t2v-1.3b rtx-3060
wan2.1 14b出1080p h200够不够	/fit wan2.1-t2v-14b h200-sxm res=1080p
# A5. an image or video family without its version: its pipelines asked on the card
wan 3090 够吗	ask:/fit wan2.2-ti2v-5b rtx-3090
can an h100 run wan	ask:/fit wan2.1-t2v-14b h100-sxm
# B1. a model's name spelled in words
can my 3090 run mistral small 3.1 in int4\t/fit mistral-small-3.1-24b int4 rtx-3090
mistral small 24b 4090\task:/fit mistral-small-3.1-24b rtx-4090
# B2. the GGUF type said beside `gguf`
llama-3.1-8b gguf q5_k_m on a 3060\t/fit llama-3.1-8b q5_k_m rtx-3060
qwen2.5-14b gguf 4090\t/fit qwen2.5-14b q4_k_m rtx-4090
# B3. a fallback card after a condition, someone else's card beside the user's
qwen2.5-14b int4 一张 3060 能跑吗 不够的话我再租 4090\t/fit qwen2.5-14b int4 rtx-3060
will llama-3.1-8b fit on an l4? otherwise i'd take an a10\t/fit llama-3.1-8b l4
博主用4090跑的sdxl 我用3060能跑不\t/fit sdxl rtx-3060
my friend used a 4090 for flux, can my 3060 do it	/fit flux.1-dev rtx-3060
qwen2.5-7b int4 t4 能跑吗 不够就上 l4	/fit qwen2.5-7b int4 t4
the youtuber ran flux on a 4090, will my 3060 handle it	/fit flux.1-dev rtx-3060
t4 enough for qwen2.5-3b? else i'd go l4	/fit qwen2.5-3b t4
# a friend's advice between two cards is no owner: both asked
朋友推荐我用4090还是3090跑qwen2.5-14b	ask:/fit qwen2.5-14b rtx-4090
# two cards weighed are still both asked
qwen2.5-7b 4090 还是 3090\task:/fit qwen2.5-7b rtx-3090
# C. a boot said with a word between, data taken out, a volume kept
vast 3090 跑 2 小时 开机大概 4 分钟 多少钱\t/cost vast rtx-3090 2h boot=4m
runpod h100 3h, download 80gb of checkpoints after, how much\t/cost runpod h100-sxm 3h egress=80gb
autodl 4090 跑5小时 下载 20g 数据 多少钱\t/cost autodl rtx-4090 5h egress=20gb
lambda a100 5h with a 200gb volume total\t/cost lambda a100-80g-sxm 5h storage=200gb
autodl 3090 跑10小时 开机差不多 7 分钟	/cost autodl rtx-3090 10h boot=7m
# downloading a model in is no egress
autodl 4090 跑3小时 下载模型 多少钱\t/cost autodl rtx-4090 3h
# D. always on in words, hours per week with words between
3090 常驻 做推理 哪家最便宜\t/compare rtx-3090 always
a100 running round the clock, cheapest where\t/compare a100-80g-sxm always
每周用 4090 差不多 21 个小时 哪家便宜\t/compare rtx-4090 daily 3h
每个月用 a100 大概 60 小时 哪家便宜	/compare a100-80g-sxm daily 2h
# E. stock asked in a few words, on a platform today, now; offers by region or machine size
a6000 stock?\t/stock rtx-a6000
stok h200\t/stock h200-sxm
any h100 on runpod right now\t/stock h100-sxm runpod
is there an l40s in stock somewhere right now, tell me if under $1 per hour\t/stock l40s 1usd/hour
a100 offers in the us only\t/offers a100-80g-sxm region=us
欧洲的 h100 offer\t/offers h100-sxm region=eu
any offers with 4 gpus\t/offers cards>=4
# an alert asked later is still an alert
tell me when an l40s is in stock under $1\t/subscribe l40s max=1usd/hour
# F. an API price in yuan words
每天两千万token 用3090跑qwen2.5-7b int4 比api便宜吗 api两块钱一百万\t/tco qwen2.5-7b int4 rtx-3090 20m 2cny
# G. which card to rent, where nothing can be sized
我想跑个ai绘画 租什么卡好\t/pick
which gpu should i rent to fine tune qwen2.5-7b\t/pick
what should i get for comfyui, budget about $30 a month\t/pick
# a method said, or a model alone, keeps the fit
which gpu should i rent to qlora qwen2.5-7b\t/fit qwen2.5-7b qlora
# H. lists, alerts, unsubscribe, currency and trend in a few words
都有哪些租卡平台\t/platforms
only paypal, which site\t/platforms paypal
# an alert on a family with variants (SXM, NVL) takes the default form and offers the others
# (und-w: the lead's decision; it was asked back, pick_listens2's rule)
watch h200 for me\t/subscribe h200-sxm
unsub 2\t/unsubscribe 2
cny pls\t/currency cny
人民币吧\t/currency cny
你都认识哪些模型\t/models
你能识别哪些模型\t/models
has the a100 gone down over the last month\t/trend a100-80g-sxm
did the 4090 get cheaper this week	/trend rtx-4090 days=7
how have the l40s prices moved lately	/trend l40s
4090 一般什么时候容易有货	/trend rtx-4090
# a wish to be told when it is in stock is still an alert
4090 什么时候有货 提醒我	/subscribe rtx-4090
# I. `tell me if` a sum asked now, payment methods as alternatives
tell me if a 4090 running qwen2.5-7b is cheaper than an api at $0.2 per million tokens, 10 million tokens a day\t/tco qwen2.5-7b bf16 rtx-4090 10m 0.2usd
cheapest 3090 for 2 hours, i can pay by paypal or crypto, whatever\t/compare rtx-3090 2h
cheapest h100 for 5 hours, I pay with alipay or wechat, either is fine\t/compare h100-sxm 5h
# J. two cards on a platform for a length, a bare number after a card on a platform, two models
3090 4090 vast 3h\task:/cost vast rtx-3090 3h
vast 3090 跑个 4 的\task:/cost vast rtx-3090 4h
runpod a100 用个 5\task:/cost runpod a100-80g-sxm 5h
3090 跑 qwen2.5-7b 和 llama-3.1-8b\task:/fit llama-3.1-8b rtx-3090
";
    let (total, right) = share_by_line("fresh17 mechanisms", cases);
    assert_eq!(right, total, "{right} of {total}");
}
