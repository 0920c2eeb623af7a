# 宽容的回答与"你是不是想找"按钮（issue 16）。

pick-understood = 从你那句话里我读到了这些（不再重复问；想改可以用 /back）：
pick-understood-task = • 任务：{ $task ->
    [tune] 微调训练
    [serve] 推理服务
   *[exp] 短时实验
  }
pick-understood-model = • 模型：{ $name }
pick-understood-method = • 方式：{ $method }
pick-understood-usage = • { $kind ->
    [oneoff] 单次运行 { $hours } 小时
    [daily] 每天 { $hours } 小时
   *[always] 一直在线
  }
did-you-mean-choice = { $name }
understand-confirm = 里面有个名字我没认出来，你是想问这个吗？
