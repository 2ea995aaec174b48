"""Alembic migrations of the store's schema, run by `initiative.store.migrate.upgrade`.

A new revision: change `schema.py`, then in Python
``alembic.command.revision(migrate.config(URL_AT_HEAD), "what changed", autogenerate=True,
rev_id="0002")``, review the generated file, and add a test opening a database made at
the previous revision.
"""
