# 所有聊天前端共用：回答本身出错时的提示。
internal-error = 抱歉，我这边出了点问题，请再试一次。
# A private message with nothing to read (a photo without a caption, a voice note, a file; not a sticker).
frontend-nothing-to-read = 我只能读文字。请直接输入问题，例如 /gpu 4090 或 /fit qwen2.5-7b int4，也可以把问题写在图片或文件的说明里。
