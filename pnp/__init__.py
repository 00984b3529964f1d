"""pnp: a print-and-play content pipeline for tabletop games."""

__version__ = "0.2.0"
