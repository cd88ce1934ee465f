"""Golden counts of Vampir (:mod:`tests.golden`), computed once on main's engine before its
« Conseil » playouts were made to run through it (issue 61, its ``rollout.py`` removed):
every reading's walk of every legal action 6 actions deep at 3 players (5 deep for
« récupération libre », and at 4 and 5 players), and 10 seeded random games to the end (5 at 4
and 5 players).
A change in the rules, the legal actions, the events (by clause) or the outcomes changes a
count."""

from __future__ import annotations

from typing import Any

import pytest

from .golden import golden_counts, golden_playouts

GAME = "vampir"
SEED = 1

CASES: list[list[Any]] = [
    [
        3,
        "standard",
        6,
        10,
        {
            "states": 1066,
            "distinct": 1066,
            "leaves": 766,
            "over": 0,
            "legal": 1065,
            "events": {
                "draw vampir/piocher": 89,
                "hunt vampir/chasse": 265,
                "lay vampir/poser": 589,
                "take vampir/recuperer": 122,
                "turn vampir/tour": 854
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 3068,
            "distinct": 3033,
            "leaves": 10,
            "over": 10,
            "legal": 9991,
            "events": {
                "colour vampir/couleur-absente": 91,
                "colour vampir/decompte-par-couleur": 47,
                "colour vampir/egalite-des-plus-faibles": 42,
                "deal vampir/distribution": 20,
                "discard_hands vampir/defausse-des-mains": 30,
                "draw vampir/piocher": 968,
                "end vampir/fin-pioche": 2,
                "end vampir/fin-six-couleurs": 28,
                "hunt vampir/chasse": 650,
                "lay vampir/poser": 878,
                "points vampir/points": 30,
                "replace vampir/chasse-exposee": 204,
                "start vampir/premier-joueur": 20,
                "starters vampir/mise-en-place": 20,
                "take vampir/recuperer": 562,
                "totals vampir/trois-manches": 20,
                "turn vampir/tour": 1500,
                "winner vampir/trois-manches": 10
            },
            "outcomes": {
                "Alice vampir/trois-manches": 1,
                "Bruno vampir/trois-manches": 4,
                "Chloé vampir/trois-manches": 5
            },
            "scores": {
                "Alice": 445,
                "Bruno": 440,
                "Chloé": 441
            }
        }
    ],
    [
        3,
        "manche-unique",
        6,
        10,
        {
            "states": 1066,
            "distinct": 1066,
            "leaves": 766,
            "over": 0,
            "legal": 1065,
            "events": {
                "draw vampir/piocher": 89,
                "hunt vampir/chasse": 265,
                "lay vampir/poser": 589,
                "take vampir/recuperer": 122,
                "turn vampir/tour": 854
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 1004,
            "distinct": 969,
            "leaves": 10,
            "over": 10,
            "legal": 3279,
            "events": {
                "colour vampir/couleur-absente": 33,
                "colour vampir/decompte-par-couleur": 10,
                "colour vampir/egalite-des-plus-faibles": 17,
                "discard_hands vampir/defausse-des-mains": 10,
                "draw vampir/piocher": 313,
                "end vampir/fin-pioche": 2,
                "end vampir/fin-six-couleurs": 8,
                "hunt vampir/chasse": 211,
                "lay vampir/poser": 285,
                "points vampir/points": 10,
                "replace vampir/chasse-exposee": 65,
                "take vampir/recuperer": 185,
                "turn vampir/tour": 488,
                "winner vampir/vainqueur": 10
            },
            "outcomes": {
                "Alice vampir/vainqueur": 1,
                "Bruno vampir/vainqueur": 6,
                "Bruno+Chloé vampir/vainqueur": 1,
                "Chloé vampir/vainqueur": 2
            },
            "scores": {
                "Alice": 144,
                "Bruno": 159,
                "Chloé": 122
            }
        }
    ],
    [
        3,
        "pioche-autre-carte",
        6,
        10,
        {
            "states": 344,
            "distinct": 344,
            "leaves": 193,
            "over": 0,
            "legal": 343,
            "events": {
                "draw vampir/variante-pioche-autre-carte": 44,
                "hunt vampir/chasse": 116,
                "lay vampir/variante-pioche-autre-carte": 120,
                "take vampir/recuperer": 63,
                "turn vampir/tour": 236
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 2912,
            "distinct": 2876,
            "leaves": 10,
            "over": 10,
            "legal": 6666,
            "events": {
                "colour vampir/couleur-absente": 89,
                "colour vampir/decompte-par-couleur": 50,
                "colour vampir/egalite-des-plus-faibles": 41,
                "deal vampir/distribution": 20,
                "discard_hands vampir/defausse-des-mains": 30,
                "draw vampir/variante-pioche-autre-carte": 931,
                "end vampir/fin-pioche": 2,
                "end vampir/fin-six-couleurs": 28,
                "hunt vampir/chasse": 628,
                "lay vampir/variante-pioche-autre-carte": 822,
                "points vampir/points": 30,
                "replace vampir/chasse-exposee": 180,
                "start vampir/premier-joueur": 20,
                "starters vampir/mise-en-place": 20,
                "take vampir/recuperer": 521,
                "totals vampir/trois-manches": 20,
                "turn vampir/tour": 1422,
                "winner vampir/trois-manches": 10
            },
            "outcomes": {
                "Alice vampir/trois-manches": 1,
                "Bruno vampir/trois-manches": 6,
                "Chloé vampir/trois-manches": 3
            },
            "scores": {
                "Alice": 377,
                "Bruno": 487,
                "Chloé": 468
            }
        }
    ],
    [
        3,
        "recuperation-libre",
        5,
        10,
        {
            "states": 5162,
            "distinct": 4045,
            "leaves": 4121,
            "over": 0,
            "legal": 5161,
            "events": {
                "draw vampir/piocher": 757,
                "hunt vampir/chasse": 530,
                "keep vampir/variante-recuperation-libre": 2272,
                "lay vampir/poser": 1027,
                "take vampir/recuperer": 2847,
                "turn vampir/tour": 3829
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 3461,
            "distinct": 3445,
            "leaves": 10,
            "over": 10,
            "legal": 17104,
            "events": {
                "colour vampir/couleur-absente": 96,
                "colour vampir/decompte-par-couleur": 41,
                "colour vampir/egalite-des-plus-faibles": 43,
                "deal vampir/distribution": 20,
                "discard_hands vampir/defausse-des-mains": 30,
                "draw vampir/piocher": 1090,
                "end vampir/fin-pioche": 10,
                "end vampir/fin-six-couleurs": 20,
                "hunt vampir/chasse": 617,
                "keep vampir/variante-recuperation-libre": 511,
                "lay vampir/poser": 848,
                "points vampir/points": 30,
                "replace vampir/chasse-exposee": 179,
                "start vampir/premier-joueur": 20,
                "starters vampir/mise-en-place": 20,
                "take vampir/recuperer": 896,
                "totals vampir/trois-manches": 20,
                "turn vampir/tour": 1956,
                "winner vampir/trois-manches": 10
            },
            "outcomes": {
                "Alice vampir/trois-manches": 4,
                "Bruno vampir/trois-manches": 1,
                "Chloé vampir/trois-manches": 5
            },
            "scores": {
                "Alice": 482,
                "Bruno": 390,
                "Chloé": 477
            }
        }
    ],
    [
        3,
        "joker-deux-tetes",
        6,
        10,
        {
            "states": 1066,
            "distinct": 1066,
            "leaves": 766,
            "over": 0,
            "legal": 1065,
            "events": {
                "draw vampir/piocher": 89,
                "hunt vampir/chasse": 265,
                "lay vampir/poser": 589,
                "take vampir/recuperer": 122,
                "turn vampir/tour": 854
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 3068,
            "distinct": 3033,
            "leaves": 10,
            "over": 10,
            "legal": 9991,
            "events": {
                "colour vampir/couleur-absente": 91,
                "colour vampir/decompte-par-couleur": 55,
                "colour vampir/egalite-des-plus-faibles": 34,
                "deal vampir/distribution": 20,
                "discard_hands vampir/defausse-des-mains": 30,
                "draw vampir/piocher": 968,
                "end vampir/fin-pioche": 2,
                "end vampir/fin-six-couleurs": 28,
                "hunt vampir/chasse": 650,
                "lay vampir/poser": 878,
                "points vampir/points": 30,
                "replace vampir/chasse-exposee": 204,
                "start vampir/premier-joueur": 20,
                "starters vampir/mise-en-place": 20,
                "take vampir/recuperer": 562,
                "totals vampir/trois-manches": 20,
                "turn vampir/tour": 1500,
                "winner vampir/trois-manches": 10
            },
            "outcomes": {
                "Alice vampir/trois-manches": 2,
                "Alice+Chloé vampir/trois-manches": 1,
                "Bruno vampir/trois-manches": 4,
                "Chloé vampir/trois-manches": 3
            },
            "scores": {
                "Alice": 503,
                "Bruno": 490,
                "Chloé": 477
            }
        }
    ],
    [
        3,
        "plusieurs-chasses",
        6,
        10,
        {
            "states": 1066,
            "distinct": 1066,
            "leaves": 766,
            "over": 0,
            "legal": 1065,
            "events": {
                "draw vampir/piocher": 89,
                "hunt vampir/chasse": 265,
                "lay vampir/poser": 589,
                "take vampir/recuperer": 122,
                "turn vampir/tour": 854
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 3248,
            "distinct": 3213,
            "leaves": 10,
            "over": 10,
            "legal": 10372,
            "events": {
                "colour vampir/couleur-absente": 85,
                "colour vampir/decompte-par-couleur": 50,
                "colour vampir/egalite-des-plus-faibles": 45,
                "deal vampir/distribution": 20,
                "discard_hands vampir/defausse-des-mains": 30,
                "draw vampir/piocher": 1021,
                "end vampir/fin-pioche": 4,
                "end vampir/fin-six-couleurs": 26,
                "end_turn vampir/variante-plusieurs-chasses": 18,
                "hunt vampir/chasse": 687,
                "hunt_again vampir/variante-plusieurs-chasses": 46,
                "lay vampir/poser": 935,
                "points vampir/points": 30,
                "replace vampir/chasse-exposee": 236,
                "start vampir/premier-joueur": 20,
                "starters vampir/mise-en-place": 20,
                "take vampir/recuperer": 577,
                "totals vampir/trois-manches": 20,
                "turn vampir/tour": 1568,
                "winner vampir/trois-manches": 10
            },
            "outcomes": {
                "Alice vampir/trois-manches": 4,
                "Bruno vampir/trois-manches": 1,
                "Chloé vampir/trois-manches": 5
            },
            "scores": {
                "Alice": 428,
                "Bruno": 422,
                "Chloé": 436
            }
        }
    ],
    [
        4,
        "standard",
        5,
        5,
        {
            "states": 110,
            "distinct": 110,
            "leaves": 63,
            "over": 0,
            "legal": 109,
            "events": {
                "draw vampir/piocher": 33,
                "hunt vampir/chasse": 8,
                "lay vampir/poser": 24,
                "take vampir/recuperer": 44,
                "turn vampir/tour": 32
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 1751,
            "distinct": 1731,
            "leaves": 5,
            "over": 5,
            "legal": 5729,
            "events": {
                "colour vampir/couleur-absente": 70,
                "colour vampir/decompte-par-couleur": 12,
                "colour vampir/egalite-des-plus-faibles": 8,
                "deal vampir/distribution": 10,
                "discard_hands vampir/defausse-des-mains": 15,
                "draw vampir/piocher": 564,
                "end vampir/fin-pioche": 8,
                "end vampir/fin-six-couleurs": 7,
                "hunt vampir/chasse": 363,
                "lay vampir/poser": 506,
                "points vampir/points": 15,
                "replace vampir/chasse-exposee": 93,
                "start vampir/premier-joueur": 10,
                "starters vampir/mise-en-place": 10,
                "take vampir/recuperer": 313,
                "totals vampir/trois-manches": 10,
                "turn vampir/tour": 862,
                "winner vampir/trois-manches": 5
            },
            "outcomes": {
                "Alice vampir/trois-manches": 1,
                "Bruno+Chloé vampir/trois-manches": 1,
                "Bruno+Dario vampir/trois-manches": 1,
                "Chloé vampir/trois-manches": 1,
                "Dario vampir/trois-manches": 1
            },
            "scores": {
                "Alice": 263,
                "Bruno": 243,
                "Chloé": 254,
                "Dario": 253
            }
        }
    ],
    [
        5,
        "standard",
        5,
        5,
        {
            "states": 288,
            "distinct": 288,
            "leaves": 183,
            "over": 0,
            "legal": 287,
            "events": {
                "draw vampir/piocher": 89,
                "hunt vampir/chasse": 35,
                "lay vampir/poser": 53,
                "take vampir/recuperer": 110,
                "turn vampir/tour": 88
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 1871,
            "distinct": 1854,
            "leaves": 5,
            "over": 5,
            "legal": 6163,
            "events": {
                "colour vampir/couleur-absente": 88,
                "colour vampir/decompte-par-couleur": 2,
                "deal vampir/distribution": 10,
                "discard_hands vampir/defausse-des-mains": 15,
                "draw vampir/piocher": 599,
                "end vampir/fin-pioche": 14,
                "end vampir/fin-six-couleurs": 1,
                "hunt vampir/chasse": 390,
                "lay vampir/poser": 536,
                "points vampir/points": 15,
                "replace vampir/chasse-exposee": 99,
                "start vampir/premier-joueur": 10,
                "starters vampir/mise-en-place": 10,
                "take vampir/recuperer": 341,
                "totals vampir/trois-manches": 10,
                "turn vampir/tour": 925,
                "winner vampir/trois-manches": 5
            },
            "outcomes": {
                "Bruno vampir/trois-manches": 2,
                "Chloé vampir/trois-manches": 3
            },
            "scores": {
                "Alice": 230,
                "Bruno": 239,
                "Chloé": 261,
                "Dario": 225,
                "Émile": 205
            }
        }
    ]
]
"""Each case: the player count, the reading (a preset's name), the walk's depth, the number of
random games played to the end, then what :func:`golden_counts` and :func:`golden_playouts`
gave on main's engine."""


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}j-{c[1]}" for c in CASES])
def test_vampir_walk_of_every_legal_action_gives_the_golden_counts(case: list[Any]) -> None:
    players, variant, depth, _, walk, _ = case
    assert golden_counts(GAME, players, variant, SEED, depth) == walk


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}j-{c[1]}" for c in CASES])
def test_vampir_random_games_to_the_end_give_the_golden_counts(case: list[Any]) -> None:
    players, variant, _, games, _, played = case
    assert golden_playouts(GAME, players, variant, SEED, games) == played
