"""The package's layers, read from its source (nothing runs): each package imports only what its docstring allows,
and no module imports itself back through others.

The rules live in the packages' own ``__init__`` docstrings (a ``May import:`` line), so the architecture notes and
the check cannot drift apart: a package without that line has no rule here, and a rule naming a package that does
not exist fails. Every import counts, at the top of a module or inside a function, and those read only by the type
checker (``if TYPE_CHECKING:``): a cycle hidden behind a lazy import is still a cycle to whoever reads the code.
"""
from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

import rlm_jupyter

ROOT = Path(rlm_jupyter.__file__).parent
TOP = "rlm_jupyter"
PRODUCT = ("engine", "llm", "jupyter", "demo_model")  # what users run; only the tests import rlm_jupyter.testing
NEVER_IN_THE_ENGINE = ("IPython", "ipykernel", "ipywidgets")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module(path): path for path in ROOT.rglob("*.py")}


def _imports(name: str, path: Path, known: Iterable[str]) -> tuple[set[str], set[str]]:
    """The package's modules ``name`` imports (a ``from pkg import module`` names the module), and every top-level
    name it imports from outside the package."""
    known = set(known)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    inside, outside = set(), set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            if not base.startswith(TOP):
                outside.add(base.split(".")[0])
                continue
            submodules = {f"{base}.{alias.name}" for alias in node.names} & known
            inside |= submodules or {base}
        elif isinstance(node, ast.Import):
            for alias in node.names:
                (inside if alias.name.startswith(TOP) else outside).add(alias.name if alias.name.startswith(TOP)
                                                                         else alias.name.split(".")[0])
    return {_owner(found, known) for found in inside} - {name}, outside


def _owner(name: str, known: set[str]) -> str:
    """The module an imported name lives in (``rlm_jupyter.engine.run.RLM`` -> ``rlm_jupyter.engine.run``)."""
    while name not in known and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules)[0] for name, path in modules.items()}


def _rules() -> dict[str, tuple[str, ...]]:
    """Each package whose docstring says what it may import: that list."""
    rules = {}
    for name, path in _modules().items():
        if path.name != "__init__.py":
            continue
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        _, found, allowed = doc.partition("May import:")
        if found:
            rules[name] = tuple(item.strip() for item in allowed.replace("\n", " ").split(",") if item.strip())
    return rules


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def violations(graph: Mapping[str, set[str]], rules: Mapping[str, tuple[str, ...]]) -> list[str]:
    """``module -> imported`` for each import that leaves a package to a place its rule does not list. Why the
    innermost rule and every outer one: a sub-package's list narrows its parent's."""
    found = []
    for module, imported in graph.items():
        for package, allowed in rules.items():
            if not _within(module, package):
                continue
            for target in sorted(imported):
                if not _within(target, package) and not any(_within(target, a) for a in allowed):
                    found.append(f"{module} -> {target} (the rule of {package} allows {', '.join(allowed)})")
    return found


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Groups of modules that import one another, directly or through others (Tarjan's strongly connected
    components of more than one module, or one importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_each_package_imports_only_what_its_docstring_allows() -> None:
    rules = _rules()
    assert {f"{TOP}.engine", f"{TOP}.llm"} | {f"{TOP}.engine.{part}" for part in
                                               ("dialogue", "record", "safety", "trust", "run")} <= set(rules)
    assert violations(_graph(), rules) == []


def test_every_rule_names_a_real_package() -> None:
    modules = _modules()
    unknown = {name for allowed in _rules().values() for name in allowed if name not in modules}
    assert unknown == set()


def test_no_module_imports_itself_back() -> None:
    assert cycles(_graph()) == []


def test_the_engine_never_imports_jupyter() -> None:
    modules = _modules()
    found = {name: sorted(set(_imports(name, path, modules)[1]) & set(NEVER_IN_THE_ENGINE))
             for name, path in modules.items() if _within(name, f"{TOP}.engine")}
    assert {name: names for name, names in found.items() if names} == {}


@pytest.mark.parametrize("package", PRODUCT)
def test_the_product_never_imports_the_test_kit(package: str) -> None:
    graph = _graph()
    assert [f"{module} -> {target}" for module, imported in graph.items() if _within(module, f"{TOP}.{package}")
            for target in imported if _within(target, f"{TOP}.testing")] == []


# -- the checks themselves can fail ---------------------------------------------------------------------------------
def test_a_forbidden_import_and_a_cycle_are_found() -> None:
    graph = {"rlm_jupyter.engine.trust.gates": {"rlm_jupyter.engine.run.loop", "rlm_jupyter.engine.record.spend"},
             "rlm_jupyter.engine.run.loop": {"rlm_jupyter.engine.trust.gates"},
             "rlm_jupyter.engine.record.spend": set()}
    rules = {"rlm_jupyter.engine.trust": ("rlm_jupyter.engine.record",)}
    assert violations(graph, rules) == ["rlm_jupyter.engine.trust.gates -> rlm_jupyter.engine.run.loop (the rule "
                                        "of rlm_jupyter.engine.trust allows rlm_jupyter.engine.record)"]
    assert cycles(graph) == [["rlm_jupyter.engine.run.loop", "rlm_jupyter.engine.trust.gates"]]


def test_an_import_only_the_type_checker_reads_counts(tmp_path: Path) -> None:
    source = tmp_path / "conversation.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..record.trajectory import Run\n"
                      "def later():\n    from ..run import loop\n")
    known = {"rlm_jupyter.engine.record.trajectory", "rlm_jupyter.engine.run", "rlm_jupyter.engine.run.loop"}
    inside, outside = _imports("rlm_jupyter.engine.dialogue.conversation", source, known)
    assert inside == {"rlm_jupyter.engine.record.trajectory", "rlm_jupyter.engine.run.loop"}
    assert outside == {"typing"}


def test_the_settings_import_nothing_of_the_package() -> None:
    """Every default in one place, read by every part: it can depend on none of them."""
    assert _graph()[f"{TOP}.engine.settings"] == set()
