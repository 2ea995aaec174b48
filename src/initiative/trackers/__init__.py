"""Game-master trackers: front-end-agnostic consoles over the timing models.

A console (:class:`~initiative.trackers.base.TrackerConsole`) takes one text command at
a time, keeps undo/redo history and reports each change as announcement lines. The
line-mode REPL, the Textual view and the web table all drive the same consoles, so a
command means the same thing everywhere.
"""
