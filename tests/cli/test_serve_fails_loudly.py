"""`initiative serve` fails loudly (issue 16, item 6): a port in use or an unreachable
database ends the command with one `error:` line and a non-zero exit, no traceback and
no server on another port; a running server listens on the `--host` asked for only.
Each test starts the real command in a subprocess."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

STARTUP_S = 60.0


def serve(*args: str) -> list[str]:
    return [sys.executable, "-m", "initiative.cli.main", "serve", *args]


def env() -> dict[str, str]:
    values = {**os.environ, "PYTHONUNBUFFERED": "1"}
    values.pop("INITIATIVE_DB_URL", None)
    return values


def finished(args: list[str]) -> subprocess.CompletedProcess[str]:
    """Run the command to its end (it must end by itself)."""
    return subprocess.run(args, capture_output=True, text=True, env=env(), timeout=STARTUP_S,
                          check=False)


@contextmanager
def listening() -> Iterator[int]:
    """A loopback port another socket is listening on."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield int(taken.getsockname()[1])


def closed_port() -> int:
    """A loopback port nobody listens on (connections are refused)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_port_in_use_is_an_error_not_another_port(tmp_path: Path) -> None:
    with listening() as port:
        done = finished(serve("--host", "127.0.0.1", "--port", str(port),
                              "--db", str(tmp_path / "t.db")))
    assert done.returncode != 0
    assert done.stderr.strip() == f"error: cannot listen on 127.0.0.1:{port}: " \
                                  "Address already in use"
    assert "web table: http" not in done.stdout  # it never claimed to be serving


def test_an_unreachable_database_is_one_line_and_a_non_zero_exit() -> None:
    url = f"postgresql+psycopg://someone:secret@127.0.0.1:{closed_port()}/nothing"
    done = finished(serve("--host", "127.0.0.1", "--port", "0", "--db", url))
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot open the database "), lines
    assert "Traceback" not in done.stderr and "secret" not in done.stderr  # no password


def listening_addresses(pid: int) -> set[tuple[str, int]]:
    """The (address, port) pairs process `pid` listens on (Linux /proc)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with_target = os.readlink(fd) if fd.is_symlink() else ""
        found = re.fullmatch(r"socket:\[(\d+)\]", with_target)
        if found:
            inodes.add(found[1])
    found_pairs = set()
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state != "0A" or inode not in inodes:  # 0A: LISTEN
                continue
            address, port = local.split(":")
            raw = bytes.fromhex(address)
            if width == 8:
                shown = socket.inet_ntop(socket.AF_INET, raw[::-1])
            else:
                words = b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))
                shown = socket.inet_ntop(socket.AF_INET6, words)
            found_pairs.add((shown, int(port, 16)))
    return found_pairs


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux /proc")
def test_the_server_listens_on_the_host_asked_for_only(tmp_path: Path) -> None:
    process = subprocess.Popen(serve("--host", "127.0.0.1", "--port", "0",
                                     "--db", str(tmp_path / "t.db")),
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env=env())
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, line
        port = int(found[1])
        deadline = time.monotonic() + STARTUP_S
        while (addresses := listening_addresses(process.pid)) != {("127.0.0.1", port)}:
            assert process.poll() is None and time.monotonic() < deadline, addresses
            time.sleep(0.05)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        if process.stdout is not None:
            process.stdout.close()
