"""Initiative models, each small, pure and usable alone (no game content imports)."""
