"""Paths and hosts as the operating system will read them, for the guard's checks and its record.

Why apart from the checks: the run's ``Watch`` (what the run may write, which endpoint it calls) and the checks
both need to resolve a path or tell a loopback host, and the checks need the ``Watch``; these helpers need
neither.
"""
from __future__ import annotations

import ipaddress
import os
import threading

UNRESOLVED = "\0unresolved"  # a path relative to a descriptor whose folder cannot be told: neither writable nor safe
DIR_FD = threading.local()  # ``os.open``'s dir_fd, handed over by guard_calls (its audit event lacks it)


# -- paths --------------------------------------------------------------------------------------------------------
def real(path: object, dir_fd: object = None) -> str | None:
    """A path as the OS will resolve it (None for a file descriptor: its open was checked; ``UNRESOLVED`` for a
    path relative to a descriptor whose folder cannot be told)."""
    if isinstance(path, int):
        return None
    try:
        name = os.fsdecode(os.fspath(path))  # type: ignore[call-overload]
    except TypeError:
        return None
    if isinstance(dir_fd, int) and dir_fd >= 0 and not os.path.isabs(name):
        folder = fd_path(dir_fd)
        if folder is None:
            return UNRESOLVED
        name = os.path.join(folder, name)
    return os.path.realpath(name)


def fd_path(fd: int) -> str | None:
    """The path of the file or folder a descriptor is open on (Linux: /proc; macOS: F_GETPATH), else None."""
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        pass
    try:
        import fcntl

        getpath = getattr(fcntl, "F_GETPATH", None)
        if getpath is not None:
            return os.fsdecode(fcntl.fcntl(fd, getpath, bytes(1024)).rstrip(b"\0"))
    except (OSError, ImportError, ValueError):
        pass
    return None


def show(value: object) -> str:
    text = os.fsdecode(value) if isinstance(value, (bytes, os.PathLike)) else str(value)
    return repr(text if len(text) <= 200 else text[:200] + "...")


def named(function: object) -> str:
    """A callable as the record names it: its qualified name, quoted."""
    return show(getattr(function, "__qualname__", None) or getattr(function, "__name__", None)
                or type(function).__qualname__)


# -- hosts ------------------------------------------------------------------------------------------------------
def loopback_host(host: object) -> bool:
    """A host that is this machine, told without a lookup: localhost, 127.0.0.0/8, ::1 (None: any local)."""
    if isinstance(host, bytes):
        host = host.decode(errors="replace")
    if not isinstance(host, str):
        return host is None
    if host in ("localhost", "", "::1") or host.lower().endswith(".localhost"):
        return True
    return host.startswith("127.") and all(part.isdigit() for part in host.split("."))


def host_text(host: object) -> str:
    return host.decode(errors="replace") if isinstance(host, bytes) else str(host)


def ip_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def in_folder(resolved: str, folder: str) -> bool:
    return resolved == folder or resolved.startswith(folder.rstrip(os.sep) + os.sep)
