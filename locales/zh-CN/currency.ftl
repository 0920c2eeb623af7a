# /currency：本聊天里价格用哪种货币显示，对所有人生效。
cmd-currency = 设置本聊天的价格货币（美元 / 人民币）
usage-currency = 用法：/currency usd 或 /currency cny（不加参数则显示当前货币）
discord-name-currency = 货币
discord-opt-currency = 货币
discord-opt-currency-about = usd 或 cny
currency-current = 本聊天中的价格以 { $currency } 显示。
currency-set = 好的，之后本聊天中的价格都以 { $currency } 显示。
currency-error-unknown = 价格只能以美元（USD）或人民币（CNY）显示，无法使用“{ $text }”。
currency-admins-only = 只有本聊天的管理员才能更改货币设置。
