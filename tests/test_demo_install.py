"""The demo outside a checkout, as root, without its extra, and the setup script's stamp.

- The wheel carries the example notebooks and the kernelspec, and ``python -m rlm_jupyter.demo`` installed from it
  finds the quickstart (copied to ``./rlm-demo/``) from a folder that is not the checkout.
- In a checkout the demo opens copies in the git-ignored ``demo-work/``, never ``notebooks/`` itself.
- The JupyterLab command line lands on the quickstart, makes the RLM kernel the default, passes extra arguments
  through and adds ``--allow-root`` once for root.
- Without the ``demo`` extra every mode says in one line which extra to install, and copies nothing; without the
  ``verify`` extra ``python -m rlm_jupyter.nbval`` still prints its path and says which extra verifying needs.
- ``scripts/setup`` runs pip only when pyproject.toml or the wanted extras changed, or the package is not there.
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import ClassVar

import pytest

from rlm_jupyter import demo

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))


# -- the wheel ------------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """rlm_jupyter's wheel, built from this checkout (without build isolation when hatchling is at hand)."""
    out = tmp_path_factory.mktemp("wheel")
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-build-isolation"]
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *isolation, str(ROOT), "-w", str(out)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = out.glob("rlm_jupyter-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed into a folder of its own (``--target``, no dependencies: this venv has them)."""
    target = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target",
                           str(target), str(wheel)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return target


def run_installed(site: Path, cwd: Path, *args: str, timeout: int = 120) -> subprocess.CompletedProcess[str]:
    """This venv's Python with the installed wheel first on sys.path (ahead of the editable checkout)."""
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env)


@pytest.mark.slow  # builds a wheel
def test_the_wheel_carries_the_notebooks_and_the_kernelspec(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for name in NOTEBOOKS:  # every notebook of the checkout, byte for byte: a new one must be added to pyproject
            assert archive.read(f"rlm_jupyter/notebooks/{name}") == (ROOT / "notebooks" / name).read_bytes(), name
        kernelspec = [n for n in names if n.endswith(".data/data/share/jupyter/kernels/rlm/kernel.json")]
        assert kernelspec, sorted(names)
        assert b"--ext=rlm_jupyter" in archive.read(kernelspec[0])
    assert "quickstart.ipynb" in NOTEBOOKS
    assert not [n for n in names if n.endswith("notebooks/build.py")]  # checkout-only
    assert "rlm_jupyter/nbval_sanitize.cfg" in names  # `python -m rlm_jupyter.nbval` prints its installed path


@pytest.mark.slow  # builds and installs a wheel, then three Python processes
def test_the_installed_demo_finds_and_copies_the_notebooks_outside_the_checkout(installed: Path, tmp_path: Path) -> None:
    done = run_installed(installed, tmp_path, "-m", "rlm_jupyter.demo", "--help")
    assert done.returncode == 0, done.stderr
    assert "JupyterLab" in done.stdout and "--headless" in done.stdout

    probe = ("import rlm_jupyter.demo as d\n"
             "assert d.checkout_notebooks() is None, d.CHECKOUT\n"
             "print(d.__file__)\n"
             "print(d.notebooks_folder())\n")
    done = run_installed(installed, tmp_path, "-c", probe)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert Path(lines[0]).resolve().is_relative_to(installed.resolve()), lines  # the wheel's copy, not the checkout's
    assert lines[-1] == str((tmp_path / "rlm-demo").resolve())
    for name in NOTEBOOKS:
        assert (tmp_path / "rlm-demo" / name).read_bytes() == (ROOT / "notebooks" / name).read_bytes(), name

    done = run_installed(installed, tmp_path, "-m", "rlm_jupyter.demo", "--refresh-notebooks")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "checkout" in done.stderr, done.stderr


@pytest.mark.slow
@pytest.mark.kernel  # the installed demo executes its quickstart in a kernel
def test_the_installed_headless_demo_runs_the_shipped_quickstart(installed: Path, tmp_path: Path) -> None:
    done = run_installed(installed, tmp_path, "-m", "rlm_jupyter.demo", "--headless", timeout=300)
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "demo-output" / "quickstart.html").read_text(encoding="utf-8")
    assert "rlm-report" in page and "months_since_first_order" in page
    assert not (tmp_path / "rlm-demo").exists()  # --headless runs the shipped notebook, it copies nothing


