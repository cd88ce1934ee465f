"""Proof, for ``mypy --strict``, that every registered game package is an
:class:`~tutor.engine.api.Engine` over its own ``State``, ``Action`` and ``View`` types.

Never imported at run time (the registry imports each game lazily); ``tests/test_games_common.py``
checks that this file names every registered game.
"""

from __future__ import annotations

from tutor.engine.api import Engine
from tutor.games import drahtseilakt, vaiko, vampir, vautours

ENGINES: dict[str, object] = {
    "vautours": vautours,
    "drahtseilakt": drahtseilakt,
    "vampir": vampir,
    "vaiko": vaiko,
}

_vautours: Engine[vautours.State, vautours.Action, vautours.View] = vautours
_drahtseilakt: Engine[drahtseilakt.State, drahtseilakt.Action, drahtseilakt.View] = drahtseilakt
_vampir: Engine[vampir.State, vampir.Action, vampir.View] = vampir
_vaiko: Engine[vaiko.State, vaiko.Action, vaiko.View] = vaiko
