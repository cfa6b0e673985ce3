"""The games svc-cards hosts, listed explicitly."""

from rulekit import Registry

from .blackjack import ENGINE as BLACKJACK
from .blackjack_duel import ENGINE as BLACKJACK_DUEL
from .contract_rummy import ENGINE as CONTRACT_RUMMY
from .crazy_eights import ENGINE as CRAZY_EIGHTS
from .hau_hau import ENGINE as HAU_HAU
from .last_card import ENGINE as LAST_CARD
from .mau_mau import ENGINE as MAU_MAU
from .number_rows import ENGINE as NUMBER_ROWS
from .oh_hell import ENGINE as OH_HELL
from .penalty_tricks import ENGINE as PENALTY_TRICKS
from .poker import ENGINE as POKER
from .rummy import ENGINE as RUMMY
from .stock_pile import ENGINE as STOCK_PILE
from .thirty_one import ENGINE as THIRTY_ONE

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
