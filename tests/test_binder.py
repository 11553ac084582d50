"""Binder runs every shipped notebook: what ``binder/`` installs covers what ``notebooks/*.ipynb`` import, and runs them.

- Fast, from the files: every module a notebook imports is the standard library or comes from a distribution in the
  transitive closure of ``binder/requirements.txt`` (``.[demo,scale]``: the project's dependencies plus those extras
  from pyproject.toml, then each distribution's own requirements as installed in this venv). The check takes the
  requirement lines as an argument, and the old file (``.[demo]``) is shown to miss Dask, distributed and PySpark.
- A notebook importing pyspark needs a Java 17+ runtime in ``binder/apt.txt`` (Spark 4 needs Java 17 or newer).
- ``binder/start`` is valid bash and starts the demo model through ``python -m rlm_jupyter.demo_model``, not the
  test-only ``rlm_jupyter.testing``; that command serves the demo models and exits 0 on SIGINT (even when started
  with SIGINT ignored, as a shell's ``&`` does) and on SIGTERM, 2 on bad arguments.
- Slow: a fresh venv gets ``pip install -r binder/requirements.txt`` (run from the checkout, as repo2docker does),
  then each notebook (copied to a temporary folder) runs there with nbclient on the ``rlm`` kernel. The Spark
  notebook is skipped when this machine has no Java.
"""
from __future__ import annotations

import ast
import importlib.metadata
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tomllib
import urllib.request
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
SPARK_NOTEBOOK = "spark_sales.ipynb"


