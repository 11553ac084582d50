"""The README's demo paths: the headless demo writes the quickstart as HTML; Binder's start script picks the demo model."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.kernel  # the demo executes the quickstart notebook in a kernel
def test_headless_demo_writes_the_executed_quickstart(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "rlm_jupyter.demo", "--headless", "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "quickstart.html").read_text()
    assert f"wrote {tmp_path / 'quickstart.html'}" in done.stdout
    assert "rlm-report" in page and "months_since_first_order" in page and "Iteration 3" in page


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.slow  # a shell script and two Python processes
def test_binder_start_uses_the_demo_model_without_an_api_key() -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "RLM_MODEL")}
    env.update(RLM_DEMO_PORT=str(port), PATH=f"{Path(sys.executable).parent}:{env.get('PATH', '')}")
    probe = ("import os, time, openai\n"
             "client = openai.OpenAI(base_url=os.environ['OPENAI_BASE_URL'], api_key='x', max_retries=0)\n"
             "for _ in range(100):\n"
             "    try:\n"
             "        print(os.environ['RLM_MODEL'], sorted(m.id for m in client.models.list()))\n"
             "        break\n"
             "    except openai.APIConnectionError:\n"
             "        time.sleep(0.1)\n")
    try:
        done = subprocess.run(["bash", str(ROOT / "binder" / "start"), sys.executable, "-c", probe],
                              capture_output=True, text=True, timeout=60, env=env)
    finally:
        subprocess.run(["pkill", "-f", f"rlm_jupyter.testing.server --port {port}"], check=False)
    assert done.stdout.strip() == "demo-root ['demo-root', 'demo-sub']", done.stderr
    assert (ROOT / "binder" / "start").read_text().rstrip().endswith('exec "$@"')
    assert (ROOT / "binder" / "requirements.txt").read_text().splitlines()[-1].startswith(".")
