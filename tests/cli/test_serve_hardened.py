"""`initiative serve` against what people found at the table (issue 25, hostile input and
deployment), each on the real server (a subprocess on its own SQLite file) and with the
server's log read after: a body that stops coming is answered 408 within seconds, a bad
chunk 400, a request for another host name 400, a bad --db URL and a second server on one
SQLite file are one error line each; no traceback in any log."""

from __future__ import annotations

import contextlib
import re
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import httpx

from initiative.server.guards import BODY_IDLE_S
from tests.cli.helpers import run_cli
from tests.cli.test_serve_cli import flat
from tests.cli.test_serve_fails_loudly import STARTUP_S, env, finished, serve

PROMPT_S = BODY_IDLE_S + 10.0
"""A body that stops coming is answered within this (its pause, and room for a busy
machine: the server held such a connection at least 95 s before)."""


@dataclass
class Server:
    process: subprocess.Popen[str]
    port: int
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log_text(self) -> str:
        return self.log.read_text()


@contextlib.contextmanager
def running(tmp_path: Path, *args: str, db: str = "t.db") -> Iterator[Server]:
    """`initiative serve` on a free loopback port over `tmp_path/db`, its stderr in a
    file; stopped (SIGTERM) after the block, and its log checked for tracebacks."""
    log = tmp_path / f"serve-{time.monotonic_ns()}.log"
    with log.open("w") as stderr:
        process = subprocess.Popen(
            serve("--host", "127.0.0.1", "--port", "0", "--db", str(tmp_path / db), *args),
            stdout=subprocess.PIPE, stderr=stderr, text=True, env=env())
    server = None
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, (line, log.read_text())
        server = Server(process, int(found[1]), log)
        deadline = time.monotonic() + STARTUP_S
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{server.base}/healthz", timeout=2).status_code == 200:
                    break
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        yield server
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=STARTUP_S)
    assert "Traceback" not in log.read_text(), log.read_text()


def raw(server: Server, request: bytes, wait: float = PROMPT_S) -> tuple[bytes, float]:
    """What the server answers `request` on a fresh connection (all it sends until it
    closes the connection, or `wait` seconds pass), and how long that took."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as connection:
        connection.sendall(request)
        received = b""
        with contextlib.suppress(TimeoutError):
            while chunk := connection.recv(65536):
                received += chunk
    return received, time.monotonic() - started


def post(server: Server, path: str, fields: dict[str, str], body: bytes) -> bytes:
    """A POST to `path` with header `fields` (Host added) and `body`, as raw bytes."""
    lines = [f"POST {path} HTTP/1.1", f"Host: 127.0.0.1:{server.port}",
             *(f"{name}: {value}" for name, value in fields.items())]
    return "\r\n".join([*lines, "", ""]).encode() + body


def test_a_body_shorter_than_its_length_is_a_prompt_408_without_traceback(
        tmp_path: Path) -> None:
    with running(tmp_path) as server:
        requests = [
            post(server, "/api/tables", {"Content-Type": "application/json",
                                         "Content-Length": "100"}, b'{"mode"'),
            post(server, "/new", {"Content-Type": "application/x-www-form-urlencoded",
                                  "Content-Length": "5000"}, b"mode=1v1"),
            post(server, "/trackers/new", {"Content-Type": "multipart/form-data; boundary=xx",
                                           "Content-Length": "900"}, b"--xx\r\n"),
        ] * 10  # thirty at once: none waits on another
        with ThreadPoolExecutor(len(requests)) as pool:
            answers = list(pool.map(lambda r: raw(server, r, PROMPT_S + 5), requests))
        for answer, took in answers:
            assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
            assert b"the request body stopped coming" in answer
            assert took < PROMPT_S, took  # and the server closed the connection then
        assert httpx.get(f"{server.base}/healthz").status_code == 200


def test_a_bad_chunk_size_is_a_400_without_traceback(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        for body in (b"zz\r\n{}\r\n0\r\n\r\n", b"2\r\n{}XX\r\n0\r\n\r\n",
                     b"ffffffffffffffffffff\r\n"):
            answer, took = raw(server, post(server, "/api/tables", {
                "Content-Type": "application/json", "Transfer-Encoding": "chunked"}, body))
            assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]
            assert took < PROMPT_S
        time.sleep(0.5)  # let the server log what it would of the broken connections
        assert httpx.get(f"{server.base}/healthz").status_code == 200


def test_another_host_name_is_refused_and_the_own_ones_are_served(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        body = {"mode": "1v1"}
        for host in ("evil.example", f"evil.example:{server.port}", "127.0.0.1.evil.example"):
            # a rebinding page: its Host and Origin agree
            refused = httpx.post(f"{server.base}/api/tables", json=body, headers={
                "host": host, "origin": f"http://{host}"})
            assert refused.status_code == 400 and "--allowed-hosts" in refused.text
            assert httpx.get(f"{server.base}/", headers={"host": host}).status_code == 400
        for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", "localhost"):
            assert httpx.get(f"{server.base}/", headers={"host": host}).status_code == 200
        assert httpx.get(f"{server.base}/api/tables").json() == []  # nothing was created
    with running(tmp_path, "--allowed-hosts", "games.example.org") as named:
        served = httpx.get(f"{named.base}/", headers={"host": "Games.Example.Org:443"})
        assert served.status_code == 200
        assert httpx.get(f"{named.base}/", headers={"host": "evil.example"}).status_code == 400


def test_a_bad_allowed_host_is_one_error_line() -> None:
    done = finished(serve("--port", "0", "--allowed-hosts", "http://games.example.org/"))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: --allowed-hosts: not a host name or address: 'http://games.example.org/'"]


def test_a_bad_db_url_names_db_and_what_is_wrong() -> None:
    done = finished(serve("--port", "0", "--db", "postgresql://u:pw@[::1/db"))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "error: --db: cannot read database URL '[::1/db': its host or port is malformed"), lines
    assert "origin" not in lines[0] and "pw" not in lines[0] and "Traceback" not in done.stderr


def test_a_second_server_on_one_sqlite_file_is_refused_and_a_killed_one_does_not_block(
        tmp_path: Path) -> None:
    with running(tmp_path) as first:
        second = finished(serve("--port", "0", "--db", str(tmp_path / "t.db")))
        assert second.returncode == 2
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(
            f"error: the database {tmp_path / 't.db'} is in use by another initiative serve "
            "process"), lines
        assert "use PostgreSQL" in lines[0] and "web table: http" not in second.stdout
        first.process.send_signal(signal.SIGKILL)  # no clean-up: the lock file stays
        first.process.wait(timeout=STARTUP_S)
    assert (tmp_path / "t.db.server-lock").exists()
    with running(tmp_path) as restarted:  # the stale lock file does not block it
        assert httpx.get(f"{restarted.base}/healthz").json()["ok"] is True


def test_help_explains_the_allowed_hosts() -> None:
    shown = flat(run_cli(["serve", "--help"]).stdout)
    assert "--allowed-hosts" in shown and "Default: the --host it listens on" in shown
    assert "DNS rebinding" in shown and "gets 400" in shown
