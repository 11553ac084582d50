"""The run itself: the loop (``RLM``), the executor that runs the model's code in the namespace, sub-calls,
budgets, the context variables and the isolated REPL.

Why on top: it is where the concerns meet (it builds the conversation, keeps the record, arms the guard, asks
the gates), so it may import every other part of the engine and nothing imports it but the package's surface
and the Jupyter layer.

May import: rlm_jupyter.text, rlm_jupyter.llm, rlm_jupyter.engine.settings, rlm_jupyter.engine.dialogue,
rlm_jupyter.engine.record, rlm_jupyter.engine.safety, rlm_jupyter.engine.trust
"""
