"""The engine: a recursive language model run, from the question to an accepted answer and its record.

It knows nothing of Jupyter (IPython, ipykernel and ipywidgets are never imported here): the magic, the panel
and the report in ``rlm_jupyter/jupyter`` are thin layers over it, and ``RLM(...).run(...)`` works in any
Python process. It is grouped by concern, each sub-package importing only the ones listed in its own docstring
(``tests/test_layers.py`` reads those lists and fails on an import they do not allow, or on any import cycle):

- ``settings``: every default and limit, in one place (imports nothing of the package);
- ``dialogue/``: what the model reads and writes (the prompt, the conversation, the protocol it answers in, the
  helpers its code calls);
- ``record/``: the record of a run (its dataclasses, events, spend, the JSONL log, replay and export);
- ``safety/``: what the model's code may do (the capability guard, views of the user's data, what a run leaves);
- ``trust/``: what makes an answer final (the acceptance gates and the evidence they read);
- ``run/``: the loop that ties them together and what runs the code (the executor, sub-calls, budgets, the
  isolated REPL).

May import: rlm_jupyter.llm, rlm_jupyter.text
"""
