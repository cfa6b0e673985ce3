"""The games svc-boards hosts, listed explicitly: one declaration each (the engine and what the platform knows of it)."""

from rulekit import Registry

from .backgammon.declaration import DECLARATION as BACKGAMMON
from .chess.declaration import DECLARATION as CHESS
from .chinese_checkers.declaration import DECLARATION as CHINESE_CHECKERS
from .dominoes.declaration import DECLARATION as DOMINOES
from .dots_and_boxes.declaration import DECLARATION as DOTS_AND_BOXES
from .draughts.declaration import DECLARATION as DRAUGHTS
from .four_in_a_row.declaration import DECLARATION as FOUR_IN_A_ROW
from .kalaha.declaration import DECLARATION as KALAHA
from .morris.declaration import DECLARATION as MORRIS
from .reversi.declaration import DECLARATION as REVERSI
from .sea_battle.declaration import DECLARATION as SEA_BATTLE

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
