# Forgiving answers and "did you mean" choices (issue 16).

pick-understood = Understood from your sentence (I won't ask again; /back to change):
pick-understood-task = • task: { $task ->
    [tune] fine-tuning
    [image] image generation
    [video] video generation
    [image-tune] training an image model
    [video-tune] training a video model
    [serve] an inference service
   *[exp] a short experiment
  }
pick-understood-model = • model: { $name }
pick-understood-method = • method: { $method }
pick-understood-usage = • { $kind ->
    [oneoff] one run of { $hours } h
    [daily] { $hours } h every day
   *[always] always on
  }
did-you-mean-choice = { $name }
understand-confirm = I didn't recognise one name in that. Did you mean this?
pick-understood-gpu = • card: { $cards ->
    [1] { $name }
   *[other] { $cards } × { $name }
  }
pick-understood-nrn = • no real-name check
pick-understood-pay = • pays with { $method ->
    [alipay] Alipay
    [wechat] WeChat Pay
    [card] a card
    [paypal] PayPal
    [crypto] crypto
    [unionpay] UnionPay
    [bank_transfer] a bank transfer (a company account)
    [invoice] invoiced billing
   *[other] { $method }
  }
pick-understood-no-pay = • no { $method ->
    [alipay] Alipay
    [wechat] WeChat Pay
    [card] card
    [paypal] PayPal
    [crypto] crypto
    [unionpay] UnionPay
    [bank_transfer] bank transfer
   *[other] { $method }
  }
pick-understood-budget = • budget: { $budget }
pick-understood-region = • only platforms { $region ->
    [cn] in mainland China
    [global] outside mainland China
    [place] with machines in { $place } (checked against the regions each platform's record lists, with their source; a platform whose record lists none is marked unknown there, never guessed)
   *[other] { $region }
  }
pick-understood-home = (You said that is where you are, so I assumed you want machines there: latency, where your data lives, who can pay or invoice. Say "anywhere" to widen.)
pick-understood-anywhere = • anywhere: platforms are no longer filtered by where their machines are
pick-understood-invoice = • an invoice for your accounts: no platform's record in my data says whether it issues one, so ask the platform before you pay
pick-pay-held = (You have it, so no platform is left out for it; say “only …” if it is the only way you can pay.)
pick-hedged = (You sounded unsure, so I took “{ $answer }” as your answer; /back changes it.)
pick-understood-context = • context: { $tokens } tokens
pick-understood-concurrency = • { $n ->
    [one] one conversation at a time
   *[other] { $n } conversations at once at the busiest time
  }
pick-noted = Noted (I won't ask again; /back to change):
pick-still-open = /pick is still open at step { $n } of { $total }: answer its question to go on, /back to change an answer, or /cancel to leave it.
pick-leave-hint = A question of your own is answered too; /cancel leaves /pick.
tco-missing = To weigh renting { $model } against an API, I still need:
tco-missing-any = To weigh renting against an API, I still need:
tco-missing-model = • the model (e.g. qwen2.5-7b)
tco-missing-gpu = • the card to rent (e.g. 4090, or 2x4090)
tco-missing-tokens = • how many tokens a day (e.g. 20m)
tco-missing-try = Then send: /tco { $example }
tco-card-sized = No card named: sized on the cheapest configuration that holds the model as a service, { $cards ->
    [1] one { $gpu }
   *[other] { $cards } × { $gpu }
  } (name a card to weigh another).
# A typed answer read over the step's own words with a slip, or an option chosen by a property
# (bot-core/src/dialogue/slip.rs, property.rs): a guess, so it is said.
pick-read-as = (I read “{ $typed }” as “{ $answer }”; /back changes it.)
# An option chosen by the words the step shows about it, where two fit alike or one weakly
# (bot-core/src/dialogue/described.rs): asked back with the options it could be.
pick-described-ask = “{ $typed }” could be { $options }: which one? Tap it, or say a little more.
pick-property-absent = I can't choose by { $property ->
    [price] price
    [length] length
    [size] size
    [speed] speed
    [bandwidth] bandwidth
   *[precision] precision
  } here: { $why ->
    [tied] these options are level on it: { $options }.
   *[absent] this step's options do not differ by it, or it is not known for each of them.
  } Tap one, or type it.
