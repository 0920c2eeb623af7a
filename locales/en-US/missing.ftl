# A question that names too little to answer (issue 26): what is missing, asked, with an example.
understand-missing-price = Which card, and for how long? For example: “autodl 4090 for 3 hours, how much?” or “cheapest A100 for a day?”
understand-missing-price-span = Which card for { $span }? For example: “4090 for { $span }, how much?” or “cheapest A100 for { $span }?”
understand-missing-fit = Which model, and on which card? For example: “can a 4090 run qwen2.5-32b int4?” or “how much VRAM does llama 3.1 70b need?”
understand-missing-fit-card = Which model on the { $card }? For example: “qwen2.5-32b int4 on { $id }, fits?” or “lora llama 3.1 8b on { $id }, enough?”
understand-missing-alert = An alert for which card? For example: “tell me when a 4090 is in stock” or “notify me when an A100 is under $1.5/hour”.
understand-missing-cancel = There is nothing here for me to cancel. /subs lists this chat's alerts (/unsubscribe with an alert's number removes it); /cancel leaves /pick.
understand-missing-stock = Stock of which card? For example: “where can I get an H100 today?” or “4090 in stock on runpod?”
understand-missing-trend = The price history of which card? For example: “4090 price trend over the last month” or “when is the H100 usually in stock?”
