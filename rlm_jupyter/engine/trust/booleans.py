"""What the rows of a table grouped by a condition are called: ``True`` and ``False`` named by the condition.

Why: ``episodes.groupby(episodes.guest != '').downloads.mean()`` prints rows ``False`` and ``True``; an answer says
"guest episodes" and "solo episodes". Without a name for ``True``, a figure stated for the guest episodes is bound to
no row, and two groups' figures swapped in a comparison pass. The condition says what ``True`` means, read from the
code's syntax tree (never from the answer's words):

- a column of booleans, by name (``groupby('evening')``, ``groupby(df.evening)``): ``True`` is "evening";
- a column compared with a value (``df.heure == '07h00'``): ``True`` is that value; compared with an empty or false
  value (``df.guest != ''``, ``!= 0``, ``.notna()``): ``True`` is the column ("guest"), ``False`` with ``==``;
- ``df.notes.str.contains('frost')``: ``True`` is "frost";
- a weekday number against Saturday's (``df.day.dt.dayofweek >= 5``): ``True`` is "weekend", ``False`` "weekday";
- a column of booleans the code assigned a weekday number's test (``t['penwythnos'] = t.dydd.dt.day_of_week >= 5``,
  then ``groupby('penwythnos')``): "weekend" and "weekday", whatever the column is called.

Only one such grouping per block is read: with two, which table is which is not known; a grouping by a column's
name beside one by a condition is taken for no condition (``daily = df.groupby('day')...`` then
``daily.groupby(daily.index.dayofweek >= 5)``).
"""
from __future__ import annotations

import ast
import functools

_EMPTY = ("", None, 0, False)


@functools.lru_cache(maxsize=256)
def boolean_names(code: str) -> dict[str, str]:
    """``{"true": name, "false": name}`` (either may be missing) for the one ``groupby`` of a condition in ``code``."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return {}
    keys = [node.args[0] for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute) and node.func.attr == "groupby" and node.args]
    assigned = _conditions_assigned(tree)
    named = [(key, names) for key in keys if (names := assigned.get(_column_named(key) or "") or _names(key))]
    if len(named) > 1:  # a grouping by a condition says what True is; one by a column's name only may (by a date)
        named = [(key, names) for key, names in named if not _by_name(key)]
    return named[0][1] if len(named) == 1 else {}


def _conditions_assigned(tree: ast.Module) -> dict[str, dict[str, str]]:
    """The columns the code assigned a weekday number's test (``t['penwythnos'] = t.dydd.dt.day_of_week >= 5``),
    with what it names ``True`` and ``False``: a grouping by the column's name is a grouping by it. Only that test:
    the column's own name may say the other way round of what a test for empty says (``no_coupon = coupon == ''``
    names its ``True`` rows by the coupon they lack)."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and (column := column_of(node.targets[0])) \
                and (names := _weekend(node.value)) is not None:
            out[column] = names
    return out


def _one_key(key: ast.expr) -> ast.expr:
    """The key of a grouping by a list of one: ``groupby(['evening'])`` groups as ``groupby('evening')``."""
    return key.elts[0] if isinstance(key, ast.List) and len(key.elts) == 1 else key


def _column_named(key: ast.expr) -> str | None:
    """The column a grouping by name groups by: ``'evening'``, ``['evening']``, ``df.evening``."""
    key = _one_key(key)
    if isinstance(key, ast.Constant) and isinstance(key.value, str):
        return key.value
    return column_of(key) if isinstance(key, ast.Attribute | ast.Subscript) else None


def _by_name(key: ast.expr) -> bool:
    """A grouping by a column named, not by a condition: ``groupby('day')``, ``groupby(df.day)``."""
    return isinstance(_one_key(key), ast.Constant) or bool(_column_named(key))


def _names(key: ast.expr) -> dict[str, str]:
    key = _one_key(key)
    if column := _column_named(key):
        return {"true": column}
    if (weekend := _weekend(key)) is not None:
        return weekend
    if isinstance(key, ast.Compare) and len(key.ops) == 1 and isinstance(key.comparators[0], ast.Constant):
        column, value, equal = column_of(key.left), key.comparators[0].value, isinstance(key.ops[0], ast.Eq)
        if not column or not isinstance(key.ops[0], ast.Eq | ast.NotEq):
            return {}
        if value in _EMPTY and not isinstance(value, float):
            return {"false" if equal else "true": column}
        return {"true" if equal else "false": str(value)}
    if isinstance(key, ast.Call) and isinstance(key.func, ast.Attribute):
        method, on = key.func.attr, key.func.value
        if method in ("notna", "notnull") and (column := column_of(on)):
            return {"true": column}
        if method in ("isna", "isnull") and (column := column_of(on)):
            return {"false": column}
        if method == "contains" and key.args and isinstance(key.args[0], ast.Constant) \
                and isinstance(key.args[0].value, str):
            return {"true": key.args[0].value}
    return {}


_WEEKDAY_NUMBERS = frozenset({"dayofweek", "day_of_week", "weekday", "dow"})  # pandas' and SQL's: 0 = Monday


def _weekend(key: ast.expr) -> dict[str, str] | None:
    """A weekday number (``.dt.dayofweek``, 0 = Monday) compared with Saturday's 5 (``>= 5``, ``> 4``, ``< 5``,
    ``<= 4``) or tested with ``isin([5, 6])``: its rows are the weekend's and the weekdays'."""
    if isinstance(key, ast.Compare) and len(key.ops) == 1 and isinstance(key.comparators[0], ast.Constant):
        column, bound, op = column_of(key.left), key.comparators[0].value, key.ops[0]
        weekend = (isinstance(op, ast.GtE) and bound == 5) or (isinstance(op, ast.Gt) and bound == 4)
        weekdays = (isinstance(op, ast.Lt) and bound == 5) or (isinstance(op, ast.LtE) and bound == 4)
    elif isinstance(key, ast.Call) and isinstance(key.func, ast.Attribute) and key.func.attr == "isin" and key.args \
            and isinstance(key.args[0], ast.List | ast.Tuple | ast.Set):
        column = column_of(key.func.value)
        weekend = {e.value for e in key.args[0].elts if isinstance(e, ast.Constant)} == {5, 6}
        weekdays = False
    else:
        return None
    if column not in _WEEKDAY_NUMBERS or not (weekend or weekdays):
        return None
    return {"true": "weekend", "false": "weekday"} if weekend else {"true": "weekday", "false": "weekend"}


def column_of(node: ast.expr) -> str | None:
    """The column an expression reads: ``df.guest``, ``df['guest']``, ``df.notes.str`` → guest, notes; or None."""
    if isinstance(node, ast.Attribute) and node.attr == "str":
        node = node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
        return node.slice.value
    return None
