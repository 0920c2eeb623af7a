# Telegram 前端：只在有按钮和群组的地方才会出现的提示。
telegram-button-outdated = 这个按钮来自旧版本的机器人，请用 /pick 重新开始。
telegram-not-your-buttons = 这些按钮属于别人的对话，你可以发送 /pick 开始自己的。
telegram-flood-skipped = 你发消息的速度超过了我回答的速度，有些消息我跳过了。请一次问一个问题。
telegram-inline-open = 到私聊里问我
telegram-inline-more = 到私聊里看更多
