"""The games svc-cards hosts, listed explicitly: one declaration each (the engine and what the platform knows of it)."""

from rulekit import Registry

from .blackjack.declaration import DECLARATION as BLACKJACK
from .blackjack_duel.declaration import DECLARATION as BLACKJACK_DUEL
from .contract_rummy.declaration import DECLARATION as CONTRACT_RUMMY
from .crazy_eights.declaration import DECLARATION as CRAZY_EIGHTS
from .hau_hau.declaration import DECLARATION as HAU_HAU
from .last_card.declaration import DECLARATION as LAST_CARD
from .mau_mau.declaration import DECLARATION as MAU_MAU
from .number_rows.declaration import DECLARATION as NUMBER_ROWS
from .oh_hell.declaration import DECLARATION as OH_HELL
from .penalty_tricks.declaration import DECLARATION as PENALTY_TRICKS
from .poker.declaration import DECLARATION as POKER
from .rummy.declaration import DECLARATION as RUMMY
from .stock_pile.declaration import DECLARATION as STOCK_PILE
from .thirty_one.declaration import DECLARATION as THIRTY_ONE

REGISTRY = Registry(
    "cards",
    [
        LAST_CARD,
        MAU_MAU,
        HAU_HAU,
        CRAZY_EIGHTS,
        NUMBER_ROWS,
        THIRTY_ONE,
        OH_HELL,
        PENALTY_TRICKS,
        RUMMY,
        CONTRACT_RUMMY,
        POKER,
        STOCK_PILE,
        BLACKJACK_DUEL,
        BLACKJACK,
    ],
)
