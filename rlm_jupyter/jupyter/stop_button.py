"""The live panel's Stop button: the browser interrupts the kernel, as the toolbar's stop button does.

Why from the frontend: while a run goes, the kernel is busy executing the
``%%rlm`` cell, so a widget click would reach it only after the run ended.
The browser can still ask the Jupyter server to interrupt the kernel (``POST
api/kernels/ID/interrupt``, what JupyterLab's and Notebook 7's toolbar do);
the interrupt is a ``KeyboardInterrupt`` the engine turns into an
``interrupted`` run with its partial trajectory kept.

Why anywidget: it ships the few lines of JavaScript with the Python class (no
labextension of our own to build and keep current), and it works in
JupyterLab, Notebook 7 and other frontends that load anywidget.

Where it cannot work it is not shown: the button renders only in a page
served by a Jupyter server (one with ``#jupyter-config-data``) and for a
kernel whose id is known. Static HTML (nbconvert, GitHub) renders no widget at
all, and the panel's widgets are closed when the run ends anyway.
"""
from __future__ import annotations

import re
from pathlib import Path

import anywidget
import traitlets

_KERNEL_FILE = re.compile(r"kernel-([0-9a-fA-F-]{8,})\.json")

_ESM = r"""
function pageConfig() {
  const el = document.getElementById("jupyter-config-data");
  if (!el) return null;
  try { return JSON.parse(el.textContent); } catch (e) { return null; }
}
function cookie(name) {
  const m = document.cookie.match("(?:^|; )" + name + "=([^;]*)");
  return m ? decodeURIComponent(m[1]) : undefined;
}
export default {
  render({ model, el }) {
    const config = pageConfig();
    const id = model.get("kernel_id");
    if (!config || !id) return;  // not a Jupyter server page, or an unknown kernel: no button
    const base = (config.baseUrl || "/").replace(/\/?$/, "/");
    const button = document.createElement("button");
    button.className = "rlm-stop jupyter-button";
    button.textContent = "\u25A0 Stop";
    button.title = "Interrupt the kernel: the run ends as interrupted, with its partial trajectory";
    button.addEventListener("click", async () => {
      button.disabled = true;
      button.textContent = "Stopping\u2026";
      const headers = {};
      const xsrf = cookie("_xsrf");
      if (xsrf) headers["X-XSRFToken"] = xsrf;
      if (config.token) headers["Authorization"] = "token " + config.token;
      try {
        const response = await fetch(base + "api/kernels/" + encodeURIComponent(id) + "/interrupt",
                                     { method: "POST", headers, credentials: "same-origin" });
        if (!response.ok) throw new Error("HTTP " + response.status);
      } catch (error) {
        button.disabled = false;
        button.textContent = "\u25A0 Stop (failed: " + error.message + "; use the kernel menu)";
      }
    });
    el.appendChild(button);
  }
};
"""


class StopButton(anywidget.AnyWidget):
    """A button that interrupts this kernel from the browser; hidden where no Jupyter server serves the page."""

    _esm = _ESM
    kernel_id = traitlets.Unicode("").tag(sync=True)

    def __init__(self) -> None:
        super().__init__(kernel_id=current_kernel_id() or "")


def current_kernel_id() -> str | None:
    """This kernel's id, from its connection file's name (``kernel-ID.json``, as Jupyter servers name it)."""
    try:
        from ipykernel.connect import get_connection_file

        name = Path(get_connection_file()).name
    except (ImportError, RuntimeError, AttributeError):  # not in a kernel (plain Python, tests)
        return None
    match = _KERNEL_FILE.fullmatch(name)
    return match.group(1) if match else None
