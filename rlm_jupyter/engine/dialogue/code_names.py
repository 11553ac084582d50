"""The variable names a block of model code uses, by how it uses them (read, assigned, deleted).

Why one place: the read-first check, the context-rebinding guard and the ``FINAL(name)`` reading all ask
"which names does this code load or store?", and they must agree on what counts (AST names, not words in
strings or comments).
"""

from __future__ import annotations

import ast
import re

LOADS: tuple[type[ast.expr_context], ...] = (ast.Load,)
STORES: tuple[type[ast.expr_context], ...] = (ast.Store,)


def names(code: str, uses: tuple[type[ast.expr_context], ...]) -> set[str] | None:
    """The names ``code`` uses in one of the ways ``uses``, at any depth; None when it is not plain Python.

    None (not an empty set) because IPython syntax (``%magic``, ``!cmd``) and broken code are not
    "uses nothing": each caller decides what to assume.
    """
    tree = _parse(code)
    return None if tree is None else _used(tree, uses)


def loaded(code: str) -> set[str]:
    """The names ``code`` loads; for IPython syntax (``%time f(x)``, ``!cmd``) or broken code, its words.

    Why the words: a cell in IPython syntax does use names, and counting it as using none would say the
    data was never read or a variable never used again; its identifiers are a fair stand-in.
    """
    found = names(code, LOADS)
    return set(re.findall(r"[A-Za-z_]\w*", code)) if found is None else found


def overwritten(code: str, names: frozenset[str], sources: frozenset[str]) -> set[str] | None:
    """The ``names`` that ``code`` stores or deletes, at any depth, other than with a value read from ``sources``.

    A plain assignment (``x = ...``, ``x: T = ...``) whose value loads one of ``sources`` does not count:
    ``logs = json.loads(context)`` keeps the data, parsed. Every other store does: a loop target, ``+=``,
    ``del``, or a value that reads none of them (a pasted copy). None when it is not plain Python.
    """
    tree = _parse(code)
    if tree is None:
        return None
    from_data = {id(target) for node in ast.walk(tree)
                 if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None
                 and not sources.isdisjoint(_used(node.value, LOADS))
                 for target in (node.targets if isinstance(node, ast.Assign) else [node.target])}
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id in names
            and isinstance(node.ctx, ast.Store | ast.Del) and id(node) not in from_data}


def strings(code: str) -> list[str]:
    """The string constants of ``code`` (not its comments), in order; none when it is not plain Python."""
    tree = _parse(code)
    if tree is None:
        return []
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def _parse(code: str) -> ast.Module | None:
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError):
        return None


def _used(tree: ast.AST, uses: tuple[type[ast.expr_context], ...]) -> set[str]:
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, uses)}
