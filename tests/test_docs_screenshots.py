"""The screenshots the README shows are of the current code: one fails here once the code that draws it changed."""
from __future__ import annotations

import re

import pytest

from .screenshots import DOCS, ROOT, stale

DOCUMENTED = sorted(set(re.findall(r"\(docs/([\w-]+\.png)\)", (ROOT / "README.md").read_text(encoding="utf-8"))))


def test_the_readme_shows_screenshots_that_exist() -> None:
    assert DOCUMENTED, "the README shows no screenshot"
    assert [name for name in DOCUMENTED if not (DOCS / name).is_file()] == []


@pytest.mark.parametrize("image", DOCUMENTED)
def test_a_documented_screenshot_is_not_older_than_the_code_that_draws_it(image: str) -> None:
    changed = stale(image)
    assert not changed, (f"docs/{image} was shot before {', '.join(changed)} changed: refresh it with "
                         "RLM_SCREENSHOT_DIR=docs bash scripts/test tests/test_browser.py tests/test_stop_button.py")
