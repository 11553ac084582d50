"""Canaries for the guard's tests: a loopback listener outside this process tree, and files that must not appear.

Why outside the tree: the guard lets model code reach loopback peers that the kernel's own process tree
serves (a Spark JVM, a local Dask cluster), so a listener this test process started would be reachable by
design. A listener someone else started stands for the network: it is started by a process that forks it
and exits at once, so it is re-parented away from us. It only counts the connections it accepts (in a file
next to it), and it never talks to anything but 127.0.0.1.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

_LISTENER = r"""
import os, socket, sys
folder = sys.argv[1]
if os.fork():
    os._exit(0)                       # the parent exits: the listener is nobody's child in the test's tree
os.setsid()
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(16)
with open(os.path.join(folder, "port.tmp"), "w") as fh:
    fh.write(f"{server.getsockname()[1]} {os.getpid()}")
os.rename(os.path.join(folder, "port.tmp"), os.path.join(folder, "port"))
hits = 0
while True:
    conn, _ = server.accept()
    hits += 1
    with open(os.path.join(folder, "hits"), "w") as fh:
        fh.write(str(hits))
    conn.close()
"""


@dataclass
class Canary:
    port: int
    pid: int
    folder: Path

    def hits(self) -> int:
        """Connections the listener accepted so far."""
        hits = self.folder / "hits"
        return int(hits.read_text() or 0) if hits.exists() else 0

    def reached(self, n: int = 1, within_s: float = 60.0) -> bool:
        """Whether the listener has counted ``n`` connections, waiting for it to write the count down (it does so
        after accepting, in its own process: a test that reads at once may read the count before)."""
        deadline = time.monotonic() + within_s
        while self.hits() < n and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.hits() >= n

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


@contextmanager
def canary_listener(folder: Path) -> Iterator[Canary]:
    """A listener on 127.0.0.1 that this process tree did not start; killed on exit."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-c", _LISTENER, str(folder)], check=True, timeout=60)
    deadline = time.monotonic() + 60
    while not (folder / "port").exists():
        if time.monotonic() > deadline:
            raise RuntimeError("the canary listener did not start within 60 s")
        time.sleep(0.02)
    port, pid = (int(word) for word in (folder / "port").read_text().split())
    try:
        yield Canary(port, pid, folder)
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
