"""The OS limits of the isolated REPL: applied by the worker process to itself, before it runs any model code.

What the REPL may not do, and what stops it (Linux; each layer is irreversible for the process and inherited
by every thread and child process it starts, so a thread, ``ctypes`` or ``multiprocessing`` cannot leave it):

- **files**: Landlock (kernel 5.13+). Reading is allowed everywhere except the credential folders (the
  guard's list: ``~/.ssh``, ``~/.aws``, the Jupyter runtime folder...); writing, creating, renaming and
  deleting only beneath the run's scratch folder (and ``/dev/null``). Landlock grants by path, so "all but
  ``~/.ssh``" is granted as every sibling on the way down to it.
- **network**: ``seccomp`` refuses ``socket()`` for every family (the channel to the engine is a socket the
  worker was born with), and ``io_uring``, which could open sockets behind seccomp's back. Landlock ABI 4+
  also refuses every TCP bind and connect, and a new network namespace (where unprivileged user namespaces
  are allowed) leaves the process a loopback of its own: three layers, any one of which suffices.
- **other processes**: Landlock ABI 6+ scopes signals (none to processes outside the sandbox) and abstract
  Unix sockets; Landlock refuses ``ptrace`` and ``/proc/<pid>/mem``/``environ`` of processes outside it;
  seccomp refuses ``ptrace``, ``process_vm_readv``/``writev``, the kernel keyring, BPF and perf events.
- **keys in the environment**: the worker is started with an environment of a few safe names
  (``worker_environment``): no API key, no proxy, no token.

Why these and not containers or Pyodide: they need no daemon, image or root, cost milliseconds, and keep
CPython with the user's installed packages (pandas, numpy, pyarrow) at native speed. Why applied by the
worker and not by the engine before ``exec``: ``unshare`` needs a single-threaded process, and the engine's
kernel is not one.
"""
from __future__ import annotations

import ctypes
import errno
import os
import platform
import struct
from dataclasses import dataclass, field

# -- Landlock (include/uapi/linux/landlock.h); the syscall numbers are the same on every architecture -------------
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1
_FS = {  # access right -> the ABI that introduced it
    "execute": (1 << 0, 1), "write_file": (1 << 1, 1), "read_file": (1 << 2, 1), "read_dir": (1 << 3, 1),
    "remove_dir": (1 << 4, 1), "remove_file": (1 << 5, 1), "make_char": (1 << 6, 1), "make_dir": (1 << 7, 1),
    "make_reg": (1 << 8, 1), "make_sock": (1 << 9, 1), "make_fifo": (1 << 10, 1), "make_block": (1 << 11, 1),
    "make_sym": (1 << 12, 1), "refer": (1 << 13, 2), "truncate": (1 << 14, 3), "ioctl_dev": (1 << 15, 5),
}
_FILE_RIGHTS = ("execute", "write_file", "read_file", "truncate", "ioctl_dev")  # what a rule on a file may grant
_READ_RIGHTS = ("execute", "read_file", "read_dir")
_NET_BIND_TCP, _NET_CONNECT_TCP = 1 << 0, 1 << 1  # ABI 4
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1 << 0, 1 << 1  # ABI 6

# -- seccomp -------------------------------------------------------------------------------------------------------
_PR_SET_NO_NEW_PRIVS, _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 38, 22, 2
_RET_ALLOW, _RET_ERRNO = 0x7FFF0000, 0x00050000
_LD_W_ABS, _JEQ_K, _JGE_K, _RET_K = 0x20, 0x15, 0x35, 0x06
# Refused system calls, by architecture (audit arch, its numbers). Not in the table: no seccomp layer, and the
# record says so (Landlock and the network namespace still hold).
_DENIED = ("socket", "io_uring_setup", "io_uring_enter", "io_uring_register", "ptrace", "process_vm_readv",
           "process_vm_writev", "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "kexec_load",
           "name_to_handle_at", "open_by_handle_at", "mount", "umount2", "pivot_root", "unshare", "setns")
_SYSCALLS = {
    "x86_64": (0xC000003E, {"socket": 41, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
                            "ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311, "keyctl": 250,
                            "add_key": 248, "request_key": 249, "bpf": 321, "perf_event_open": 298,
                            "kexec_load": 246, "name_to_handle_at": 303, "open_by_handle_at": 304, "mount": 165,
                            "umount2": 166, "pivot_root": 155, "unshare": 272, "setns": 308}),
    "aarch64": (0xC00000B7, {"socket": 198, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
                             "ptrace": 117, "process_vm_readv": 270, "process_vm_writev": 271, "keyctl": 219,
                             "add_key": 217, "request_key": 218, "bpf": 280, "perf_event_open": 241,
                             "kexec_load": 104, "name_to_handle_at": 264, "open_by_handle_at": 265, "mount": 40,
                             "umount2": 39, "pivot_root": 41, "unshare": 97, "setns": 268}),
}
_X32_BIT = 0x40000000  # x86_64's x32 ABI numbers: refused whole

_CLONE_NEWUSER, _CLONE_NEWNET = 0x10000000, 0x40000000

