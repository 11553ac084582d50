"""What the model's code may do: the capability guard (``guard``: the audit hook and the calls it wraps), the cell
guard that stops a cell on time, copy-on-write views of the user's data, what a run leaves behind in the process
(``residue``), secrets kept out of the record.

Why apart from the loop: these act while the model's code runs, on the thread that runs it, and must be read
as one whole to be trusted; they record into the run's record and read its settings, nothing more.

May import: rlm_jupyter.text, rlm_jupyter.llm, rlm_jupyter.engine.settings, rlm_jupyter.engine.record
"""
