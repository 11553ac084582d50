"""What the model reads and writes: the system prompt and its versions, the root conversation, the protocol its
replies are read with (code blocks, ``FINAL``, ``<think>`` text), the names its code is given and the helpers it
calls (``llm_query``, ``llm_query_batched``, ``rlm_query``).

Why at the bottom: the record stores messages and the gates read replies, so everything else builds on this;
it builds on nothing but text helpers, so the protocol can be read (by replay, the demo model) without a run.

May import: rlm_jupyter.text, rlm_jupyter.engine.settings
"""
