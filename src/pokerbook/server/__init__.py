"""``pokerbook serve``: tables for people to play at together, over HTTP and WebSockets.

See docs/server.md for the API.  Each table is a :class:`~pokerbook.server.table.Table`
(its night and its players, changed only by events) run by a
:class:`~pokerbook.server.runner.TableRunner` (its clock, bots and listeners); every
event is committed to the :class:`~pokerbook.server.store.Store` before anyone is told.
"""
