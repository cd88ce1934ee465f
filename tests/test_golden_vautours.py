"""Golden counts of Stupides Vautours (:mod:`tests.golden`), computed once on the engine before its
playouts were made to run through it (issue 61): every reading's walk of every legal action 2
actions deep at 2 players, and seeded random games to the end at 3 and 5 players. A change in
the rules, the legal actions, the events or the outcomes changes a count."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.games import GAMES

from .golden import golden_counts, golden_playouts

GAME = "vautours"
WALK = (2, 2)
"""The walk's player count and depth."""
GAMES_PLAYED = {3: 8, 5: 4}
"""Random games played to the end, by player count."""

EXPECTED: dict[str, dict[str, Any]] = {
    "standard": {
        "walk": {
            "states": 481,
            "distinct": 256,
            "leaves": 450,
            "over": 0,
            "legal": 480,
            "events": {
                "cancel vautours/egalite": 30,
                "discard vautours/fin-de-manche": 450,
                "no_winner vautours/sans-attribution": 30,
                "play vautours/choix": 480,
                "reveal vautours/revelation": 450,
                "show vautours/devoilement": 450,
                "stake vautours/suricate": 450,
                "take vautours/gain": 420,
                "win vautours/suricate": 420
            },
            "outcomes": {},
            "scores": {}
        },
        "games": {
            "3": {
                "states": 368,
                "distinct": 359,
                "leaves": 8,
                "over": 8,
                "legal": 2880,
                "events": {
                    "cancel vautours/egalite": 9,
                    "discard vautours/fin-de-manche": 120,
                    "end vautours/fin": 8,
                    "no_winner vautours/sans-attribution": 1,
                    "play vautours/choix": 360,
                    "reveal vautours/revelation": 112,
                    "scores vautours/decompte": 8,
                    "show vautours/devoilement": 120,
                    "stake vautours/somme": 1,
                    "stake vautours/suricate": 79,
                    "stake vautours/vautour": 40,
                    "take vautours/gain": 119,
                    "win vautours/suricate": 80,
                    "win vautours/vautour": 39,
                    "winner vautours/vainqueur": 8
                },
                "outcomes": {
                    "Alice vautours/vainqueur": 3,
                    "Bruno vautours/vainqueur": 2,
                    "Chloé vautours/vainqueur": 3
                },
                "scores": {
                    "Alice": 100,
                    "Bruno": 109,
                    "Chloé": 111
                }
            },
            "5": {
                "states": 304,
                "distinct": 300,
                "leaves": 4,
                "over": 4,
                "legal": 2400,
                "events": {
                    "cancel vautours/egalite": 9,
                    "discard vautours/fin-de-manche": 60,
                    "end vautours/fin": 4,
                    "play vautours/choix": 300,
                    "reveal vautours/revelation": 56,
                    "scores vautours/decompte": 4,
                    "show vautours/devoilement": 60,
                    "stake vautours/suricate": 40,
                    "stake vautours/vautour": 20,
                    "take vautours/gain": 60,
                    "win vautours/suricate": 40,
                    "win vautours/vautour": 20,
                    "winner vautours/vainqueur": 4
                },
                "outcomes": {
                    "Bruno vautours/vainqueur": 1,
                    "Chloé vautours/vainqueur": 1,
                    "Dario vautours/vainqueur": 1,
                    "Émile vautours/vainqueur": 1
                },
                "scores": {
                    "Alice": 7,
                    "Bruno": 40,
                    "Chloé": 50,
                    "Dario": 31,
                    "Émile": 32
                }
            }
        }
    },
    "livret-suricate": {
        "walk": {
            "states": 481,
            "distinct": 256,
            "leaves": 450,
            "over": 0,
            "legal": 480,
            "events": {
                "cancel vautours/egalite": 30,
                "discard vautours/fin-de-manche": 450,
                "no_winner vautours/sans-attribution": 30,
                "play vautours/choix": 480,
                "reveal vautours/revelation": 450,
                "show vautours/devoilement": 450,
                "stake vautours/suricate": 450,
                "take vautours/gain": 420,
                "win vautours/suricate": 420
            },
            "outcomes": {},
            "scores": {}
        },
        "games": {
            "3": {
                "states": 368,
                "distinct": 359,
                "leaves": 8,
                "over": 8,
                "legal": 2880,
                "events": {
                    "cancel vautours/egalite": 9,
                    "discard vautours/fin-de-manche": 120,
                    "end vautours/fin": 8,
                    "no_winner vautours/sans-attribution": 1,
                    "play vautours/choix": 360,
                    "reveal vautours/revelation": 112,
                    "scores vautours/decompte": 8,
                    "show vautours/devoilement": 120,
                    "stake vautours/somme": 1,
                    "stake vautours/suricate": 79,
                    "stake vautours/vautour": 40,
                    "take vautours/gain": 119,
                    "win vautours/suricate": 80,
                    "win vautours/vautour": 39,
                    "winner vautours/vainqueur": 8
                },
                "outcomes": {
                    "Alice vautours/vainqueur": 3,
                    "Bruno vautours/vainqueur": 2,
                    "Chloé vautours/vainqueur": 3
                },
                "scores": {
                    "Alice": 100,
                    "Bruno": 109,
                    "Chloé": 111
                }
            },
            "5": {
                "states": 304,
                "distinct": 300,
                "leaves": 4,
                "over": 4,
                "legal": 2400,
                "events": {
                    "cancel vautours/egalite": 8,
                    "discard vautours/fin-de-manche": 60,
                    "end vautours/fin": 4,
                    "no_winner vautours/variante-egalite-simple": 1,
                    "play vautours/choix": 300,
                    "reveal vautours/revelation": 56,
                    "scores vautours/decompte": 4,
                    "show vautours/devoilement": 60,
                    "stake vautours/somme": 1,
                    "stake vautours/suricate": 40,
                    "stake vautours/vautour": 19,
                    "take vautours/gain": 59,
                    "win vautours/suricate": 39,
                    "win vautours/vautour": 20,
                    "winner vautours/vainqueur": 4
                },
                "outcomes": {
                    "Bruno vautours/vainqueur": 1,
                    "Chloé vautours/vainqueur": 1,
                    "Dario vautours/vainqueur": 1,
                    "Émile vautours/vainqueur": 1
                },
                "scores": {
                    "Alice": 7,
                    "Bruno": 39,
                    "Chloé": 51,
                    "Dario": 31,
                    "Émile": 32
                }
            }
        }
    },
    "livret-souris": {
        "walk": {
            "states": 481,
            "distinct": 256,
            "leaves": 450,
            "over": 0,
            "legal": 480,
            "events": {
                "cancel vautours/egalite": 30,
                "discard vautours/fin-de-manche": 450,
                "no_winner vautours/sans-attribution": 30,
                "play vautours/choix": 480,
                "reveal vautours/revelation": 450,
                "show vautours/devoilement": 450,
                "stake vautours/suricate": 450,
                "take vautours/gain": 420,
                "win vautours/suricate": 420
            },
            "outcomes": {},
            "scores": {}
        },
        "games": {
            "3": {
                "states": 368,
                "distinct": 359,
                "leaves": 8,
                "over": 8,
                "legal": 2880,
                "events": {
                    "cancel vautours/egalite": 9,
                    "discard vautours/fin-de-manche": 120,
                    "end vautours/fin": 8,
                    "no_winner vautours/sans-attribution": 1,
                    "play vautours/choix": 360,
                    "reveal vautours/revelation": 112,
                    "scores vautours/decompte": 8,
                    "show vautours/devoilement": 120,
                    "stake vautours/somme": 1,
                    "stake vautours/suricate": 79,
                    "stake vautours/vautour": 40,
                    "take vautours/gain": 119,
                    "win vautours/suricate": 80,
                    "win vautours/vautour": 39,
                    "winner vautours/vainqueur": 8
                },
                "outcomes": {
                    "Alice vautours/vainqueur": 3,
                    "Bruno vautours/vainqueur": 2,
                    "Chloé vautours/vainqueur": 3
                },
                "scores": {
                    "Alice": 100,
                    "Bruno": 109,
                    "Chloé": 111
                }
            },
            "5": {
                "states": 304,
                "distinct": 300,
                "leaves": 4,
                "over": 4,
                "legal": 2400,
                "events": {
                    "cancel vautours/egalite": 9,
                    "discard vautours/fin-de-manche": 60,
                    "end vautours/fin": 4,
                    "play vautours/choix": 300,
                    "reveal vautours/revelation": 56,
                    "scores vautours/decompte": 4,
                    "show vautours/devoilement": 60,
                    "stake vautours/suricate": 40,
                    "stake vautours/vautour": 20,
                    "take vautours/gain": 60,
                    "win vautours/suricate": 40,
                    "win vautours/vautour": 20,
                    "winner vautours/vainqueur": 4
                },
                "outcomes": {
                    "Bruno vautours/vainqueur": 1,
                    "Chloé vautours/vainqueur": 1,
                    "Dario vautours/vainqueur": 1,
                    "Émile vautours/vainqueur": 1
                },
                "scores": {
                    "Alice": 7,
                    "Bruno": 40,
                    "Chloé": 50,
                    "Dario": 31,
                    "Émile": 32
                }
            }
        }
    },
    "livret-souris-alternative": {
        "walk": {
            "states": 481,
            "distinct": 256,
            "leaves": 450,
            "over": 0,
            "legal": 480,
            "events": {
                "cancel vautours/egalite": 30,
                "discard vautours/fin-de-manche": 450,
                "no_winner vautours/sans-attribution": 30,
                "play vautours/choix": 480,
                "reveal vautours/revelation": 450,
                "show vautours/devoilement": 450,
                "stake vautours/suricate": 450,
                "take vautours/gain": 420,
                "win vautours/suricate": 420
            },
            "outcomes": {},
            "scores": {}
        },
        "games": {
            "3": {
                "states": 368,
                "distinct": 359,
                "leaves": 8,
                "over": 8,
                "legal": 2880,
                "events": {
                    "cancel vautours/egalite": 9,
                    "discard vautours/fin-de-manche": 120,
                    "end vautours/fin": 8,
                    "no_winner vautours/sans-attribution": 1,
                    "play vautours/choix": 360,
                    "reveal vautours/revelation": 112,
                    "scores vautours/decompte": 8,
                    "show vautours/devoilement": 120,
                    "stake vautours/somme": 1,
                    "stake vautours/suricate": 79,
                    "stake vautours/vautour": 40,
                    "take vautours/gain": 119,
                    "win vautours/suricate": 80,
                    "win vautours/vautour": 39,
                    "winner vautours/vainqueur": 8
                },
                "outcomes": {
                    "Alice vautours/vainqueur": 3,
                    "Bruno vautours/vainqueur": 2,
                    "Chloé vautours/vainqueur": 3
                },
                "scores": {
                    "Alice": 100,
                    "Bruno": 109,
                    "Chloé": 111
                }
            },
            "5": {
                "states": 304,
                "distinct": 300,
                "leaves": 4,
                "over": 4,
                "legal": 2400,
                "events": {
                    "cancel vautours/egalite": 9,
                    "discard vautours/fin-de-manche": 60,
                    "end vautours/fin": 4,
                    "play vautours/choix": 300,
                    "reveal vautours/revelation": 56,
                    "scores vautours/decompte": 4,
                    "show vautours/devoilement": 60,
                    "stake vautours/suricate": 40,
                    "stake vautours/vautour": 20,
                    "take vautours/gain": 60,
                    "win vautours/suricate": 40,
                    "win vautours/vautour": 20,
                    "winner vautours/vainqueur": 4
                },
                "outcomes": {
                    "Bruno vautours/vainqueur": 1,
                    "Chloé vautours/vainqueur": 1,
                    "Dario vautours/vainqueur": 1,
                    "Émile vautours/vainqueur": 1
                },
                "scores": {
                    "Alice": 7,
                    "Bruno": 40,
                    "Chloé": 50,
                    "Dario": 31,
                    "Émile": 32
                }
            }
        }
    }
}


def test_every_reading_has_its_golden_counts() -> None:
    assert list(EXPECTED) == list(GAMES[GAME].engine().PRESETS)


@pytest.mark.parametrize("preset", list(EXPECTED))
def test_the_walk_of_every_legal_action_gives_the_golden_counts(preset: str) -> None:
    players, depth = WALK
    assert golden_counts(GAME, players, preset, 1, depth) == EXPECTED[preset]["walk"]


@pytest.mark.parametrize("preset", list(EXPECTED))
def test_seeded_random_games_give_the_golden_counts(preset: str) -> None:
    for players, count in GAMES_PLAYED.items():
        assert golden_playouts(GAME, players, preset, 1, count) == \
            EXPECTED[preset]["games"][str(players)], players
