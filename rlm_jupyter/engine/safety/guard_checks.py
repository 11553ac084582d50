"""What each audited event means for the guard: which category it falls in, and whether this one is refused.

One check per audit event (``CHECKS``): given the run's ``Watch``, the event's arguments and who acts
(``Actor``: the model's code, or the engine on the run's behalf), it returns the category and what was
attempted, or None when the action is within what the run may do. ``engine/safety/guard.py`` decides who acts and
records; ``engine/safety/guard_calls.py`` raises events of our own (``rlm_jupyter.*``) for calls CPython does not audit.

Why paths are resolved here the way the OS will: a relative path is relative to the working folder (refused
in model code, so it cannot move under the check) or, with ``dir_fd=``, to that descriptor's folder, which
the audit event carries for most calls (``os.open``'s is handed over by ``guard_calls``). Resolving it
against the working folder instead read a private key and wrote a user's file.

Why the engine gets more than the model's code, and no more than this: when the engine acts for the run
(a frame of ours is nearest, with the run's code further out or the run's thread), it may reach the
endpoint the run was configured with (and its proxy), write to the response cache and to the run's own
record, and the cell guard may set its trace functions. Anything else is refused as the model's own action
would be: the engine never starts a process, reads a credential, loads native code or changes the environment
for the model.
"""
from __future__ import annotations

import _socket
import os
import socket
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .cell_guard import tracer_dropped
from .places import DIR_FD, fd_path, host_text, loopback_host, real, show
from .secrets import SECRET_NAME
from .watch import Watch

# Environment variables model code may not set or unset (besides any name the redactor treats as a secret):
# where the model calls go and with what key, through which proxy and which certificates, and what the loader
# and Python read. The whole environment is put back after a run anyway (engine/safety/residue.py).
SENSITIVE_ENV_PREFIXES = ("OPENAI", "AZURE_OPENAI", "RLM_", "LD_", "DYLD_", "PYTHON", "SSL_CERT_",
                          "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE")
_NATIVE_MODULES = frozenset({"cffi", "_cffi_backend"})
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_SINKS = frozenset({os.devnull})
# What one engine module does for a run besides what any engine code may: the cell guard arms its trace functions.
_ENGINE_OWN = {os.path.join(os.path.dirname(os.path.abspath(__file__)), "cell_guard.py"): frozenset({"hooks"})}


@dataclass(slots=True)
class Actor:
    """Who acts for the run: the model's code, or the engine on its behalf (``caller``: the engine frame nearest the
    action, for the few things one engine module does itself)."""

    engine: bool = False
    caller: types.CodeType | None = None

    def own(self, category: str) -> bool:
        """Whether the calling engine module does this itself for the run (the cell guard's trace functions)."""
        return self.engine and self.caller is not None and category in _ENGINE_OWN.get(self.caller.co_filename, ())


MODEL = Actor()
Found = tuple[str, str] | None
Check = Callable[[Watch, tuple[Any, ...], Actor], Found]