# The environment the worker starts with: no key, token, proxy or endpoint crosses, only what locates things.
SAFE_ENVIRONMENT = ("PATH", "HOME", "LANG", "LANGUAGE", "TZ", "PYTHONPATH", "VIRTUAL_ENV", "CONDA_PREFIX",
                    "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_MAX_THREADS")


class SandboxUnavailable(RuntimeError):
    """The machine cannot give the isolated REPL its limits: the run must not start."""


@dataclass
class Limits:
    """What held in the worker, for the run's record ("isolation" row)."""

    landlock_abi: int = 0
    network_namespace: bool = False
    seccomp: str = ""  # the architecture whose filter is in place, "" when none
    notes: list[str] = field(default_factory=list)

    def refuses(self) -> frozenset[str]:
        """What these limits refuse whatever the guard allows, in its categories ("signal": to another process)."""
        return frozenset({"write", "secrets"} | ({"net"} if self.seccomp or self.landlock_abi >= 4 else set())
                         | ({"signal"} if self.landlock_abi >= 6 else set()))

    def describe(self) -> str:
        parts = [f"Landlock ABI {self.landlock_abi}: writes only to the scratch folder, credential folders "
                 "unreadable" + (", TCP refused" if self.landlock_abi >= 4 else "")
                 + (", signals and abstract sockets scoped" if self.landlock_abi >= 6 else "")]
        if self.seccomp:
            parts.append("seccomp: no new sockets, io_uring, ptrace or keyring")
        if self.network_namespace:
            parts.append("a network namespace of its own")
        return "; ".join(parts + self.notes)


def worker_environment(scratch: str) -> dict[str, str]:
    """The worker's environment: the safe names of ours, the scratch folder as its temporary folder."""
    environment = {name: value for name, value in os.environ.items()
                   if name in SAFE_ENVIRONMENT or name.startswith("LC_")}
    environment.update(TMPDIR=scratch, PYTHONDONTWRITEBYTECODE="1", MPLBACKEND="Agg", PYTHONUNBUFFERED="1")
    return environment


def landlock_abi() -> int:
    """The Landlock ABI version this kernel offers (0: none, or not Linux)."""
    if platform.system() != "Linux":
        return 0
    libc = ctypes.CDLL(None, use_errno=True)
    version = libc.syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_CREATE_RULESET_VERSION))
    return max(int(version), 0)


def apply(scratch: str, secrets: tuple[str, ...]) -> Limits:
    """Put this process (single-threaded, before it runs anything else) under the limits; raise if it cannot.

    Landlock and one network layer are required; the rest is taken where the kernel offers it and recorded.
    """
    limits = Limits()
    libc = ctypes.CDLL(None, use_errno=True)
    limits.network_namespace = _new_network_namespace(libc)
    limits.landlock_abi = landlock_abi()
    if limits.landlock_abi < 1:
        raise SandboxUnavailable("this kernel offers no Landlock (Linux 5.13+ with the landlock LSM enabled), so "
                                 "the isolated REPL could not be kept from writing outside its scratch folder")
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise SandboxUnavailable(f"prctl(PR_SET_NO_NEW_PRIVS) failed: {os.strerror(ctypes.get_errno())}")
    _landlock(libc, limits.landlock_abi, scratch, secrets)
    limits.seccomp = _seccomp(libc)
    if not (limits.seccomp or limits.network_namespace or limits.landlock_abi >= 4):
        raise SandboxUnavailable("no way to keep the isolated REPL off the network on this machine (no seccomp "
                                 "filter for this architecture, no network namespace, Landlock older than ABI 4)")
    if not limits.seccomp:
        limits.notes.append(f"no seccomp filter for {platform.machine()}: UDP and Unix sockets rely on the "
                            "network namespace" if limits.network_namespace else "")
    limits.notes = [note for note in limits.notes if note]
    return limits


def _new_network_namespace(libc: ctypes.CDLL) -> bool:
    """A user and network namespace of this process's own (a loopback nobody else shares), where allowed."""
    uid, gid = os.getuid(), os.getgid()
    if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET) != 0:
        return False  # unprivileged user namespaces off, or a container that forbids them: other layers hold
    try:  # keep our own ids inside (unmapped, every file would look like nobody's)
        with open("/proc/self/setgroups", "w") as fh:
            fh.write("deny")
        with open("/proc/self/uid_map", "w") as fh:
            fh.write(f"{uid} {uid} 1")
        with open("/proc/self/gid_map", "w") as fh:
            fh.write(f"{gid} {gid} 1")
    except OSError:
        pass
    return True


def _rights(abi: int, names: tuple[str, ...] | None = None) -> int:
    return sum(bit for name, (bit, since) in _FS.items() if since <= abi and (names is None or name in names))


