"""Is a loopback address served by this kernel's own process tree (a Spark JVM, a local Dask cluster)?

Why by socket ownership and not by a list of ports: the guard lets model code reach the peers the kernel
started itself, and only those. A peer listening on 127.0.0.1 that someone else started (another user's
service, a proxy that forwards to the internet) is the network. Linux says who holds a socket: the
listening socket's inode is in ``/proc/net/tcp*`` (``udp*``) with its local address, and the process that
holds it has a ``socket:[inode]`` link in ``/proc/<pid>/fd``. The kernel's descendants are found through
the parent pid in each ``/proc/<pid>/stat``.

Why the protocol and the address too, not the port alone: a socket of ours on the same port proves nothing
about the one the model's code connects to. A UDP socket bound to port P, or a TCP listener on 127.0.0.2:P,
is no evidence that 127.0.0.1:P (someone else's listener) is the kernel's. A TCP connection must reach a TCP
socket listening on that address (or on every address), a datagram a UDP socket bound there. And a socket
the run itself opened (``excluded``) is never a peer the kernel started: the run could otherwise make one.

Without ``/proc`` (macOS) every loopback peer is this machine's and is allowed: docs/security.md says so.
"""
from __future__ import annotations

import ipaddress
import os
import struct
from collections.abc import Collection
from pathlib import Path
from typing import Literal

PROC = Path("/proc")
_LISTEN = "0A"  # TCP state LISTEN in /proc/net/tcp
_ANY = frozenset({"0.0.0.0", "::"})  # a socket bound to every address serves each of them
Protocol = Literal["tcp", "udp"]


def served_here(protocol: Protocol, host: str, port: int, excluded: Collection[str] = (),
                pid: int | None = None) -> bool:
    """True when a ``protocol`` socket on ``host``:``port`` (listening, for TCP) is held by ``pid`` (this
    process) or a descendant, and is not one of ``excluded`` (socket inodes: the run's own)."""
    if not (PROC / "net" / "tcp").is_file():
        return True
    inodes = _inodes(protocol, addresses(host), port) - set(excluded)
    if not inodes:
        return False
    return any(_holds(child, inodes) for child in _tree(pid if pid is not None else os.getpid()))


def addresses(host: str) -> frozenset[str]:
    """The local addresses a connection to ``host`` (a loopback host, as the guard saw it) can arrive at."""
    if host in ("localhost", "") or host.lower().endswith(".localhost"):
        return frozenset({"127.0.0.1", "::1"})
    try:
        return frozenset({_plain(ipaddress.ip_address(host))})
    except ValueError:
        return frozenset({host})


def _plain(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    mapped = getattr(address, "ipv4_mapped", None)
    return str(mapped if mapped is not None else address)


def _local(field: str) -> tuple[str, int]:
    """``/proc/net/tcp``'s local address ("0100007F:1F90": the address in host byte order, hex) as text."""
    hexed, _, port = field.rpartition(":")
    words = [int(hexed[i:i + 8], 16) for i in range(0, len(hexed), 8)]
    packed = b"".join(struct.pack("=I", word) for word in words)
    return _plain(ipaddress.ip_address(packed)), int(port, 16)


def _inodes(protocol: Protocol, hosts: frozenset[str], port: int) -> set[str]:
    """The inodes of the sockets of ``protocol`` on ``port`` at one of ``hosts`` or every address (TCP: listening)."""
    found: set[str] = set()
    for name in (protocol, protocol + "6"):
        try:
            lines = (PROC / "net" / name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) < 10 or (protocol == "tcp" and fields[3] != _LISTEN):
                continue
            try:
                address, bound = _local(fields[1])
            except ValueError:
                continue
            if bound == port and (address in hosts or address in _ANY):
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


def inode(sock: object) -> str | None:
    """The inode of a socket object (what ``/proc/net/*`` lists it by), or None when it has none yet."""
    fileno = getattr(sock, "fileno", None)
    try:
        return str(os.fstat(fileno()).st_ino) if callable(fileno) else None
    except (OSError, ValueError, TypeError):
        return None
