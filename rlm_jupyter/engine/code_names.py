"""The variable names a block of model code uses, by how it uses them (read, assigned, deleted).

Why one place: the read-first check, the context-rebinding guard and the ``FINAL(name)`` reading all ask
"which names does this code load or store?", and they must agree on what counts (AST names, not words in
strings or comments).
"""

from __future__ import annotations

import ast

LOADS: tuple[type[ast.expr_context], ...] = (ast.Load,)
STORES: tuple[type[ast.expr_context], ...] = (ast.Store,)
STORES_OR_DELETES: tuple[type[ast.expr_context], ...] = (ast.Store, ast.Del)


def names(code: str, uses: tuple[type[ast.expr_context], ...]) -> set[str] | None:
    """The names ``code`` uses in one of the ways ``uses``, at any depth; None when it is not plain Python.

    None (not an empty set) because IPython syntax (``%magic``, ``!cmd``) and broken code are not
    "uses nothing": each caller decides what to assume.
    """
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, uses)}
