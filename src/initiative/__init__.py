"""initiative: rules-exact engines for tabletop initiative systems."""

__version__ = "0.1.0"
