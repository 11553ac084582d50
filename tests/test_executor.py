"""The plain-Python executor: capture, last-expression value, errors, persistence, timeouts."""
from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from rlm_jupyter.engine.run import executor as executor_module
from rlm_jupyter.engine.run.executor import MAX_RECORDED_CHARS, Executor
from rlm_jupyter.text import bounded_repr


@pytest.fixture
def ns() -> dict[str, Any]:
    return {}


@pytest.fixture
def ex(ns: dict[str, Any]) -> Executor:
    return Executor(ns, timeout_s=5.0)


def test_stdout_and_stderr_are_captured(ex: Executor, capsys: pytest.CaptureFixture[str]) -> None:
    cell = ex.run("import sys\nprint('out line')\nprint('err line', file=sys.stderr)")
    assert cell.stdout == "out line\n"
    assert cell.stderr == "err line\n"
    assert cell.error is None and cell.value is None
    assert capsys.readouterr() == ("", "")  # nothing leaked to the real streams


def test_last_expression_value_is_repr(ex: Executor) -> None:
    cell = ex.run("x = [1, 'a']\nx + [None]")
    assert cell.value == "[1, 'a', None]"
    assert ex.namespace["x"] == [1, "a"]


def test_statement_or_none_has_no_value(ex: Executor) -> None:
    assert ex.run("y = 3").value is None
    assert ex.run("print('hi')").value is None
    assert ex.run("None").value is None


def test_last_expression_of_huge_string_is_bounded(ex: Executor) -> None:
    cell = ex.run("s = 'ab' * 20_000_000\ns")
    assert cell.value is not None
    assert len(cell.value) <= 25_000
    assert cell.value.startswith("'abab")
    assert len(ex.namespace["s"]) == 40_000_000


def test_huge_list_value_is_bounded() -> None:
    text = bounded_repr(list(range(1_000_000)))
    assert len(text) < 2_000 and text.endswith("...]")


def test_value_with_raising_repr_does_not_fail_the_cell(ex: Executor) -> None:
    cell = ex.run("class Bad:\n    def __repr__(self):\n        raise RuntimeError('nope')\nBad()")
    assert cell.error is None
    assert cell.value is not None and "Bad" in cell.value


def test_huge_print_is_clipped_in_the_record(ex: Executor) -> None:
    cell = ex.run("print('x' * (3 * 1_000_000))")
    assert len(cell.stdout) < MAX_RECORDED_CHARS + 200
    assert "characters not recorded" in cell.stdout


def test_definitions_persist_and_resolve_late_names(ex: Executor) -> None:
    assert ex.run("def f(v):\n    return helper(v) * 2").error is None
    assert ex.run("def helper(v):\n    return v + 1").error is None
    cell = ex.run("f(20)")
    assert cell.error is None
    assert cell.value == "42"


def test_imports_persist(ex: Executor) -> None:
    ex.run("import collections")
    assert ex.run("collections.Counter('aab')['a']").value == "2"


def test_syntax_error_is_reported(ex: Executor) -> None:
    cell = ex.run("x = (1,\nprint('never')")
    assert cell.error is not None and "SyntaxError" in cell.error
    assert cell.stdout == ""
    assert "x" not in ex.namespace


def test_exception_traceback_shows_user_line_not_executor(ex: Executor) -> None:
    cell = ex.run("def divide(a):\n    return a / 0\n\nvalue = 7\ndivide(value)")
    assert cell.error is not None
    assert cell.error.splitlines()[-1] == "ZeroDivisionError: division by zero"
    assert "return a / 0" in cell.error
    assert "divide(value)" in cell.error
    assert "executor.py" not in cell.error
    assert executor_module.__file__ not in cell.error


def test_exception_in_last_expression_shows_the_line(ex: Executor) -> None:
    cell = ex.run("d = {}\nd['missing']")
    assert cell.error is not None and "KeyError: 'missing'" in cell.error
    assert "d['missing']" in cell.error and "executor.py" not in cell.error


def test_output_before_an_error_is_kept(ex: Executor) -> None:
    cell = ex.run("print('before')\nraise ValueError('bad value')")
    assert cell.stdout == "before\n"
    assert cell.error is not None and "ValueError: bad value" in cell.error


def test_bindings_before_an_error_persist(ex: Executor) -> None:
    ex.run("a = 1\nraise RuntimeError")
    assert ex.namespace["a"] == 1


@pytest.mark.parametrize("code", ["import sys\nsys.exit(3)", "exit()", "raise SystemExit('bye')"])
def test_sys_exit_is_reported_not_raised(ex: Executor, code: str) -> None:
    cell = ex.run(code)
    assert cell.error is not None and cell.error.startswith("SystemExit(")
    assert "FINAL" in cell.error


def _run_with_timeout(code: str, timeout_s: float = 0.3) -> tuple[Any, float]:
    executor = Executor({}, timeout_s=timeout_s)
    started = time.monotonic()
    cell = executor.run(code)
    return cell, time.monotonic() - started


def test_timeout_interrupts_infinite_loop() -> None:
    cell, elapsed = _run_with_timeout("print('start')\nwhile True:\n    pass")
    assert cell.error is not None and "TimeoutError" in cell.error and "0.3s" in cell.error
    assert cell.stdout == "start\n"
    assert elapsed < 10


def test_timeout_cannot_be_swallowed_by_except_exception() -> None:
    code = "n = 0\nwhile True:\n    try:\n        n += 1\n    except Exception:\n        pass"
    cell, elapsed = _run_with_timeout(code)
    assert cell.error is not None and "TimeoutError" in cell.error
    assert elapsed < 10


@pytest.mark.timeout(30, method="thread")
def test_zero_time_left_interrupts_at_once_instead_of_never() -> None:
    # The loop passes the run's remaining wall time, which is 0.0 once a slow root reply used it all up.
    cell, elapsed = _run_with_timeout("while True:\n    pass", timeout_s=0.0)
    assert cell.error is not None and "TimeoutError" in cell.error
    assert elapsed < 10


def test_timer_is_disarmed_after_the_cell() -> None:
    executor = Executor({}, timeout_s=0.2)
    assert executor.run("x = 1").error is None
    time.sleep(0.4)  # a leftover alarm would fire here and kill the test process
    assert executor.run("x").value == "1"


def test_no_timeout_off_the_main_thread() -> None:
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(Executor({}, timeout_s=0.1).run("import time\ntime.sleep(0.3)\n5")))
    thread.start()
    thread.join(10)
    assert result and result[0].error is None and result[0].value == "5"


def test_keyboard_interrupt_propagates(ex: Executor) -> None:
    with pytest.raises(KeyboardInterrupt):
        ex.run("print('x')\nraise KeyboardInterrupt")


def test_transform_hook_is_applied(ns: dict[str, Any]) -> None:
    executor = Executor(ns, transform=lambda code: code.replace("%answer", "41 + 1"))
    assert executor.run("%answer").value == "42"


def test_duration_is_recorded(ex: Executor) -> None:
    cell = ex.run("import time\ntime.sleep(0.05)")
    assert 0.04 <= cell.duration_s < 10
