"""The client stack for any OpenAI-compatible endpoint: the client, prices, rate limits, the response cache,
fallback endpoints, context windows and model names.

Why beneath the engine: it knows models and endpoints, not runs, so the engine, replay and the demo can share it.

May import: rlm_jupyter.text
"""
