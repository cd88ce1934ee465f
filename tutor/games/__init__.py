"""The games registry: every game the tutor teaches, in the order the Accueil shows them.

Each game is a module of pure functions sharing one vocabulary (``new_game``, ``current_seats``,
``legal_actions``, ``apply``, ``view``, ``is_over``, ``outcome``, ``run_example``). Adding a game
here makes it appear on the Accueil and in ``python -m tutor check``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class GameInfo:
    """What the Accueil and the tools need to know about a game."""

    id: str
    title: str
    author: str
    players: tuple[int, int]
    notebook: str
    summary: str

    def module(self) -> ModuleType:
        """The engine module of this game (imported on first use)."""
        return importlib.import_module(f"tutor.games.{self.id}")


GAMES: dict[str, GameInfo] = {
    "vautours": GameInfo(
        id="vautours",
        title="Stupides Vautours",
        author="Alex Randolph (Hol's der Geier)",
        players=(2, 5),
        notebook="stupides-vautours.ipynb",
        summary="Tout le monde a les mêmes cartes, tout le monde joue en même temps : "
        "la plus forte carte unique remporte la souris, la plus faible récolte le vautour.",
    ),
    "drahtseilakt": GameInfo(
        id="drahtseilakt",
        title="Drahtseilakt",
        author="Reiner Knizia (1999)",
        players=(3, 5),
        notebook="drahtseilakt.ipynb",
        summary="Sur la corde raide : la plus forte carte prend des bâtonnets bleus, la plus "
        "faible des rouges, et c'est le plus petit total qui gagne.",
    ),
    "vampir": GameInfo(
        id="vampir",
        title="Vampir",
        author="Reiner Knizia (2000)",
        players=(3, 5),
        notebook="vampir.ipynb",
        summary="Piochez, posez sous les six lieux ou raflez-les pour exposer vos chasses de "
        "vampires : mais dans chaque couleur, le plus faible chasseur ne marque rien.",
    ),
    "vaiko": GameInfo(
        id="vaiko",
        title="Vaiko",
        author="Jeu de mémoire et de défausse",
        players=(2, 6),
        notebook="vaiko.ipynb",
        summary="Quatre cartes face cachée que l'on ne regarde presque jamais : retenez où "
        "elles sont, défaussez au bon moment et dites « Vaiko » quand votre main est la plus "
        "légère.",
    ),
}


def game(game_id: str) -> GameInfo:
    """The registered game ``game_id``; ``KeyError`` naming the known games otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(
            f"Jeu inconnu « {game_id} » (jeux connus : {', '.join(GAMES)})."
        ) from None