# -- what the notebooks import ----------------------------------------------------------------------------------
def cell_imports(source: str) -> set[str]:
    """Top-level names of the modules one code cell imports. A cell magic (``%%rlm ...``) is not Python; line
    magics and shell lines (``%...``, ``!...``) are dropped before parsing; relative imports name no distribution."""
    if source.lstrip().startswith("%%"):
        return set()
    python = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
    names: set[str] = set()
    for node in ast.walk(ast.parse(python)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def notebook_imports(path: Path) -> set[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    names: set[str] = set()
    for index, cell in enumerate(cells):
        if cell["cell_type"] == "code":
            source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            try:
                names |= cell_imports(source)
            except SyntaxError as exc:
                raise AssertionError(f"{path.name}, cell {index}: not Python once magics are dropped: {exc}") from exc
    return names


def imports_by_notebook() -> dict[str, set[str]]:
    return {path.name: notebook_imports(path) for path in NOTEBOOKS}


# -- what binder/requirements.txt installs ------------------------------------------------------------------------
def requirement_lines(text: str) -> list[str]:
    """The requirement lines of a requirements file: no comments, blank lines or pip options (``-e`` is kept)."""
    lines = (line.partition(" #")[0].strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#") and (line.startswith("-e ") or line[0] != "-")]


@dataclass
class Closure:
    """Canonical names of the distributions a requirement list installs; ``unresolved`` are among them but not
    installed in this venv, so their own requirements are unknown here (and their import name is taken to be
    their distribution name)."""

    names: set[str] = field(default_factory=set)
    unresolved: set[str] = field(default_factory=set)


def _project(path: Path) -> tuple[str, list[str], dict[str, list[str]]]:
    project = tomllib.loads((path / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return canonicalize_name(project["name"]), project.get("dependencies", []), project.get("optional-dependencies", {})


def _applies(requirement: Requirement, extras: Iterable[str]) -> bool:
    if requirement.marker is None:
        return True
    return any(requirement.marker.evaluate({"extra": extra}) for extra in ("", *extras))


def resolve(lines: Iterable[str], root: Path = ROOT) -> Closure:
    """The transitive closure of ``lines`` (requirements-file lines), read as pip would from ``root``: a local path
    with extras (``.[demo,scale]``) is the project there, its dependencies and those extras (pyproject.toml); any
    other distribution's requirements come from its metadata in this venv (importlib.metadata)."""
    project_name, project_deps, project_extras = _project(root)
    todo: list[tuple[str, frozenset[str]]] = []
    for line in lines:
        line = line.removeprefix("-e").strip()
        local = re.fullmatch(r"(\.{1,2}(?:/[^\[\s]*)?)(?:\[([^\]]*)\])?", line)
        if local:
            path = (root / local.group(1)).resolve()
            if path != root.resolve():
                raise ValueError(f"{line!r}: only the project at {root} is understood")
            extras = frozenset(e.strip() for e in (local.group(2) or "").split(",") if e.strip())
            todo.append((project_name, extras))
        else:
            requirement = Requirement(line)
            if _applies(requirement, ()):
                todo.append((canonicalize_name(requirement.name), frozenset(requirement.extras)))
    closure = Closure()
    seen: set[tuple[str, frozenset[str]]] = set()
    while todo:
        name, extras = todo.pop()
        if (name, extras) in seen:
            continue
        seen.add((name, extras))
        closure.names.add(name)
        if name == project_name:
            # pyproject.toml lists each extra's requirements apart: they carry no `extra ==` marker there.
            requires = project_deps + [dep for extra in sorted(extras) for dep in project_extras.get(extra, [])]
            specs = [r for r in map(Requirement, requires) if _applies(r, ())]
        else:
            try:
                metadata = importlib.metadata.distribution(name)
            except importlib.metadata.PackageNotFoundError:
                closure.unresolved.add(name)
                continue
            specs = [r for r in map(Requirement, metadata.requires or []) if _applies(r, extras)]
        todo.extend((canonicalize_name(spec.name), frozenset(spec.extras)) for spec in specs)
    return closure


def missing_modules(imports: dict[str, set[str]], lines: Iterable[str], root: Path = ROOT) -> dict[str, list[str]]:
    """Module -> notebooks importing it, for each module that ``lines`` do not install (nor the standard library)."""
    closure = resolve(lines, root)
    providers = importlib.metadata.packages_distributions()
    missing: dict[str, list[str]] = {}
    for notebook, modules in sorted(imports.items()):
        for module in sorted(modules):
            if module in sys.stdlib_module_names:
                continue
            # An editable install (this checkout) or a distribution not installed here has no top-level record:
            # then the module counts when a distribution of its own name is in the closure.
            dists = {canonicalize_name(d) for d in providers.get(module, [])} or {canonicalize_name(module)}
            if not dists & closure.names:
                missing.setdefault(module, []).append(notebook)
    return missing


def binder_requirements() -> list[str]:
    return requirement_lines((BINDER / "requirements.txt").read_text(encoding="utf-8"))


# -- what binder/apt.txt installs ---------------------------------------------------------------------------------
JAVA = re.compile(r"(?:openjdk-(\d+)-(?:jre|jdk)(?:-headless)?|default-(?:jre|jdk)(?:-headless)?)")


def apt_packages(text: str) -> list[str]:
    """The packages of an apt.txt, read as repo2docker does (``#`` starts a comment anywhere on a line)."""
    return [name for name in (line.partition("#")[0].strip() for line in text.splitlines()) if name]


def java_package(packages: Iterable[str], minimum: int = 17) -> str | None:
    """The first Java runtime of ``packages`` that is Java ``minimum`` or newer (default-jre is 17+ on Ubuntu
    22.04 and Debian 12, the oldest images this has to hold on)."""
    for name in packages:
        match = JAVA.fullmatch(name)
        if match and (match.group(1) is None or int(match.group(1)) >= minimum):
            return name
    return None


# -- fast tests ---------------------------------------------------------------------------------------------------
def test_cell_imports_skip_magics_and_shell_lines() -> None:
    assert cell_imports("%%rlm df \"a question\"\nnot python at all") == set()
    source = ("%reload_ext rlm_jupyter\n!pip install nothing\n  %time x = 1\nimport os.path, dask.dataframe as dd\n"
              "from pyspark.sql import SparkSession\nfrom . import sibling\n\ndef f():\n    import polars\n")
    assert cell_imports(source) == {"os", "dask", "pyspark", "polars"}


def test_the_notebooks_are_all_there_and_their_imports_are_read() -> None:
    imports = imports_by_notebook()
    assert set(imports) == {"quickstart.ipynb", "log_errors.ipynb", "long_document.ipynb", "distributed_logs.ipynb",
                            SPARK_NOTEBOOK}
    assert {"distributed", "dask", "numpy", "pandas"} <= imports["distributed_logs.ipynb"]
    assert "pyspark" in imports[SPARK_NOTEBOOK] and "matplotlib" in imports["quickstart.ipynb"]
    assert all("rlm_jupyter" in names for names in imports.values())


def test_binder_requirements_install_every_module_the_notebooks_import() -> None:
    lines = binder_requirements()
    assert ".[demo,scale]" in lines
    closure = resolve(lines)
    assert {"rlm-jupyter", "jupyterlab", "matplotlib", "pandas", "dask", "distributed", "pyarrow", "pyspark"} <= closure.names
    assert missing_modules(imports_by_notebook(), lines) == {}


def test_the_old_requirements_miss_dask_distributed_and_pyspark() -> None:
    missing = missing_modules(imports_by_notebook(), [".[demo]"])
    assert missing == {"dask": ["distributed_logs.ipynb"], "distributed": ["distributed_logs.ipynb"],
                       "pyspark": [SPARK_NOTEBOOK]}
    # A module nobody asked for is reported, and the standard library never is.
    assert missing_modules({"x.ipynb": {"surely_not_a_module", "json"}}, [".[demo]"]) == {"surely_not_a_module": ["x.ipynb"]}


def test_requirements_follow_extras_and_markers_of_installed_distributions() -> None:
    closure = resolve(["matplotlib"])
    assert {"matplotlib", "numpy", "pillow"} <= closure.names and "rlm-jupyter" not in closure.names
    never = resolve(['pandas; python_version < "3"'])
    assert never.names == set()
    assert resolve(["surely-not-a-distribution"]).unresolved == {"surely-not-a-distribution"}
    assert requirement_lines("# comment\n\n-r other.txt\n.[demo]  # the project\n-e .\n") == [".[demo]", "-e ."]
    assert resolve(["-e ."]).names >= {"rlm-jupyter", "pandas", "numpy"}


def test_a_notebook_importing_pyspark_has_java_in_apt_txt() -> None:
    spark_notebooks = [name for name, names in imports_by_notebook().items() if "pyspark" in names]
    assert spark_notebooks == [SPARK_NOTEBOOK]
    packages = apt_packages((BINDER / "apt.txt").read_text(encoding="utf-8"))
    assert java_package(packages) is not None, f"binder/apt.txt installs no Java 17+ runtime: {packages}"
    assert java_package(["openjdk-11-jre-headless", "less"]) is None and java_package([]) is None
    assert java_package(apt_packages("default-jre-headless  # Java 17 on Debian 12\n")) == "default-jre-headless"


def test_binder_start_is_bash_and_uses_the_demo_model_entry_point() -> None:
    start = (BINDER / "start").read_text(encoding="utf-8")
    assert "rlm_jupyter.testing" not in start
    assert "python -m rlm_jupyter.demo_model" in start
    done = subprocess.run(["bash", "-n", str(BINDER / "start")], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert (BINDER / "runtime.txt").read_text(encoding="utf-8").strip() == "python-3.11"


def test_the_demo_model_entry_point_imports_no_test_module() -> None:
    probe = ("import sys, rlm_jupyter.demo_model.__main__\n"
             "print(sorted(m for m in sys.modules if m.startswith('rlm_jupyter.testing')))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


# -- python -m rlm_jupyter.demo_model -----------------------------------------------------------------------------
def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # what a shell's `&` does to a background command


@pytest.mark.slow  # three Python processes
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_the_demo_model_serves_until_a_signal_and_exits_0(stop: signal.Signals) -> None:
    process = subprocess.Popen([sys.executable, "-m", "rlm_jupyter.demo_model", "--port", "0", "--latency", "0.01"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_ignore_sigint)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not re.fullmatch(r"serving on http://127\.0\.0\.1:\d+/v1\n", line):
            process.kill()
            pytest.fail(f"unexpected first line {line!r}; stderr: {process.communicate(timeout=30)[1]}")
        base_url = line.split()[-1]
        with urllib.request.urlopen(f"{base_url}/models", timeout=10) as response:
            assert [m["id"] for m in json.load(response)["data"]] == ["demo-root", "demo-sub"]
        process.send_signal(stop)
        assert process.wait(timeout=30) == 0, process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


@pytest.mark.slow  # a Python process
@pytest.mark.parametrize("args", [["--port", "http"], ["--port", "70000"], ["--latency", "-1"], ["--bogus"]])
def test_the_demo_model_rejects_bad_arguments_with_status_2(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "rlm_jupyter.demo_model", *args], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "usage: python -m rlm_jupyter.demo_model" in done.stderr


# -- slow: the Binder environment, built and run ------------------------------------------------------------------
ISOLATED = ("IPYTHONDIR", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "MPLCONFIGDIR",
            "RLM_CACHE_DIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "TMPDIR")


def _pip_cache() -> str:
    """pip's own cache outside the test's folders (conftest.py points XDG_CACHE_HOME into a temporary folder):
    pyspark is a source distribution of some 300 MB, downloaded and built once rather than on every run."""
    return os.environ.get("PIP_CACHE_DIR") or str(Path.home() / ".cache" / "pip")


def binder_env(home: Path, venv: Path | None = None) -> dict[str, str]:
    """A Binder-like environment: no API key or RLM settings, HOME, Jupyter, IPython and temporary files under
    ``home``, the venv's bin first on PATH (the kernelspec's argv is ``python -m ipykernel_launcher``)."""
    dropped = ("OPENAI_", "RLM_", "JUPYTER", "IPYTHON", "PYTHON", "VIRTUAL_ENV", "XDG_", "MPLCONFIGDIR", "SPARK_")
    env = {k: v for k, v in os.environ.items() if not k.startswith(dropped)}
    env["HOME"] = str(home)
    for name in ISOLATED:
        env[name] = str(home / name.lower())
        Path(env[name]).mkdir(parents=True, exist_ok=True)
    env["PIP_CACHE_DIR"] = _pip_cache()
    env["SPARK_LOCAL_IP"] = "127.0.0.1"  # loopback only (the Spark notebook sets it too)
    env["SPARK_LOCAL_DIRS"] = str(home / "spark")
    if venv is not None:
        env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env


@pytest.fixture(scope="module")
def binder_venv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh venv with what binder/requirements.txt installs, pip run from the checkout as repo2docker does (``.``
    is the checkout); removed afterwards (it holds about a gigabyte)."""
    base = tmp_path_factory.mktemp("binder")
    venv, requirements = base / "venv", base / "requirements.txt"
    shutil.copyfile(BINDER / "requirements.txt", requirements)
    env = binder_env(base / "home")
    # The venv is built from this interpreter's base Python (binder/runtime.txt asks for the same 3.11).
    done = subprocess.run([sys.executable, "-m", "venv", str(venv)], capture_output=True, text=True, timeout=300,
                          env=env, cwd=base)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    done = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "-r", str(requirements)],
                          capture_output=True, text=True, timeout=1500, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    try:
        yield venv
    finally:
        shutil.rmtree(base, ignore_errors=True)


RUN_NOTEBOOK = """\
import sys
import nbformat
from nbclient import NotebookClient

path = sys.argv[1]
notebook = nbformat.read(path, as_version=4)
NotebookClient(notebook, kernel_name="rlm", timeout=900, resources={"metadata": {"path": "."}}).execute()
errors = [o for c in notebook.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
print(f"executed {path}: {len(notebook.cells)} cells, {len(errors)} errors")
"""


@pytest.mark.slow
@pytest.mark.kernel  # starts kernels (nbclient, in the Binder venv)
@pytest.mark.timeout(1800)  # the first one builds the venv: pip downloads and installs JupyterLab, Dask and PySpark
@pytest.mark.parametrize("notebook", [path.name for path in NOTEBOOKS])
def test_binder_environment_executes_the_notebook(binder_venv: Path, notebook: str, tmp_path: Path) -> None:
    if notebook == SPARK_NOTEBOOK and shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("the Spark notebook needs Java, and this machine has none on PATH (apt-get install "
                    "default-jre-headless; Binder installs binder/apt.txt, CI's .ci/run installs Java)")
    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copyfile(ROOT / "notebooks" / notebook, folder / notebook)
    (folder / "run.py").write_text(RUN_NOTEBOOK, encoding="utf-8")
    done = subprocess.run([str(binder_venv / "bin" / "python"), "run.py", notebook], capture_output=True, text=True,
                          timeout=1500, env=binder_env(tmp_path / "home", binder_venv), cwd=folder)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-6000:]
    assert done.stdout.strip().endswith(" 0 errors"), done.stdout[-2000:]