# -- working copies are never overwritten once edited ----------------------------------------------------------------
def test_copy_notebooks_keeps_edited_copies_and_updates_untouched_ones(tmp_path: Path) -> None:
    shipped, work = tmp_path / "shipped", tmp_path / "work"
    shipped.mkdir()
    (shipped / "a.ipynb").write_text("a1")
    (shipped / "b.ipynb").write_text("b1")
    (shipped / "build.py").write_text("not a notebook")
    assert demo.copy_notebooks(work, shipped) == []
    assert sorted(p.name for p in work.iterdir()) == [demo.MANIFEST, "a.ipynb", "b.ipynb"]

    (work / "a.ipynb").write_text("a1, run and saved by the user")
    (shipped / "a.ipynb").write_text("a2")  # a newer package ships new versions of both
    (shipped / "b.ipynb").write_text("b2")
    notes = demo.copy_notebooks(work, shipped)
    assert (work / "a.ipynb").read_text() == "a1, run and saved by the user"
    assert (work / "b.ipynb").read_text() == "b2"  # untouched since the last copy: updated
    assert len(notes) == 1 and "a.ipynb" in notes[0]

    (work / "b.ipynb").unlink()  # a deleted copy comes back
    demo.copy_notebooks(work, shipped)
    assert (work / "b.ipynb").read_text() == "b2"


def test_a_foreign_file_of_the_same_name_is_kept(tmp_path: Path) -> None:
    shipped, work = tmp_path / "shipped", tmp_path / "work"
    shipped.mkdir()
    work.mkdir()
    (shipped / "quickstart.ipynb").write_text("ours")
    (work / "quickstart.ipynb").write_text("the user's own")
    assert len(demo.copy_notebooks(work, shipped)) == 1
    assert (work / "quickstart.ipynb").read_text() == "the user's own"


def test_the_checkout_opens_copies_in_a_git_ignored_work_folder(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    assert demo.checkout_notebooks() == ROOT / "notebooks"
    assert demo.default_workdir() == ROOT / "demo-work"
    ignored = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "-q", "demo-work/quickstart.ipynb"], timeout=30)
    assert ignored.returncode == 0, "demo-work/ must be in .gitignore: the demo saves notebooks there"
    monkeypatch.setattr(demo, "CHECKOUT_WORKDIR", tmp_path / "demo-work")  # the same code path, outside the checkout
    assert demo.notebooks_folder() == tmp_path / "demo-work"
    assert sorted(p.name for p in (tmp_path / "demo-work").iterdir()) == sorted([demo.MANIFEST, *NOTEBOOKS])  # no build.py
    assert demo.notebooks_folder(tmp_path / "mine") == tmp_path / "mine"  # --workdir wins


# -- the JupyterLab command line, as root --------------------------------------------------------------------------
def test_jupyterlab_lands_on_the_quickstart_with_the_rlm_kernel(tmp_path: Path) -> None:
    command = demo.lab_command(tmp_path, [])
    assert command[:4] == [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={tmp_path}"]
    # LabApp's own default_url overrides ServerApp's: --ServerApp.default_url would still land on /lab
    assert "--LabApp.default_url=/lab/tree/quickstart.ipynb" in command
    assert "--MappingKernelManager.default_kernel_name=rlm" in command
    for name in NOTEBOOKS:  # the shipped notebooks open in the same kernel
        metadata = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["metadata"]
        assert metadata["kernelspec"]["name"] == "rlm", name


def test_kernels_use_ipc_unless_the_socket_path_is_too_long(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # ipykernel warns "Kernel is running over TCP without encryption" for TCP kernels; IPC sockets live in the
    # runtime folder, and a Unix socket path has at most 107 bytes
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path))
    assert demo.kernel_transport() == (["--KernelManager.transport=ipc"] if len(str(tmp_path)) <= 57 else [])
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", "/tmp/" + "r" * 60)
    assert demo.kernel_transport() == []
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", "/tmp/short")
    assert demo.kernel_transport() == ["--KernelManager.transport=ipc"]
    assert "--KernelManager.transport=ipc" in demo.lab_command(tmp_path)


def test_root_gets_allow_root_once_and_extra_arguments_pass_through(tmp_path: Path) -> None:
    command = demo.lab_command(tmp_path, ["--port", "9999", "--no-browser"], is_root=True)
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    assert command.count("--allow-root") == 1
    assert command[-3:] == ["--port", "9999", "--no-browser"]  # last (so they override), in order, unchanged
    assert f"--ServerApp.root_dir={tmp_path}" in command


