"""One package per initiative system."""
