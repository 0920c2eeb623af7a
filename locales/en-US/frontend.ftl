# What every chat frontend says when answering itself went wrong.
internal-error = Sorry, something went wrong on my side. Please try again.
# A private message with nothing to read (a photo without a caption, a voice note, a file; not a sticker).
frontend-nothing-to-read = I can only read text. Type your question, for example /gpu 4090 or /fit qwen2.5-7b int4, or write it in the caption.
