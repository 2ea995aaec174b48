"""Which database a Store opens: argument, else $INITIATIVE_DB_URL, else the default file."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from initiative.store import ENV_VAR, Store, StoreError, default_url, resolve_url


def test_default_is_a_sqlite_file_in_the_user_data_directory() -> None:
    folder = Path(platformdirs.user_data_dir("initiative"))
    assert default_url() == f"sqlite:///{folder / 'initiative.db'}"


def test_argument_then_environment_then_default(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert resolve_url() == default_url()
    monkeypatch.setenv(ENV_VAR, f"sqlite:///{tmp_path / 'env.db'}")
    assert resolve_url() == f"sqlite:///{tmp_path / 'env.db'}"
    assert resolve_url(f"sqlite:///{tmp_path / 'arg.db'}") == f"sqlite:///{tmp_path / 'arg.db'}"
    with Store() as store:
        assert store.url == f"sqlite:///{tmp_path / 'env.db'}"
        store.create("campaign", "from the environment", {})
    assert (tmp_path / "env.db").is_file()


def test_url_forms(tmp_path: Path) -> None:
    assert resolve_url(str(tmp_path / "a.db")) == f"sqlite:///{tmp_path / 'a.db'}"
    assert resolve_url("postgresql://u:p@127.0.0.1:5432/db") == (
        "postgresql+psycopg://u:p@127.0.0.1:5432/db")
    assert resolve_url("postgres://u@localhost/db") == "postgresql+psycopg://u@localhost/db"
    assert resolve_url("sqlite://") == "sqlite://"
    with pytest.raises(StoreError, match=r"unsupported database URL 'mysql://u:\*\*\*@h/db'"):
        resolve_url("mysql://u:secret@h/db")


def test_the_sqlite_folder_is_created(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "initiative.db"
    with Store(f"sqlite:///{path}") as store:
        assert "***" not in repr(store) and str(path) in repr(store)
    assert path.is_file()


def test_in_memory_sqlite_works() -> None:
    with Store("sqlite://") as store:
        record_id = store.create("table", "scratch", {"s": 0})
        store.append(record_id, 1, {"n": 1})
        assert store.load(record_id).events == [(1, {"n": 1})]