def _landlock(libc: ctypes.CDLL, abi: int, scratch: str, secrets: tuple[str, ...]) -> None:
    handled = _rights(abi)
    attr = struct.pack("QQQ", handled, (_NET_BIND_TCP | _NET_CONNECT_TCP) if abi >= 4 else 0,
                       (_SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL) if abi >= 6 else 0)
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    buffer = ctypes.create_string_buffer(attr[:size], size)
    ruleset = libc.syscall(_CREATE_RULESET, buffer, ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        raise SandboxUnavailable(f"landlock_create_ruleset failed: {os.strerror(ctypes.get_errno())}")
    try:
        for path in readable_roots(secrets):
            _allow(libc, ruleset, path, _rights(abi, _READ_RIGHTS), abi)
        _allow(libc, ruleset, scratch, handled, abi)
        _allow(libc, ruleset, os.devnull, _rights(abi, ("write_file", "read_file", "truncate")), abi)
        if libc.syscall(_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            raise SandboxUnavailable(f"landlock_restrict_self failed: {os.strerror(ctypes.get_errno())}")
    finally:
        os.close(ruleset)


def _allow(libc: ctypes.CDLL, ruleset: int, path: str, rights: int, abi: int) -> None:
    """Grant ``rights`` beneath ``path`` (only a file's own rights when it is a file); a path gone meanwhile is
    skipped: what does not exist cannot be read."""
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return
    try:
        if not os.path.isdir(path):
            rights &= _rights(abi, _FILE_RIGHTS)
        rule = struct.pack("=Qi", rights, fd)
        if libc.syscall(_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(_RULE_PATH_BENEATH),
                        ctypes.create_string_buffer(rule, len(rule)), ctypes.c_uint32(0)) != 0:
            code = ctypes.get_errno()
            if code not in (errno.ENOENT, errno.EBADFD):
                raise SandboxUnavailable(f"landlock_add_rule({path}) failed: {os.strerror(code)}")
    finally:
        os.close(fd)


def readable_roots(secrets: tuple[str, ...]) -> list[str]:
    """The folders and files to grant reading beneath, so that everything but ``secrets`` is readable.

    Landlock only grants, beneath a path. Starting from ``/``, each grant that holds a secret is replaced by
    its entries, except the one on the way to the secret, which is split the same way, down to the secret.
    """
    grants = {"/"}
    secrets = tuple(sorted({os.path.realpath(s) for s in secrets}))
    for secret in secrets:
        holder = next((g for g in grants if secret == g or secret.startswith(g.rstrip("/") + "/")), None)
        while holder is not None:
            grants.discard(holder)
            if holder == secret:
                break
            try:
                entries = [os.path.join(holder, name) for name in os.listdir(holder)]
            except OSError:
                break  # an unreadable folder on the way: nothing beneath it is granted
            grants.update(entries)
            holder = next((e for e in entries if secret == e or secret.startswith(e + "/")), None)
    # A symbolic link among them (pytest's ``pytest-current``, a ``~/keys -> ~/.ssh``) is granted where it
    # points: one that points at a secret, or at a folder holding one, would open the way the split closed.
    return sorted(g for g in grants if not _reaches(os.path.realpath(g), secrets))


def _reaches(real: str, secrets: tuple[str, ...]) -> bool:
    return any(real == s or s.startswith(real.rstrip("/") + "/") or real.startswith(s + "/") for s in secrets)


def _seccomp(libc: ctypes.CDLL) -> str:
    """Refuse ``_DENIED`` with EPERM (and x86_64's x32 calls); the architecture's name, or "" when unsupported."""
    machine = platform.machine()
    if machine not in _SYSCALLS:
        return ""
    numbers = _SYSCALLS[machine][1]
    install_filter({numbers[name]: errno.EPERM for name in _DENIED}, libc)
    return machine


def install_filter(denied: dict[int, int], libc: ctypes.CDLL | None = None) -> None:
    """A seccomp filter on this process (and what it starts): each system call number in ``denied`` fails with its
    errno; calls of another architecture fail whole. Irreversible; sets no_new_privs, which it needs."""
    libc = libc or ctypes.CDLL(None, use_errno=True)
    machine = platform.machine()
    if machine not in _SYSCALLS:
        raise SandboxUnavailable(f"no seccomp filter is known for {machine}")
    arch = _SYSCALLS[machine][0]
    program = [(_LD_W_ABS, 0, 0, 4), (_JEQ_K, 1, 0, arch), (_RET_K, 0, 0, _RET_ERRNO | errno.EPERM),
               (_LD_W_ABS, 0, 0, 0)]
    if machine == "x86_64":
        program += [(_JGE_K, 0, 1, _X32_BIT), (_RET_K, 0, 0, _RET_ERRNO | errno.EPERM)]
    for number, code in denied.items():
        program += [(_JEQ_K, 0, 1, number), (_RET_K, 0, 0, _RET_ERRNO | code)]
    program.append((_RET_K, 0, 0, _RET_ALLOW))
    filters = b"".join(struct.pack("HBBI", code, jt, jf, k) for code, jt, jf, k in program)
    buffer = ctypes.create_string_buffer(filters, len(filters))

    class _Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    fprog = _Program(len(program), ctypes.cast(buffer, ctypes.c_void_p))
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 or libc.prctl(
            _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        raise SandboxUnavailable(f"installing the seccomp filter failed: {os.strerror(ctypes.get_errno())}")
