"""Interactive tutor for four card games taught from their French rule texts."""

__version__ = "0.1.0"
