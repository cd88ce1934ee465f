"""Golden counts of Drahtseilakt (:mod:`tests.golden`), computed once on the engine before its
playouts were made to run through it (issue 61): every reading's walk of every legal action 3
actions deep at 3 players, and seeded random games to the end at 3 and 5 players. A change in
the rules, the legal actions, the events or the outcomes changes a count."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.games import GAMES

from .golden import golden_counts, golden_playouts

GAME = "drahtseilakt"
WALK = (3, 3)
"""The walk's player count and depth."""
GAMES_PLAYED = {3: 4, 5: 2}
"""Random games played to the end, by player count."""

EXPECTED: dict[str, dict[str, Any]] = {
    "standard": {
        "walk": {
            "states": 820,
            "distinct": 820,
            "leaves": 729,
            "over": 0,
            "legal": 819,
            "events": {
                "blue drahtseilakt/bleus": 729,
                "play drahtseilakt/jouer": 819,
                "red drahtseilakt/rouges": 729,
                "reveal drahtseilakt/zero": 729,
                "trick_end drahtseilakt/fin-de-pli": 729,
                "zero drahtseilakt/zero": 729
            },
            "outcomes": {},
            "scores": {}
        },
        "games": {
            "3": {
                "states": 328,
                "distinct": 325,
                "leaves": 4,
                "over": 4,
                "legal": 1620,
                "events": {
                    "blue drahtseilakt/bleus": 96,
                    "deal drahtseilakt/donne": 8,
                    "lead drahtseilakt/entame": 8,
                    "manche drahtseilakt/manches": 8,
                    "manche_end drahtseilakt/fin-de-manche": 12,
                    "no_blue drahtseilakt/zero": 12,
                    "no_red drahtseilakt/zero": 12,
                    "pairs drahtseilakt/paires": 88,
                    "play drahtseilakt/jouer": 324,
                    "red drahtseilakt/rouges": 96,
                    "reveal drahtseilakt/revelation": 80,
                    "reveal drahtseilakt/zero": 24,
                    "short drahtseilakt/reserve-epuisee": 2,
                    "totals drahtseilakt/fin": 4,
                    "trick_end drahtseilakt/fin-de-pli": 108,
                    "winner drahtseilakt/vainqueur": 4,
                    "zero drahtseilakt/zero": 24
                },
                "outcomes": {
                    "Alice drahtseilakt/vainqueur": 2,
                    "Chloé drahtseilakt/vainqueur": 2
                },
                "scores": {
                    "Alice": 79,
                    "Bruno": 102,
                    "Chloé": 94
                }
            },
            "5": {
                "states": 452,
                "distinct": 451,
                "leaves": 2,
                "over": 2,
                "legal": 2250,
                "events": {
                    "blue drahtseilakt/bleus": 80,
                    "clean drahtseilakt/manche-propre": 3,
                    "deal drahtseilakt/donne": 8,
                    "lead drahtseilakt/entame": 8,
                    "manche drahtseilakt/manches": 8,
                    "manche_end drahtseilakt/fin-de-manche": 10,
                    "no_blue drahtseilakt/zero": 10,
                    "no_red drahtseilakt/zero": 10,
                    "pairs drahtseilakt/paires": 71,
                    "play drahtseilakt/jouer": 450,
                    "red drahtseilakt/rouges": 80,
                    "reveal drahtseilakt/revelation": 68,
                    "reveal drahtseilakt/zero": 20,
                    "short drahtseilakt/reserve-epuisee": 3,
                    "totals drahtseilakt/fin": 2,
                    "trick_end drahtseilakt/fin-de-pli": 90,
                    "winner drahtseilakt/vainqueur": 2,
                    "zero drahtseilakt/zero": 20
                },
                "outcomes": {
                    "Bruno drahtseilakt/vainqueur": 1,
                    "Émile drahtseilakt/vainqueur": 1
                },
                "scores": {
                    "Alice": 55,
                    "Bruno": 53,
                    "Chloé": 89,
                    "Dario": 73,
                    "Émile": 51
                }
            }
        }
    },
    "tactique": {
        "walk": {
            "states": 820,
            "distinct": 820,
            "leaves": 729,
            "over": 0,
            "legal": 819,
            "events": {
                "blue drahtseilakt/bleus": 729,
                "play drahtseilakt/jouer": 819,
                "red drahtseilakt/rouges": 729,
                "reveal drahtseilakt/revelation": 729,
                "trick_end drahtseilakt/fin-de-pli": 729
            },
            "outcomes": {},
            "scores": {}
        },
        "games": {
            "3": {
                "states": 328,
                "distinct": 325,
                "leaves": 4,
                "over": 4,
                "legal": 1620,
                "events": {
                    "blue drahtseilakt/bleus": 100,
                    "deal drahtseilakt/variante-tactique": 8,
                    "double_zero drahtseilakt/double-zero": 4,
                    "lead drahtseilakt/entame": 8,
                    "manche drahtseilakt/manches": 8,
                    "manche_end drahtseilakt/fin-de-manche": 12,
                    "no_blue drahtseilakt/zero": 8,
                    "no_red drahtseilakt/zero": 8,
                    "pairs drahtseilakt/paires": 78,
                    "play drahtseilakt/jouer": 324,
                    "red drahtseilakt/rouges": 100,
                    "reveal drahtseilakt/double-zero": 4,
                    "reveal drahtseilakt/revelation": 84,
                    "reveal drahtseilakt/zero": 16,
                    "short drahtseilakt/reserve-epuisee": 9,
                    "totals drahtseilakt/fin": 4,
                    "trick_end drahtseilakt/fin-de-pli": 108,
                    "winner drahtseilakt/vainqueur": 4,
                    "zero drahtseilakt/zero": 20
                },
                "outcomes": {
                    "Alice drahtseilakt/vainqueur": 2,
                    "Bruno drahtseilakt/vainqueur": 2
                },
                "scores": {
                    "Alice": 97,
                    "Bruno": 119,
                    "Chloé": 151
                }
            },
            "5": {
                "states": 452,
                "distinct": 451,
                "leaves": 2,
                "over": 2,
                "legal": 2250,
                "events": {
                    "blue drahtseilakt/bleus": 84,
                    "clean drahtseilakt/manche-propre": 1,
                    "deal drahtseilakt/variante-tactique": 8,
                    "double_zero drahtseilakt/double-zero": 4,
                    "lead drahtseilakt/entame": 8,
                    "manche drahtseilakt/manches": 8,
                    "manche_end drahtseilakt/fin-de-manche": 10,
                    "no_blue drahtseilakt/zero": 6,
                    "no_red drahtseilakt/zero": 4,
                    "pairs drahtseilakt/paires": 61,
                    "play drahtseilakt/jouer": 450,
                    "red drahtseilakt/rouges": 86,
                    "reveal drahtseilakt/double-zero": 4,
                    "reveal drahtseilakt/revelation": 74,
                    "reveal drahtseilakt/zero": 10,
                    "short drahtseilakt/reserve-epuisee": 17,
                    "totals drahtseilakt/fin": 2,
                    "trick_end drahtseilakt/fin-de-pli": 90,
                    "winner drahtseilakt/vainqueur": 2,
                    "zero drahtseilakt/zero": 14
                },
                "outcomes": {
                    "Alice drahtseilakt/vainqueur": 1,
                    "Chloé drahtseilakt/vainqueur": 1
                },
                "scores": {
                    "Alice": 55,
                    "Bruno": 80,
                    "Chloé": 57,
                    "Dario": 90,
                    "Émile": 67
                }
            }
        }
    },
    "chaotique": {
        "walk": {
            "states": 4888,
            "distinct": 4888,
            "leaves": 4374,
            "over": 0,
            "legal": 4887,
            "events": {
                "blue drahtseilakt/bleus": 4374,
                "choose drahtseilakt/variante-chaotique": 4887,
                "red drahtseilakt/rouges": 4374,
                "reveal drahtseilakt/zero": 4374,
                "show drahtseilakt/variante-chaotique": 4374,
                "trick_end drahtseilakt/fin-de-pli": 4374,
                "zero drahtseilakt/zero": 4374
            },
            "outcomes": {},
            "scores": {}
        },
        "games": {
            "3": {
                "states": 328,
                "distinct": 325,
                "leaves": 4,
                "over": 4,
                "legal": 1620,
                "events": {
                    "blue drahtseilakt/bleus": 96,
                    "choose drahtseilakt/variante-chaotique": 324,
                    "clean drahtseilakt/manche-propre": 1,
                    "deal drahtseilakt/donne": 8,
                    "lead drahtseilakt/entame": 8,
                    "manche drahtseilakt/manches": 8,
                    "manche_end drahtseilakt/fin-de-manche": 12,
                    "no_blue drahtseilakt/zero": 12,
                    "no_red drahtseilakt/zero": 12,
                    "pairs drahtseilakt/paires": 84,
                    "red drahtseilakt/rouges": 96,
                    "reveal drahtseilakt/revelation": 80,
                    "reveal drahtseilakt/zero": 24,
                    "short drahtseilakt/reserve-epuisee": 7,
                    "show drahtseilakt/variante-chaotique": 108,
                    "totals drahtseilakt/fin": 4,
                    "trick_end drahtseilakt/fin-de-pli": 108,
                    "winner drahtseilakt/vainqueur": 4,
                    "zero drahtseilakt/zero": 24
                },
                "outcomes": {
                    "Alice drahtseilakt/vainqueur": 2,
                    "Chloé drahtseilakt/vainqueur": 2
                },
                "scores": {
                    "Alice": 88,
                    "Bruno": 141,
                    "Chloé": 83
                }
            },
            "5": {
                "states": 452,
                "distinct": 451,
                "leaves": 2,
                "over": 2,
                "legal": 2250,
                "events": {
                    "blue drahtseilakt/bleus": 80,
                    "choose drahtseilakt/variante-chaotique": 450,
                    "clean drahtseilakt/manche-propre": 4,
                    "deal drahtseilakt/donne": 8,
                    "lead drahtseilakt/entame": 8,
                    "manche drahtseilakt/manches": 8,
                    "manche_end drahtseilakt/fin-de-manche": 10,
                    "no_blue drahtseilakt/zero": 10,
                    "no_red drahtseilakt/zero": 10,
                    "pairs drahtseilakt/paires": 59,
                    "red drahtseilakt/rouges": 80,
                    "reveal drahtseilakt/revelation": 68,
                    "reveal drahtseilakt/zero": 20,
                    "short drahtseilakt/reserve-epuisee": 8,
                    "show drahtseilakt/variante-chaotique": 90,
                    "totals drahtseilakt/fin": 2,
                    "trick_end drahtseilakt/fin-de-pli": 90,
                    "winner drahtseilakt/vainqueur": 2,
                    "zero drahtseilakt/zero": 20
                },
                "outcomes": {
                    "Chloé drahtseilakt/vainqueur": 1,
                    "Émile drahtseilakt/vainqueur": 1
                },
                "scores": {
                    "Alice": 75,
                    "Bruno": 98,
                    "Chloé": 64,
                    "Dario": 56,
                    "Émile": 54
                }
            }
        }
    },
    "reserve-illimitee": {
        "walk": {
            "states": 820,
            "distinct": 820,
            "leaves": 729,
            "over": 0,
            "legal": 819,
            "events": {
                "blue drahtseilakt/bleus": 729,
                "play drahtseilakt/jouer": 819,
                "red drahtseilakt/rouges": 729,
                "reveal drahtseilakt/zero": 729,
                "trick_end drahtseilakt/fin-de-pli": 729,
                "zero drahtseilakt/zero": 729
            },
            "outcomes": {},
            "scores": {}
        },
        "games": {
            "3": {
                "states": 328,
                "distinct": 325,
                "leaves": 4,
                "over": 4,
                "legal": 1620,
                "events": {
                    "blue drahtseilakt/bleus": 96,
                    "deal drahtseilakt/donne": 8,
                    "lead drahtseilakt/entame": 8,
                    "manche drahtseilakt/manches": 8,
                    "manche_end drahtseilakt/fin-de-manche": 12,
                    "no_blue drahtseilakt/zero": 12,
                    "no_red drahtseilakt/zero": 12,
                    "pairs drahtseilakt/paires": 88,
                    "play drahtseilakt/jouer": 324,
                    "red drahtseilakt/rouges": 96,
                    "reveal drahtseilakt/revelation": 80,
                    "reveal drahtseilakt/zero": 24,
                    "tokens drahtseilakt/variante-reserve-illimitee": 2,
                    "totals drahtseilakt/fin": 4,
                    "trick_end drahtseilakt/fin-de-pli": 108,
                    "winner drahtseilakt/vainqueur": 4,
                    "zero drahtseilakt/zero": 24
                },
                "outcomes": {
                    "Alice drahtseilakt/vainqueur": 2,
                    "Chloé drahtseilakt/vainqueur": 2
                },
                "scores": {
                    "Alice": 86,
                    "Bruno": 108,
                    "Chloé": 94
                }
            },
            "5": {
                "states": 452,
                "distinct": 451,
                "leaves": 2,
                "over": 2,
                "legal": 2250,
                "events": {
                    "blue drahtseilakt/bleus": 80,
                    "clean drahtseilakt/manche-propre": 3,
                    "deal drahtseilakt/donne": 8,
                    "lead drahtseilakt/entame": 8,
                    "manche drahtseilakt/manches": 8,
                    "manche_end drahtseilakt/fin-de-manche": 10,
                    "no_blue drahtseilakt/zero": 10,
                    "no_red drahtseilakt/zero": 10,
                    "pairs drahtseilakt/paires": 71,
                    "play drahtseilakt/jouer": 450,
                    "red drahtseilakt/rouges": 80,
                    "reveal drahtseilakt/revelation": 68,
                    "reveal drahtseilakt/zero": 20,
                    "tokens drahtseilakt/variante-reserve-illimitee": 1,
                    "totals drahtseilakt/fin": 2,
                    "trick_end drahtseilakt/fin-de-pli": 90,
                    "winner drahtseilakt/vainqueur": 2,
                    "zero drahtseilakt/zero": 20
                },
                "outcomes": {
                    "Bruno drahtseilakt/vainqueur": 1,
                    "Émile drahtseilakt/vainqueur": 1
                },
                "scores": {
                    "Alice": 54,
                    "Bruno": 53,
                    "Chloé": 89,
                    "Dario": 70,
                    "Émile": 50
                }
            }
        }
    },
    "paires-en-fin-de-manche": {
        "walk": {
            "states": 820,
            "distinct": 820,
            "leaves": 729,
            "over": 0,
            "legal": 819,
            "events": {
                "blue drahtseilakt/bleus": 729,
                "play drahtseilakt/jouer": 819,
                "red drahtseilakt/rouges": 729,
                "reveal drahtseilakt/zero": 729,
                "trick_end drahtseilakt/fin-de-pli": 729,
                "zero drahtseilakt/zero": 729
            },
            "outcomes": {},
            "scores": {}
        },
        "games": {
            "3": {
                "states": 328,
                "distinct": 325,
                "leaves": 4,
                "over": 4,
                "legal": 1620,
                "events": {
                    "blue drahtseilakt/bleus": 96,
                    "clean drahtseilakt/manche-propre": 1,
                    "deal drahtseilakt/donne": 8,
                    "lead drahtseilakt/entame": 8,
                    "manche drahtseilakt/manches": 8,
                    "manche_end drahtseilakt/fin-de-manche": 12,
                    "no_blue drahtseilakt/zero": 12,
                    "no_red drahtseilakt/zero": 12,
                    "pairs drahtseilakt/variante-paires-en-fin-de-manche": 31,
                    "play drahtseilakt/jouer": 324,
                    "red drahtseilakt/rouges": 96,
                    "reveal drahtseilakt/revelation": 80,
                    "reveal drahtseilakt/zero": 24,
                    "short drahtseilakt/reserve-epuisee": 60,
                    "totals drahtseilakt/fin": 4,
                    "trick_end drahtseilakt/fin-de-pli": 108,
                    "winner drahtseilakt/vainqueur": 4,
                    "zero drahtseilakt/zero": 24
                },
                "outcomes": {
                    "Alice drahtseilakt/vainqueur": 2,
                    "Bruno drahtseilakt/vainqueur": 1,
                    "Chloé drahtseilakt/vainqueur": 1
                },
                "scores": {
                    "Alice": 53,
                    "Bruno": 78,
                    "Chloé": 79
                }
            },
            "5": {
                "states": 452,
                "distinct": 451,
                "leaves": 2,
                "over": 2,
                "legal": 2250,
                "events": {
                    "blue drahtseilakt/bleus": 80,
                    "clean drahtseilakt/manche-propre": 5,
                    "deal drahtseilakt/donne": 8,
                    "lead drahtseilakt/entame": 8,
                    "manche drahtseilakt/manches": 8,
                    "manche_end drahtseilakt/fin-de-manche": 10,
                    "no_blue drahtseilakt/zero": 10,
                    "no_red drahtseilakt/zero": 10,
                    "pairs drahtseilakt/variante-paires-en-fin-de-manche": 29,
                    "play drahtseilakt/jouer": 450,
                    "red drahtseilakt/rouges": 80,
                    "reveal drahtseilakt/revelation": 68,
                    "reveal drahtseilakt/zero": 20,
                    "short drahtseilakt/reserve-epuisee": 58,
                    "totals drahtseilakt/fin": 2,
                    "trick_end drahtseilakt/fin-de-pli": 90,
                    "winner drahtseilakt/vainqueur": 2,
                    "zero drahtseilakt/zero": 20
                },
                "outcomes": {
                    "Alice drahtseilakt/vainqueur": 1,
                    "Bruno drahtseilakt/vainqueur": 1
                },
                "scores": {
                    "Alice": 23,
                    "Bruno": 28,
                    "Chloé": 36,
                    "Dario": 35,
                    "Émile": 41
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
