# Forgiving answers and "did you mean" choices (issue 16).

pick-understood = Understood from your sentence (I won't ask again; /back to change):
pick-understood-task = • task: { $task ->
    [tune] fine-tuning
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
