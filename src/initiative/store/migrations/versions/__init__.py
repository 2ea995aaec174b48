"""One module per schema revision, named after its revision id (0001, 0002, ...)."""
