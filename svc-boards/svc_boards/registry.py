"""The games svc-boards hosts, listed explicitly."""

from rulekit import Registry

from .backgammon import ENGINE as BACKGAMMON
from .chess import ENGINE as CHESS
from .chinese_checkers import ENGINE as CHINESE_CHECKERS
from .dominoes import ENGINE as DOMINOES
from .dots_and_boxes import ENGINE as DOTS_AND_BOXES
from .draughts import ENGINE as DRAUGHTS
from .four_in_a_row import ENGINE as FOUR_IN_A_ROW
from .kalaha import ENGINE as KALAHA
from .morris import ENGINE as MORRIS
from .reversi import ENGINE as REVERSI
from .sea_battle import ENGINE as SEA_BATTLE

REGISTRY = Registry(
    "boards",
    [
        CHESS,
        FOUR_IN_A_ROW,
        DRAUGHTS,
        MORRIS,
        REVERSI,
        KALAHA,
        DOTS_AND_BOXES,
        SEA_BATTLE,
        DOMINOES,
        CHINESE_CHECKERS,
        BACKGAMMON,
    ],
)
