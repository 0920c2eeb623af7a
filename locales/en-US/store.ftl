error-store-full = I couldn't save that: the server's disk is full. Nothing was changed. It works again by itself once some space is freed.
error-store-damaged = The database file { $path } is damaged ({ $detail }). It has not been changed. Run `gpuscout db check` for details, then `gpuscout db repair` to keep what can still be read, or `gpuscout db reset` to start empty; both keep the damaged file next to it with a timestamp.
error-store-locked = The database { $path } is in use by another gpuscout process. Stop that one first, or use another --data-dir.
error-store-newer = The database { $path } was written by a newer GPU Scout (schema { $found }; this build reads up to { $supported }). Upgrade gpuscout, or use another --data-dir.
error-store-newer-format = The database { $path } was made by a newer version of GPU Scout (file format { $found }; this build reads up to { $supported }). It has not been changed and is not damaged: upgrade gpuscout, or use another --data-dir.
error-store-io = I couldn't read or write the database ({ $detail }). Nothing was changed.
error-store-no-room = Repairing { $path } needs room for a new file of up to { $needed } MiB next to it, and only { $free } MiB is free there. Nothing was changed. Free some space (or copy the data directory to a disk with room and repair it there), then run `gpuscout db repair` again.
chat-invalid-utf8 = That line was not valid UTF-8 (is the terminal set to UTF-8?); I replaced the unreadable bytes with � and read the rest.
