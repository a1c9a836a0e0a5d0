"""nauticus-ref: the referee for the board game NAUTICUS."""

__version__ = "0.1.0"
