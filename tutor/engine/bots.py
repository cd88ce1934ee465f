"""What every game's computer players share: their seeded generator and the uniform player.

Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from tutor import fr
from tutor.engine.api import Seed

T = TypeVar("T")


def bot_rng(seed: Seed) -> random.Random:
    """A computer player's own generator: a whole number seeds a new one, a ``random.Random``
    is used as given; anything else is refused in French (``ValueError``)."""
    if isinstance(seed, random.Random):
        return seed
    if type(seed) is not int:
        raise ValueError(fr.typography(
            f"La graine d’un joueur artificiel est un nombre entier, pas {fr.shown(seed)}."))
    return random.Random(seed)


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """A uniform index from 0 to ``n - 1`` drawn with a generator's ``getrandbits`` exactly as
    CPython's ``Random.choice`` draws it (as :func:`~tutor.engine.core.shuffled` does for a
    shuffle): ``n.bit_length()`` random bits, drawn again while too big. So
    ``seq[below(rng.getrandbits, len(seq))]`` is ``rng.choice(seq)``, the same draws and the
    same ``IndexError`` for an empty ``seq``, without its two calls into ``random.py`` (computer
    players' inner loops)."""
    if n <= 0:
        raise IndexError("Cannot choose from an empty sequence")
    bits = n.bit_length()
    k = getrandbits(bits)
    while k >= n:
        k = getrandbits(bits)
    return k


class RandomPlayer:
    """« Au hasard » in every game: a legal action chosen uniformly, from its own seeded
    generator (it looks at nothing else: ``BLIND``, playouts hand it no view)."""

    BLIND = True

    def __init__(self, *, seed: Seed = 0) -> None:
        self.rng = bot_rng(seed)

    def choose(self, view: object, legal: Sequence[T]) -> T:
        return legal[below(self.rng.getrandbits, len(legal))]  # rng.choice(legal)