def _open(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
    path, mode, flags = args
    dir_fd = getattr(DIR_FD, "fd", None) if mode is None else None  # os.open's, from guard_calls
    writes = any(c in mode for c in "wax+") if isinstance(mode, str) else bool((flags or 0) & _WRITE_FLAGS)
    resolved = real(path, dir_fd)  # once: resolving is most of what a watched open costs
    if writes and not watch.writable(resolved, actor.engine):
        return "write", f"open {_named(path, dir_fd)} for writing"
    if watch.secret(resolved):
        return "secrets", f"read {_named(path, dir_fd)}"
    return None


def _named(path: object, dir_fd: object) -> str:
    if isinstance(dir_fd, int) and dir_fd >= 0:
        return f"{show(path)} in the folder of descriptor {dir_fd} ({show(fd_path(dir_fd) or '?')})"
    return show(path)


def _listing(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
    return ("secrets", f"list {show(args[0])}") if watch.secret(real(args[0])) else None


def _reading(position: int) -> Check:
    """A file read by C code that raises no event of its own (readline's history): credentials refused."""
    def check(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
        return ("secrets", f"read {show(args[position])}") if watch.secret(real(args[position])) else None
    return check


def _changes(*places: tuple[int, int | None]) -> Check:
    """A file-system change to the paths at ``places`` (argument positions of the path and of its ``dir_fd``):
    all must be in the scratch folder (or, for the engine, its cache and record)."""
    def check(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
        for path, fd in places:
            if path >= len(args):
                continue
            dir_fd = args[fd] if fd is not None and fd < len(args) else None
            if not watch.writable(real(args[path], dir_fd), actor.engine):
                return "write", f"change {_named(args[path], dir_fd)}"
        return None
    return check


def _chdir(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
    """The working folder is the kernel's: every relative path resolves against it, the user's next cells'
    too, and it would move under a path the guard has just checked."""
    target = args[0]
    shown = f"descriptor {target} ({show(fd_path(target) or '?')})" if isinstance(target, int) else show(target)
    return "write", f"change the working folder to {shown} (use absolute paths)"


def _sqlite(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
    database = args[0]
    in_memory = database in (":memory:", b":memory:", "") or str(database).startswith("file::memory:")
    return None if in_memory or watch.writable(real(database), actor.engine) else (
        "write", f"open the database {show(database)}")


# -- processes, native code, hooks, the environment ------------------------------------------------------------------
def _always(category: str, label: str, shown: int | None = 0) -> Check:
    """An action refused whatever its arguments; ``shown`` is the argument the record quotes."""
    def check(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
        if actor.own(category):
            return None
        return category, f"{label}({show(args[shown])})" if shown is not None and len(args) > shown else label
    return check


def _unless_tracer_dropped(check: Check) -> Check:
    """``check``, but for CPython dropping the cell guard's tracer after it raised to end a block: that drop is
    audited as "sys.settrace" from the block's frame (``cell_guard.tracer_dropped``)."""
    def unless(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
        return None if tracer_dropped() else check(watch, args, actor)
    return unless


def _kill(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
    """A signal to another process; the engine may signal the run's isolated REPL (a stop, its end)."""
    if args[0] == os.getpid() or (actor.engine and args[0] in watch.engine_processes):
        return None
    return "proc", f"signal {args[1]} to process {args[0]}"


def sensitive_env(name: str) -> bool:
    upper = name.upper()
    return upper.startswith(SENSITIVE_ENV_PREFIXES) or "PROXY" in upper or bool(SECRET_NAME.search(name))


def _environment(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
    name = os.fsdecode(args[0]) if isinstance(args[0], (str, bytes)) else str(args[0])
    return ("env", f"change the environment variable {name}") if sensitive_env(name) else None


def _import(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
    return ("native", f"import {args[0]}") if args[0] in _NATIVE_MODULES else None


# -- the network -----------------------------------------------------------------------------------------------------
def _lookup(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
    host = args[0]
    if loopback_host(host) or (actor.engine and watch.endpoint_host(host_text(host))):
        return None
    return "net", f"look up the host {show(host)}"


def _nameinfo(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
    address = args[0]
    host = address[0] if isinstance(address, tuple) and address else address
    return None if loopback_host(host) else ("net", f"look up the address {show(host)}")


def _raw(sock: object, field: str) -> object:
    """A socket's family or type as the plain number (``socket.socket``'s own properties convert it to an enum, which
    costs more than the rest of the check)."""
    return getattr(_socket.socket, field).__get__(sock) if isinstance(sock, _socket.socket) else None


def _protocol(sock: object) -> str:
    return "udp" if _raw(sock, "type") == socket.SOCK_DGRAM else "tcp"


def _peer(watch: Watch, sock: object, address: object, verb: str, actor: Actor) -> Found:
    """A connection or datagram: only to a loopback address this kernel's own process tree serves (by protocol
    and address), or, for the engine, to the run's endpoint."""
    if address is None:
        return None  # sendmsg on a connected socket: its connect was checked
    if not isinstance(address, tuple) or len(address) < 2:
        return "net", f"{verb} {show(address)}"  # a Unix socket (a Docker or SSH agent socket is a way out)
    host, port = host_text(address[0]), address[1]
    if not isinstance(port, int):
        return "net", f"{verb} {host}:{port}"
    if actor.engine and watch.endpoint(host, port):
        return None
    if not loopback_host(host):
        return "net", f"{verb} {host}:{port}"
    protocol = _protocol(sock)
    if watch.served_here(protocol, host, port):
        return None
    return "net", f"{verb} {host}:{port} ({protocol.upper()}), which this kernel did not start"


def _connect(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
    sock = args[0]
    if _raw(sock, "family") == getattr(socket, "AF_UNIX", None):
        return "net", f"connect to the Unix socket {show(args[1])}"
    return _peer(watch, sock, args[1], "connect to", actor)


def _send(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
    return _peer(watch, args[0], args[1], "send to", actor)


def _bind(watch: Watch, args: tuple[Any, ...], actor: Actor) -> Found:
    address = args[1]
    host = address[0] if isinstance(address, tuple) and address else None
    # a server on every interface (or a Unix socket path) serves this kernel's data to others
    if isinstance(address, tuple) and host and loopback_host(host):
        watch.opened(args[0])  # the run's own socket: never a peer "this kernel started"
        return None
    return "net", f"listen on {show(address)}"


CHECKS: dict[str, Check] = {
    "open": _open,
    "os.listdir": _listing, "os.scandir": _listing,
    "os.chdir": _chdir,
    "os.mkdir": _changes((0, 2)), "os.remove": _changes((0, 1)), "os.rmdir": _changes((0, 1)),
    "os.chmod": _changes((0, 2)), "os.chown": _changes((0, 3)), "os.utime": _changes((0, 3)),
    "os.rename": _changes((0, 2), (1, 3)), "os.link": _changes((0, 2), (1, 3)),
    "os.symlink": _changes((0, None), (1, 2)),
    **{event: _changes((0, None)) for event in ("os.truncate", "os.chflags", "os.lchflags", "os.lchmod", "os.setxattr",
                                                "os.removexattr", "shutil.rmtree", "shutil.chown",
                                                "shutil.make_archive")},
    **{event: _changes((0, None), (1, None)) for event in ("shutil.copyfile", "shutil.copymode", "shutil.copystat",
                                                          "shutil.copytree", "shutil.move")},
    "shutil.unpack_archive": _changes((1, None)),
    "sqlite3.connect": _sqlite,
    "socket.getaddrinfo": _lookup, "socket.gethostbyname": _lookup, "socket.gethostbyname_ex": _lookup,
    "socket.gethostbyaddr": _lookup, "socket.getnameinfo": _nameinfo,
    "socket.connect": _connect, "socket.sendto": _send, "socket.sendmsg": _send, "socket.bind": _bind,
    "os.system": _always("proc", "os.system"), "subprocess.Popen": _always("proc", "subprocess", 1),
    "os.exec": _always("proc", "os.exec"), "os.posix_spawn": _always("proc", "os.posix_spawn"),
    "os.spawn": _always("proc", "os.spawn", 1), "os.fork": _always("proc", "os.fork", None),
    "os.forkpty": _always("proc", "os.forkpty", None), "pty.spawn": _always("proc", "pty.spawn"),
    "os.kill": _kill, "os.killpg": _always("proc", "os.killpg"),
    "ctypes.dlopen": _always("native", "ctypes.dlopen"), "ctypes.dlsym": _always("native", "ctypes.dlsym", 1),
    "ctypes.cdata": _always("native", "ctypes.cdata"), "import": _import,
    "sys.addaudithook": _always("hooks", "sys.addaudithook", None),
    "sys.settrace": _unless_tracer_dropped(_always("hooks", "sys.settrace", None)),
    "sys.setprofile": _always("hooks", "sys.setprofile", None),
    "os.putenv": _environment, "os.unsetenv": _environment,
    # Calls CPython raises no event for: guard_calls raises these around them.
    "rlm_jupyter.os.mkfifo": _changes((0, 1)), "rlm_jupyter.os.mknod": _changes((0, 1)),
    "rlm_jupyter.readline.write": _changes((0, None)), "rlm_jupyter.readline.read": _reading(0),
    "rlm_jupyter.fork_exec": _always("proc", "_posixsubprocess.fork_exec"),
    "rlm_jupyter.pidfd_send_signal": _kill,
}
