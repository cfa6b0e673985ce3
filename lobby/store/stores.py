"""The `Store` the lobby gets: one store per concern over one backend.

`store.rooms`, `store.games`, `store.players`, `store.ledger`, `store.quick_seats`,
`store.accounts`, `store.push`, `store.ratings`, `store.seated` and `store.challenges` each hold a concern's logic,
written once (lobby/store/rooms.py, games.py, players.py, ledger.py, quick_seats.py, accounts.py,
push.py, ratings.py, seated.py, challenges.py); a backend (sqlite.py, postgres.py) brings connections,
transactions and the SQL that differs. Every concern's methods also answer under their flat names
(`store.save_room` is `store.rooms.save_room`), the interface of lobby/store/base.py.
"""

from __future__ import annotations

from .accounts import Accounts
from .base import GroupCommitted
from .challenges import Challenges
from .games import Games
from .ledger import Ledger
from .players import Players
from .push import Push
from .quick_seats import QuickSeats
from .ratings import Ratings
from .rooms import RoomRows, Rooms
from .seated import Seated
from .sql import Backend


class ConcernStores(GroupCommitted):
    rooms: Rooms
    games: Games
    players: Players
    ledger: Ledger
    quick_seats: QuickSeats
    accounts: Accounts
    push: Push
    ratings: Ratings
    seated: Seated
    challenges: Challenges

    def _compose(self, backend: Backend, rows: RoomRows) -> None:
        self.rooms = Rooms(backend, rows)
        self.games = Games(backend)
        self.players = Players(backend)
        self.ledger = Ledger(backend)
        self.quick_seats = QuickSeats(backend)
        self.accounts = Accounts(backend)
        self.push = Push(backend)
        self.ratings = Ratings(backend)
        self.seated = Seated(backend)
        self.challenges = Challenges(backend)
        concerns = (
            *(self.rooms, self.games, self.players, self.ledger, self.quick_seats),
            *(self.accounts, self.push, self.ratings, self.seated, self.challenges),
        )
        # Bound once here, so a flat call costs no lookup through the concern.
        for concern in concerns:
            for name in concern.FLAT:
                setattr(self, name, getattr(concern, name))
