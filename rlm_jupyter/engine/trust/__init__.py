"""What makes an answer final: the acceptance policy and its gates, and the evidence they read (the values the
run printed and where each came from, what can be derived from them, the claims an answer makes about a table),
and the recovery from a reply that is not an answer.

Why apart: a gate judges a finished turn from its record (the replies, the printed outputs) and the protocol; it
never drives the run nor touches the user's namespace, so it can be measured offline on recorded cases.

May import: rlm_jupyter.text, rlm_jupyter.engine.settings, rlm_jupyter.engine.dialogue, rlm_jupyter.engine.record
"""
