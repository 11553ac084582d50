"""The record of a run: its dataclasses (``Run``, ``Iteration``, ``SubCall``), the events the panel follows, the
spend (tokens and dollars), the JSONL log, replay without the model, diffs between runs and export.

Why plain data: a saved notebook is an audit trail, so the record must load and replay where the guard, the
gates and the loop are not running; it knows the dialogue (to rebuild each root request) and the client stack's
prices and cache (replay answers from them), never how a run is driven or judged.

May import: rlm_jupyter.text, rlm_jupyter.llm, rlm_jupyter.engine.settings, rlm_jupyter.engine.dialogue
"""
