from .rules import ENGINE

__all__ = ["ENGINE"]
