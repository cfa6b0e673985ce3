"""An example bot for the public gRPC play API: it joins a room by its code (or creates one),
waits for the game, and plays any game by choosing among its view's legal moves.

    python -m examples.bot --code K7QM2 --name Robo [--server 127.0.0.1:50050] [--level random|first]
    python -m examples.bot --create four-in-a-row --name Robo
    python -m examples.bot --online --token <bot token> [--games four-in-a-row] [--challenge <player id> --count 3]

See docs/play-api.md. Importing the package starts nothing.
"""

from .client import Bot, BotError, Outcome
from .moves import choose_move, instantiate, plain
from .online import OnlineBot

__all__ = ["Bot", "BotError", "OnlineBot", "Outcome", "choose_move", "instantiate", "plain"]
