# Telegram 前端：只在有按钮和群组的地方才会出现的提示。
telegram-button-outdated = 这个按钮来自旧版本的机器人，请用 /pick 重新开始。
telegram-button-inline = 这里的按钮无法使用，请到和我的私聊里提问。
telegram-not-your-buttons = 这些按钮属于别人的对话，你可以发送 /pick 开始自己的。
telegram-buttons-owner-unknown = 这些按钮对应的提问已被删除，我无法确认它们属于谁，而你目前没有进行中的 /pick。可以发送 /pick 开始自己的。
telegram-channel-buttons-admins = 只有能在本频道发消息的人可以使用这些按钮。想自己提问的话，请私聊我。
telegram-flood-skipped = 你发消息的速度超过了我回答的速度，有些消息我跳过了。请一次问一个问题。
telegram-inline-open = 到私聊里问我
telegram-inline-more = 到私聊里看更多
telegram-cannot-post-in-group = 我没法在“{ $chat }”里回答你：我在那里没有发消息的权限（被禁言，或在频道里不是可以发帖的管理员）。管理员可以在群设置里给我这个权限，你也可以直接在这里问我。
