"""Is a loopback port served by this kernel's own process tree (a Spark JVM, a local Dask cluster)?

Why by socket ownership and not by a list of ports: the guard lets model code reach the peers the kernel
started itself, and only those. A peer listening on 127.0.0.1 that someone else started (another user's
service, a proxy that forwards to the internet) is the network. Linux says who holds a socket: the
listening socket's inode is in ``/proc/net/tcp*`` (``udp*``), and the process that holds it has a
``socket:[inode]`` link in ``/proc/<pid>/fd``. The kernel's descendants are found through the parent pid
in each ``/proc/<pid>/stat``.

Without ``/proc`` (macOS) every loopback peer is this machine's and is allowed: the README says so.
"""
from __future__ import annotations

import os
from pathlib import Path

PROC = Path("/proc")
_LISTEN = "0A"  # TCP state LISTEN in /proc/net/tcp


def started_by_this_process(port: int, pid: int | None = None) -> bool:
    """True when a socket bound to ``port`` on this machine is held by ``pid`` (this process) or a descendant."""
    if not (PROC / "net" / "tcp").is_file():
        return True
    inodes = _inodes(port)
    if not inodes:
        return False
    return any(_holds(child, inodes) for child in _tree(pid if pid is not None else os.getpid()))


def _inodes(port: int) -> set[str]:
    """The inodes of the TCP sockets listening on ``port`` and the UDP sockets bound to it."""
    found: set[str] = set()
    for name, listening_only in (("tcp", True), ("tcp6", True), ("udp", False), ("udp6", False)):
        try:
            lines = (PROC / "net" / name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) < 10 or int(fields[1].rsplit(":", 1)[1], 16) != port:
                continue
            if not listening_only or fields[3] == _LISTEN:
                found.add(fields[9])
    return found


def _tree(pid: int) -> list[int]:
    """``pid`` and every process descended from it."""
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo.extend(children.get(current, []))
    return tree


def _holds(pid: int, inodes: set[str]) -> bool:
    folder = PROC / str(pid) / "fd"
    try:
        names = os.listdir(folder)
    except OSError:
        return False
    for name in names:
        try:
            link = os.readlink(folder / name)
        except OSError:
            continue
        if link.startswith("socket:[") and link[8:-1] in inodes:
            return True
    return False
