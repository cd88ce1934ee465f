"""The games registry: every game the tutor teaches, in the order the Accueil shows them.

The contract. Each game is a package ``tutor.games.<id>`` (state, legality and resolution; French
event text; worked-example kinds; computer players) whose ``__init__`` re-exports the names of
:class:`tutor.engine.api.Engine`: ``MIN_PLAYERS``, ``MAX_PLAYERS``, ``Variant``, ``PRESETS``,
``PRESET_LABELS``, ``PLAYER_KINDS``, ``new_game``, ``opening_events``, ``current_seats``,
``legal_actions``, ``apply``, ``is_over``, ``outcome``, ``view``, ``sample_state``,
``hint_class``, ``span_outcome``, ``replay``, ``inventory``, ``describe``, ``run_example``,
``SCENARIO``, ``preflight`` and ``read_data_file``, plus its
``State``, ``Action`` and ``View`` types. ``tutor/games/_contract.py`` binds each package to
``Engine[State, Action, View]`` so that ``mypy --strict`` proves it; the common tests
(``tests/test_games_common.py``) run over :data:`GAMES`. Shared code reaches a game only through
:meth:`GameInfo.module`.

A game's id is written once, in its :class:`GameInfo` below: it names the package, the rule file
(``rules/<id>.fr.md``, whose header repeats it as data) and the page module ``tutor.ui.<id>``.
Adding a game here makes it appear on the Accueil and in ``python -m tutor check``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import cast

from tutor.engine.api import AnyEngine


@dataclass(frozen=True)
class GameInfo:
    """What the Accueil and the tools need to know about a game."""

    id: str
    title: str
    author: str
    players: tuple[int, int]
    notebook: str
    summary: str

    def module(self) -> AnyEngine:
        """The engine of this game, imported on first use (a page imports only its own game).

        The cast is proved by ``tutor/games/_contract.py``, which mypy checks."""
        return cast(AnyEngine, importlib.import_module(f"tutor.games.{self.id}"))


_REGISTERED = (
    GameInfo("vautours", "Stupides Vautours",
             "Alex Randolph, selon l’éditeur (Hol’s der Geier)", (2, 5),
             "stupides-vautours.ipynb",
             "Tout le monde a les mêmes cartes, tout le monde joue en même temps : la plus forte "
             "carte unique remporte le Suricate, la plus faible récolte le Vautour."),
    GameInfo("drahtseilakt", "Drahtseilakt",
             "Reiner Knizia, 1999, selon l’éditeur", (3, 5), "drahtseilakt.ipynb",
             "Sur la corde raide : la plus forte carte prend des bâtonnets bleus, la plus faible "
             "des rouges, et c’est le plus petit total qui gagne."),
    GameInfo("vampir", "Vampir",
             "Reiner Knizia, 2000, selon l’éditeur", (3, 5), "vampir.ipynb",
             "Piochez, posez sous les six lieux ou raflez-les pour exposer vos chasses de "
             "vampires : mais dans chaque couleur, le plus faible chasseur ne marque rien."),
    GameInfo("vaiko", "Vaiko", "Jeu de mémoire et de défausse", (2, 6), "vaiko.ipynb",
             "Quatre cartes face cachée, que l’on ne regarde qu’aux moments prévus : retenez "
             "où elles sont, défaussez au bon moment et dites « Vaiko » quand votre main est "
             "la plus légère."),
)

GAMES: dict[str, GameInfo] = {info.id: info for info in _REGISTERED}


def game(game_id: str) -> GameInfo:
    """The registered game ``game_id``; ``KeyError`` naming the known games otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(
            f"Jeu inconnu «\u202f{game_id}\u202f» (jeux connus\u202f: {', '.join(GAMES)})."
        ) from None
