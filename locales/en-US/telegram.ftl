# Telegram frontend: notices that only exist where there are buttons and groups.
telegram-button-outdated = This button comes from an older version of the bot. Please start again with /pick.
telegram-button-inline = This button cannot be used here. Ask me in our private chat.
telegram-not-your-buttons = These buttons belong to someone else's conversation. Start your own with /pick.
telegram-buttons-owner-unknown = The question these buttons answer was deleted, so I cannot tell whose they are, and you have no /pick of your own under way. Start one with /pick.
telegram-channel-buttons-admins = Only those who may post in this channel can use its buttons. To ask me yourself, write to me in a private chat.
telegram-flood-skipped = You are sending messages faster than I can answer them, so I skipped some. Please send one question at a time.
telegram-inline-open = Ask me in a private chat
telegram-inline-more = More in a private chat
telegram-cannot-post-in-group = I couldn't answer you in “{ $chat }”: I'm not allowed to send messages there (muted, or in a channel where I'm not an admin who may post). An admin can give me that right in the chat's settings — or just ask me here.