@pytest.mark.parametrize("given", ["--allow-root", "--allow_root", "--ServerApp.allow_root=True"])
def test_an_explicit_allow_root_is_not_duplicated(tmp_path: Path, given: str) -> None:
    command = demo.lab_command(tmp_path, [given], is_root=True)
    assert command == demo.lab_command(tmp_path) + [given]


def test_not_root_adds_nothing(tmp_path: Path) -> None:
    assert "--allow-root" not in demo.lab_command(tmp_path, [], is_root=False)
    assert demo.lab_command(tmp_path, ["--port", "1"], is_root=False) == demo.lab_command(tmp_path) + ["--port", "1"]


class FakeLab:
    """Stands in for subprocess.Popen: records how JupyterLab would be started and exits at once."""

    started: ClassVar[list[FakeLab]] = []

    def __init__(self, command: list[str], **options: object) -> None:
        self.command, self.options = command, options
        FakeLab.started.append(self)

    def send_signal(self, signum: int) -> None:
        raise AssertionError(f"signal {signum} sent to JupyterLab")

    def wait(self) -> int:
        return 0


def test_main_passes_jupyterlab_arguments_through(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(demo.subprocess, "Popen", FakeLab)
    monkeypatch.setattr(FakeLab, "started", [])
    monkeypatch.setattr(demo, "running_as_root", lambda: True)
    monkeypatch.setattr(demo, "CHECKOUT_WORKDIR", tmp_path / "demo-work")
    handlers = {sig: signal.getsignal(sig) for sig in demo.STOP_SIGNALS}
    assert demo.main(["--port", "9999", "--no-browser", "--latency", "0", "--allow-root"]) == 0
    (lab,) = FakeLab.started
    assert lab.command.count("--allow-root") == 1
    assert lab.command[-4:] == ["--port", "9999", "--no-browser", "--allow-root"]
    assert f"--ServerApp.root_dir={tmp_path / 'demo-work'}" in lab.command  # the copies, not notebooks/
    assert (tmp_path / "demo-work" / "quickstart.ipynb").is_file()
    env = lab.options["env"]
    assert isinstance(env, dict) and env["RLM_DEMO_LATENCY"] == "0.0"
    # a process group of its own and no terminal input: a Ctrl-C reaches the demo only, which stops JupyterLab
    assert lab.options["process_group"] == 0 and lab.options["stdin"] == subprocess.DEVNULL
    assert {sig: signal.getsignal(sig) for sig in demo.STOP_SIGNALS} == handlers  # restored


def test_jupyterlab_arguments_are_refused_with_headless(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        demo.main(["--headless", "--no-browser"])
    assert stopped.value.code == 2
    assert "--no-browser" in capsys.readouterr().err


# -- without the extras: one line, exit 1, nothing done --------------------------------------------------------------
@pytest.fixture
def hidden(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Module names that find_spec reports missing, as in a plain ``pip install rlm_jupyter``."""
    names: set[str] = set()
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *args: None if name in names else real(name, *args))
    return names


@pytest.mark.parametrize(("argv", "needs"), [([], "jupyterlab, matplotlib"),
                                             (["--headless"], "nbclient, nbconvert, matplotlib")])
@pytest.mark.parametrize("where", ["wheel", "checkout"])
def test_a_mode_without_the_demo_extra_says_so_in_one_line(
        hidden: set[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        argv: list[str], needs: str, where: str) -> None:
    hidden.update({"jupyterlab", "matplotlib", "nbclient", "nbconvert"})
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(demo, "CHECKOUT_WORKDIR", tmp_path / "demo-work")
    if where == "wheel":
        monkeypatch.setattr(demo, "checkout_notebooks", lambda: None)
    monkeypatch.setattr(demo.subprocess, "Popen", FakeLab)
    monkeypatch.setattr(FakeLab, "started", [])
    with pytest.raises(SystemExit) as stopped:
        demo.main(argv)
    assert stopped.value.code == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and f"needs {needs}," in err, err
    hint = 'pip install "rlm_jupyter[demo]"' if where == "wheel" else f'pip install -e "{ROOT}[demo]"'
    assert err.rstrip().endswith(hint), err
    assert list(tmp_path.iterdir()) == [] and FakeLab.started == []  # nothing copied, nothing started


def test_one_missing_module_is_enough(hidden: set[str]) -> None:
    hidden.add("matplotlib")  # jupyterlab alone: the quickstart's plot would fail
    assert demo.missing_extra("JupyterLab") is not None
    assert "needs matplotlib," in (demo.missing_extra("--headless") or "")
    hidden.clear()
    assert demo.missing_extra("JupyterLab") is None and demo.missing_extra("--headless") is None


@pytest.mark.parametrize("missing", [{"nbval"}, {"pytest"}, {"nbval", "pytest"}])
def test_nbval_without_the_verify_extra_prints_the_path_and_names_the_extra(
        hidden: set[str], capsys: pytest.CaptureFixture[str], missing: set[str]) -> None:
    from rlm_jupyter import nbval

    assert nbval.main([]) == 0
    assert capsys.readouterr() == (f"{nbval.SANITIZE_FILE}\n", "")
    hidden.update(missing)
    assert nbval.main([]) == 1
    out, err = capsys.readouterr()
    assert out == f"{nbval.SANITIZE_FILE}\n"
    assert err.count("\n") == 1 and 'pip install "rlm_jupyter[verify]"' in err
    assert all(name in err for name in missing)


def test_scripts_demo_installs_only_the_demo_extra() -> None:
    script = (ROOT / "scripts" / "demo").read_text()
    assert "EXTRAS=demo bash scripts/setup" in script
    assert script.rstrip().endswith('exec .venv/bin/python -m rlm_jupyter.demo "$@"')


# -- scripts/setup runs pip only when something changed ---------------------------------------------------------------
@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the checkout's setup script and pyproject.toml whose ``.venv/bin/python`` logs pip and runs nothing.

    Everything else goes to this venv's Python, and ``rlm_jupyter`` links to the checkout's package, so the script's
    check ("rlm_jupyter imports from this folder, the extras' requirements are installed") sees this venv.
    """
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "setup", tmp_path / "scripts" / "setup")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "rlm_jupyter").symlink_to(ROOT / "rlm_jupyter", target_is_directory=True)
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text('#!/usr/bin/env bash\n'
                      'if [ "$1 $2" = "-m pip" ]; then echo "${*:3}" >>"$(dirname "$0")/../pip.log"; exit 0; fi\n'
                      f'exec {sys.executable} "$@"\n')
    python.chmod(0o755)
    return tmp_path


def setup(project: Path, extras: str | None = None, **env: str) -> list[str]:
    """Runs scripts/setup; returns the pip commands it ran."""
    log = project / ".venv" / "pip.log"
    log.unlink(missing_ok=True)
    environ = {k: v for k, v in os.environ.items() if k not in ("EXTRAS", "RLM_SETUP_FORCE")}
    environ.update(env, **({} if extras is None else {"EXTRAS": extras}))
    done = subprocess.run(["bash", str(project / "scripts" / "setup")], capture_output=True, text=True, timeout=120,
                          env=environ)
    assert done.returncode == 0, done.stderr
    pips = log.read_text().splitlines() if log.exists() else []
    assert ("up to date" in done.stdout) == (not pips), done.stdout
    return pips


@pytest.mark.slow  # eight runs of a shell script, each with a Python process
def test_setup_skips_pip_until_pyproject_or_the_extras_change(project: Path) -> None:
    stamp = project / ".venv" / ".rlm-setup-stamp"
    assert setup(project, "demo") == ["install -q --upgrade pip", "install -q -e .[demo]"]
    assert "extras=demo" in stamp.read_text()
    assert setup(project, "demo") == []  # nothing changed: no pip at all

    # the tests want more than the demo installed: pip runs, and the stamp then holds the union
    assert setup(project) == ["install -q --upgrade pip", "install -q -e .[test,demo,scale]"]
    assert "extras=demo,scale,test" in stamp.read_text()
    assert setup(project, "demo") == []  # a superset is installed
    assert setup(project, " test , demo ") == []  # order and spaces do not matter

    with (project / "pyproject.toml").open("a") as toml:
        toml.write("\n# changed\n")
    assert setup(project, "demo") == ["install -q --upgrade pip", "install -q -e .[demo]"]
    assert "extras=demo\n" in stamp.read_text()  # after a change only what was installed since counts

    assert setup(project, "demo", RLM_SETUP_FORCE="1") != []


@pytest.mark.slow  # shell scripts with a Python process each
def test_setup_runs_pip_when_the_package_is_not_installed_from_here(project: Path) -> None:
    assert setup(project, "demo") != []
    assert setup(project, "demo") == []
    (project / "rlm_jupyter").unlink()
    (project / "rlm_jupyter").mkdir()  # this venv's rlm_jupyter is no longer the one in this folder
    assert setup(project, "demo") == ["install -q --upgrade pip", "install -q -e .[demo]"]
