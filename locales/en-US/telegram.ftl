# Telegram frontend: notices that only exist where there are buttons and groups.
telegram-button-outdated = This button comes from an older version of the bot. Please start again with /pick.
telegram-not-your-buttons = These buttons belong to someone else's conversation. Start your own with /pick.
