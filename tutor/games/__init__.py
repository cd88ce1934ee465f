"""The games registry: every game the tutor teaches, in the order the Accueil shows them.

The contract. Each game is a package ``tutor.games.<id>`` (state, legality and resolution; French
event text; worked-example kinds; computer players) whose ``GAME`` is an instance of a subclass
of :class:`tutor.engine.api.Game` over its own ``State``, ``Action`` and ``View`` types (mypy
checks each subclass against the base). The common tests (``tests/test_games_common.py``) run
over :data:`GAMES` and adapt to each game's :class:`~tutor.engine.api.GameType`. Shared code
reaches a game only through :meth:`GameInfo.engine`. A game defined elsewhere (the tests' own
game) is added with :func:`register`.

A game's id is written once, in its :class:`GameInfo` below: it names the package, the rule file
(``rules/<id>.fr.md``, whose header repeats it as data) and the page module ``tutor.ui.<id>``.
Adding a game here makes it appear on the Accueil (unless ``listed=False``) and in
``python -m tutor check``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, cast

from tutor import rules
from tutor.engine.api import A, E, Game, S, V


@dataclass(frozen=True)
class GameInfo(Generic[S, A, V, E]):
    """What the Accueil and the tools need to know about a game. Generic over its game's
    ``State``, actions, ``View`` and events: the registry holds them as ``GameInfo[Any, ...]``
    (it imports no game), and a page's :attr:`tutor.ui.page.GamePage.info` is typed with its own
    game's types, so ``info.engine()`` is its own ``Game``."""

    id: str
    title: str
    author: str
    players: tuple[int, int]
    notebook: str
    summary: str
    package: str = ""  # where its ``GAME`` lives (``tutor.games.<id>`` unless given)
    page: str = ""  # the module of its page (``tutor.ui.<id>`` unless given)
    listed: bool = True  # shown on the Accueil
    #: other words that name the game in a question (« Une question ? » scopes its answers to
    #: the game named); its title names it too
    aliases: tuple[str, ...] = ()

    @property
    def page_module(self) -> str:
        """The module that builds this game's page (its table, sandbox, explorers)."""
        return self.page or f"tutor.ui.{self.id}"

    def engine(self) -> Game[S, A, V, E]:
        """The game's engine (its package's ``GAME``), imported on first use (a page imports
        only its own game)."""
        module = importlib.import_module(self.package or f"tutor.games.{self.id}")
        engine = getattr(module, "GAME", None)
        if not isinstance(engine, Game) or engine.type.id != self.id:
            raise TypeError(f"{module.__name__}.GAME n’est pas le jeu {self.id!r}.")
        return cast("Game[S, A, V, E]", engine)


_REGISTERED: tuple[GameInfo[Any, Any, Any, Any], ...] = (
    GameInfo("vautours", "Stupides Vautours",
             "Alex Randolph, selon l’éditeur (Hol’s der Geier)", (2, 5),
             "stupides-vautours.ipynb",
             "Tout le monde a les mêmes cartes, tout le monde joue en même temps : la plus forte "
             "carte remporte une carte Suricate, la plus faible une carte Vautour, et les "
             "égalités s’annulent.",
             aliases=("vautours", "vautour")),
    GameInfo("drahtseilakt", "Drahtseilakt",
             "Reiner Knizia, 1999, selon l’éditeur", (3, 5), "drahtseilakt.ipynb",
             "Sur la corde raide : la plus forte carte prend des bâtonnets bleus, la plus faible "
             "des rouges, et c’est le plus petit total qui gagne.",
             aliases=("drahtseil", "corde raide")),
    GameInfo("vampir", "Vampir",
             "Reiner Knizia, 2000, selon l’éditeur", (3, 5), "vampir.ipynb",
             "Piochez, posez sous les six lieux ou raflez-les pour exposer vos chasses de "
             "vampires : mais dans chaque couleur, le plus faible chasseur ne marque rien.",
             aliases=("vampire", "vampires")),
    GameInfo("vaiko", "Vaiko", "Jeu de mémoire et de défausse", (2, 6), "vaiko.ipynb",
             "Quatre cartes face cachée, que l’on ne regarde qu’aux moments prévus : retenez "
             "où elles sont, défaussez au bon moment et dites « Vaiko » quand votre main est "
             "la plus légère."),
)

GAMES: dict[str, GameInfo[Any, Any, Any, Any]] = {info.id: info for info in _REGISTERED}


def register(info: GameInfo[Any, Any, Any, Any], rule_file: Path | None = None) -> None:
    """Add a game defined outside this package (``info.package`` names where its ``GAME``
    is), with its rule file when it is not ``rules/<id>.fr.md``."""
    if info.id in GAMES:
        raise ValueError(f"Jeu déjà enregistré : {info.id}.")
    GAMES[info.id] = info
    if rule_file is not None:
        rules.locate(info.id, rule_file)


def game(game_id: str) -> GameInfo[Any, Any, Any, Any]:
    """The registered game ``game_id``; ``KeyError`` naming the known games otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(
            f"Jeu inconnu «\u202f{game_id}\u202f» (jeux connus\u202f: {', '.join(GAMES)})."
        ) from None
