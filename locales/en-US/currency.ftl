# /currency: the currency prices are shown in, for everyone in a chat.
cmd-currency = show prices in USD or CNY in this chat
usage-currency = Usage: /currency usd or /currency cny (with nothing after it, shows the current one)
discord-name-currency = currency
discord-opt-currency = currency
discord-opt-currency-about = usd or cny
currency-current = Prices in this chat are shown in { $currency }.
currency-set = From now on, prices in this chat are shown in { $currency }.
currency-error-unknown = I can show prices in USD or CNY, not "{ $text }".
currency-admins-only = Only this chat's administrators can change its currency.
