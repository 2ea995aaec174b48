"""Store fixtures (SQLite and PostgreSQL) for the campaign tests."""

from tests.store.conftest import pg_base_url, store_url  # noqa: F401
