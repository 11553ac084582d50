"""The Jupyter layer: thin wiring of the engine into IPython (magic, namespace policy, hidden cells)."""
