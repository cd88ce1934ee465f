"""Golden counts of Vaiko (:mod:`tests.golden`), computed once on main's engine before its
« Conseil » playouts were made to run through it (issue 61, its ``rollout.py`` removed):
every reading's walk of every legal action 5 actions deep at 3 players (6 deep for the
standard reading, and at 2 players; 5 deep at 6 players), and 20 seeded random games to the end
(10 at 6 players).
A change in the rules, the legal actions, the events (by clause) or the outcomes changes a
count."""

from __future__ import annotations

from typing import Any

import pytest

from .golden import golden_counts, golden_playouts

GAME = "vaiko"
SEED = 1

CASES: list[list[Any]] = [
    [
        3,
        "standard",
        6,
        20,
        {
            "states": 7893,
            "distinct": 62,
            "leaves": 7360,
            "over": 0,
            "legal": 7892,
            "events": {
                "discard vaiko/echange-ou-defausse": 64,
                "draw vaiko/pioche": 64,
                "exchange vaiko/echange": 6144,
                "look_hand vaiko/ne-pas-regarder": 64,
                "miss vaiko/erreur": 768,
                "pass vaiko/defausse-immediate": 192,
                "peek vaiko/premier-regard": 84,
                "peek_turn vaiko/premier-regard": 20,
                "penalty vaiko/erreur": 768,
                "special vaiko/echange": 192,
                "swap vaiko/echange-ou-defausse": 512,
                "turn vaiko/sens": 64,
                "window vaiko/defausse-immediate": 6528
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 967,
            "distinct": 837,
            "leaves": 20,
            "over": 20,
            "legal": 5871,
            "events": {
                "again vaiko/x2": 3,
                "bonus vaiko/bonus": 5,
                "deal vaiko/donne": 17,
                "discard vaiko/echange-ou-defausse": 20,
                "draw vaiko/pioche": 144,
                "end_turn vaiko/annonce": 30,
                "exchange vaiko/echange": 15,
                "first_discard vaiko/donne": 17,
                "game_over vaiko/fin": 20,
                "look_hand vaiko/ne-pas-regarder": 22,
                "malus vaiko/malus": 32,
                "match vaiko/defausse-immediate": 21,
                "miss vaiko/erreur": 350,
                "new_round vaiko/total": 17,
                "pass vaiko/defausse-immediate": 73,
                "peek vaiko/premier-regard": 111,
                "peek_turn vaiko/premier-regard": 91,
                "penalty vaiko/erreur": 350,
                "points vaiko/decompte": 37,
                "reveal vaiko/decompte": 37,
                "round_end vaiko/fin-annonce": 37,
                "shuffle vaiko/donne": 17,
                "special vaiko/defausse-immediate": 2,
                "special vaiko/echange": 13,
                "swap vaiko/echange-ou-defausse": 124,
                "totals vaiko/total": 37,
                "turn vaiko/sens": 141,
                "vaiko vaiko/annonce": 37,
                "window vaiko/defausse-immediate": 141
            },
            "outcomes": {
                "Alice vaiko/fin": 4,
                "Bruno vaiko/fin": 1,
                "Chloé vaiko/fin": 15
            },
            "scores": {
                "Alice": 1697,
                "Bruno": 1848,
                "Chloé": 1313
            }
        }
    ],
    [
        3,
        "pioche-ou-defausse",
        5,
        20,
        {
            "states": 917,
            "distinct": 16,
            "leaves": 704,
            "over": 0,
            "legal": 916,
            "events": {
                "discard vaiko/echange-ou-defausse": 64,
                "draw vaiko/pioche": 64,
                "draw vaiko/variante-defausse": 64,
                "look_hand vaiko/ne-pas-regarder": 128,
                "peek vaiko/premier-regard": 84,
                "peek_turn vaiko/premier-regard": 20,
                "special vaiko/echange": 192,
                "swap vaiko/echange-ou-defausse": 512,
                "turn vaiko/sens": 64,
                "window vaiko/defausse-immediate": 384
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 1036,
            "distinct": 919,
            "leaves": 20,
            "over": 20,
            "legal": 6966,
            "events": {
                "again vaiko/x2": 2,
                "bonus vaiko/bonus": 11,
                "deal vaiko/donne": 20,
                "discard vaiko/echange-ou-defausse": 12,
                "draw vaiko/pioche": 73,
                "draw vaiko/variante-defausse": 80,
                "end_turn vaiko/annonce": 31,
                "exchange vaiko/echange": 21,
                "first_discard vaiko/donne": 20,
                "game_over vaiko/fin": 20,
                "look_hand vaiko/ne-pas-regarder": 25,
                "malus vaiko/malus": 29,
                "match vaiko/defausse-immediate": 20,
                "miss vaiko/erreur": 371,
                "new_round vaiko/total": 20,
                "pass vaiko/defausse-immediate": 82,
                "peek vaiko/premier-regard": 120,
                "peek_turn vaiko/premier-regard": 100,
                "penalty vaiko/erreur": 371,
                "points vaiko/decompte": 40,
                "reveal vaiko/decompte": 40,
                "round_end vaiko/fin-annonce": 40,
                "shuffle vaiko/donne": 20,
                "special vaiko/defausse-immediate": 2,
                "special vaiko/echange": 19,
                "swap vaiko/echange-ou-defausse": 141,
                "totals vaiko/total": 40,
                "turn vaiko/sens": 151,
                "vaiko vaiko/annonce": 40,
                "window vaiko/defausse-immediate": 151
            },
            "outcomes": {
                "Alice vaiko/fin": 5,
                "Bruno vaiko/fin": 4,
                "Chloé vaiko/fin": 11
            },
            "scores": {
                "Alice": 1621,
                "Bruno": 1853,
                "Chloé": 1449
            }
        }
    ],
    [
        3,
        "sans-regard",
        5,
        20,
        {
            "states": 469,
            "distinct": 9,
            "leaves": 320,
            "over": 0,
            "legal": 468,
            "events": {
                "discard vaiko/echange-ou-defausse": 64,
                "draw vaiko/pioche": 64,
                "peek vaiko/premier-regard": 84,
                "peek_turn vaiko/premier-regard": 20,
                "special vaiko/echange": 128,
                "swap vaiko/echange-ou-defausse": 256,
                "turn vaiko/sens": 64,
                "window vaiko/defausse-immediate": 192
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 1011,
            "distinct": 884,
            "leaves": 20,
            "over": 20,
            "legal": 6454,
            "events": {
                "again vaiko/x2": 4,
                "bonus vaiko/bonus": 10,
                "deal vaiko/donne": 19,
                "discard vaiko/echange-ou-defausse": 24,
                "draw vaiko/pioche": 154,
                "end_turn vaiko/annonce": 33,
                "exchange vaiko/echange": 18,
                "first_discard vaiko/donne": 19,
                "game_over vaiko/fin": 20,
                "look vaiko/vision": 1,
                "malus vaiko/malus": 29,
                "match vaiko/defausse-immediate": 25,
                "miss vaiko/erreur": 364,
                "new_round vaiko/total": 19,
                "pass vaiko/defausse-immediate": 86,
                "peek vaiko/premier-regard": 117,
                "peek_turn vaiko/premier-regard": 97,
                "penalty vaiko/erreur": 364,
                "points vaiko/decompte": 39,
                "reveal vaiko/decompte": 39,
                "round_end vaiko/fin-annonce": 39,
                "shuffle vaiko/donne": 19,
                "special vaiko/defausse-immediate": 2,
                "special vaiko/echange": 16,
                "special vaiko/vision": 1,
                "swap vaiko/echange-ou-defausse": 130,
                "totals vaiko/total": 39,
                "turn vaiko/sens": 150,
                "vaiko vaiko/annonce": 39,
                "window vaiko/defausse-immediate": 150
            },
            "outcomes": {
                "Alice vaiko/fin": 4,
                "Alice+Chloé vaiko/fin": 1,
                "Bruno vaiko/fin": 2,
                "Chloé vaiko/fin": 13
            },
            "scores": {
                "Alice": 1714,
                "Bruno": 1907,
                "Chloé": 1417
            }
        }
    ],
    [
        3,
        "sans-effet-immediat",
        5,
        20,
        {
            "states": 533,
            "distinct": 10,
            "leaves": 384,
            "over": 0,
            "legal": 532,
            "events": {
                "discard vaiko/echange-ou-defausse": 64,
                "draw vaiko/pioche": 64,
                "look_hand vaiko/ne-pas-regarder": 64,
                "peek vaiko/premier-regard": 84,
                "peek_turn vaiko/premier-regard": 20,
                "special vaiko/echange": 128,
                "swap vaiko/echange-ou-defausse": 256,
                "turn vaiko/sens": 64,
                "window vaiko/defausse-immediate": 192
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 957,
            "distinct": 827,
            "leaves": 20,
            "over": 20,
            "legal": 5659,
            "events": {
                "again vaiko/x2": 3,
                "bonus vaiko/bonus": 4,
                "deal vaiko/donne": 16,
                "discard vaiko/echange-ou-defausse": 21,
                "draw vaiko/pioche": 143,
                "end_turn vaiko/annonce": 32,
                "exchange vaiko/echange": 12,
                "first_discard vaiko/donne": 16,
                "game_over vaiko/fin": 20,
                "look_hand vaiko/ne-pas-regarder": 22,
                "malus vaiko/malus": 32,
                "match vaiko/defausse-immediate": 21,
                "miss vaiko/erreur": 349,
                "new_round vaiko/total": 16,
                "pass vaiko/defausse-immediate": 71,
                "peek vaiko/premier-regard": 108,
                "peek_turn vaiko/premier-regard": 88,
                "penalty vaiko/erreur": 349,
                "points vaiko/decompte": 36,
                "reveal vaiko/decompte": 36,
                "round_end vaiko/fin-annonce": 36,
                "shuffle vaiko/donne": 16,
                "special vaiko/echange": 12,
                "special_ignored vaiko/variante-effet-immediat": 2,
                "swap vaiko/echange-ou-defausse": 122,
                "totals vaiko/total": 36,
                "turn vaiko/sens": 140,
                "vaiko vaiko/annonce": 36,
                "window vaiko/defausse-immediate": 140
            },
            "outcomes": {
                "Alice vaiko/fin": 4,
                "Bruno vaiko/fin": 1,
                "Chloé vaiko/fin": 15
            },
            "scores": {
                "Alice": 1694,
                "Bruno": 1803,
                "Chloé": 1305
            }
        }
    ],
    [
        3,
        "egalite-stricte",
        5,
        20,
        {
            "states": 533,
            "distinct": 10,
            "leaves": 384,
            "over": 0,
            "legal": 532,
            "events": {
                "discard vaiko/echange-ou-defausse": 64,
                "draw vaiko/pioche": 64,
                "look_hand vaiko/ne-pas-regarder": 64,
                "peek vaiko/premier-regard": 84,
                "peek_turn vaiko/premier-regard": 20,
                "special vaiko/echange": 128,
                "swap vaiko/echange-ou-defausse": 256,
                "turn vaiko/sens": 64,
                "window vaiko/defausse-immediate": 192
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 967,
            "distinct": 837,
            "leaves": 20,
            "over": 20,
            "legal": 5871,
            "events": {
                "again vaiko/x2": 3,
                "bonus vaiko/bonus": 5,
                "deal vaiko/donne": 17,
                "discard vaiko/echange-ou-defausse": 20,
                "draw vaiko/pioche": 144,
                "end_turn vaiko/annonce": 30,
                "exchange vaiko/echange": 15,
                "first_discard vaiko/donne": 17,
                "game_over vaiko/fin": 20,
                "look_hand vaiko/ne-pas-regarder": 22,
                "malus vaiko/malus": 32,
                "match vaiko/defausse-immediate": 21,
                "miss vaiko/erreur": 350,
                "new_round vaiko/total": 17,
                "pass vaiko/defausse-immediate": 73,
                "peek vaiko/premier-regard": 111,
                "peek_turn vaiko/premier-regard": 91,
                "penalty vaiko/erreur": 350,
                "points vaiko/decompte": 37,
                "reveal vaiko/decompte": 37,
                "round_end vaiko/fin-annonce": 37,
                "shuffle vaiko/donne": 17,
                "special vaiko/defausse-immediate": 2,
                "special vaiko/echange": 13,
                "swap vaiko/echange-ou-defausse": 124,
                "totals vaiko/total": 37,
                "turn vaiko/sens": 141,
                "vaiko vaiko/annonce": 37,
                "window vaiko/defausse-immediate": 141
            },
            "outcomes": {
                "Alice vaiko/fin": 4,
                "Bruno vaiko/fin": 1,
                "Chloé vaiko/fin": 15
            },
            "scores": {
                "Alice": 1697,
                "Bruno": 1848,
                "Chloé": 1313
            }
        }
    ],
    [
        3,
        "tour-de-table",
        5,
        20,
        {
            "states": 533,
            "distinct": 10,
            "leaves": 384,
            "over": 0,
            "legal": 532,
            "events": {
                "discard vaiko/echange-ou-defausse": 64,
                "draw vaiko/pioche": 64,
                "look_hand vaiko/ne-pas-regarder": 64,
                "peek vaiko/premier-regard": 84,
                "peek_turn vaiko/premier-regard": 20,
                "special vaiko/echange": 128,
                "swap vaiko/echange-ou-defausse": 256,
                "turn vaiko/sens": 64,
                "window vaiko/defausse-immediate": 192
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 915,
            "distinct": 785,
            "leaves": 20,
            "over": 20,
            "legal": 5281,
            "events": {
                "again vaiko/x2": 5,
                "bonus vaiko/bonus": 11,
                "deal vaiko/donne": 19,
                "discard vaiko/echange-ou-defausse": 19,
                "draw vaiko/pioche": 134,
                "end_turn vaiko/annonce": 28,
                "exchange vaiko/echange": 14,
                "first_discard vaiko/donne": 19,
                "game_over vaiko/fin": 20,
                "look vaiko/vision": 1,
                "look_hand vaiko/ne-pas-regarder": 19,
                "malus vaiko/malus": 28,
                "match vaiko/defausse-immediate": 22,
                "miss vaiko/erreur": 314,
                "new_round vaiko/total": 19,
                "pass vaiko/defausse-immediate": 73,
                "peek vaiko/premier-regard": 117,
                "peek_turn vaiko/premier-regard": 97,
                "penalty vaiko/erreur": 314,
                "points vaiko/decompte": 39,
                "reveal vaiko/decompte": 39,
                "round_end vaiko/variante-tour-de-table": 39,
                "shuffle vaiko/donne": 19,
                "special vaiko/defausse-immediate": 2,
                "special vaiko/echange": 12,
                "special vaiko/vision": 1,
                "swap vaiko/echange-ou-defausse": 115,
                "totals vaiko/total": 39,
                "turn vaiko/sens": 129,
                "vaiko vaiko/annonce": 39,
                "window vaiko/defausse-immediate": 129
            },
            "outcomes": {
                "Alice vaiko/fin": 3,
                "Bruno vaiko/fin": 2,
                "Chloé vaiko/fin": 15
            },
            "scores": {
                "Alice": 1616,
                "Bruno": 1792,
                "Chloé": 1207
            }
        }
    ],
    [
        3,
        "une-seule-carte",
        5,
        20,
        {
            "states": 533,
            "distinct": 10,
            "leaves": 384,
            "over": 0,
            "legal": 532,
            "events": {
                "discard vaiko/echange-ou-defausse": 64,
                "draw vaiko/pioche": 64,
                "look_hand vaiko/ne-pas-regarder": 64,
                "peek vaiko/premier-regard": 84,
                "peek_turn vaiko/premier-regard": 20,
                "special vaiko/echange": 128,
                "swap vaiko/echange-ou-defausse": 256,
                "turn vaiko/sens": 64,
                "window vaiko/defausse-immediate": 192
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 980,
            "distinct": 850,
            "leaves": 20,
            "over": 20,
            "legal": 5999,
            "events": {
                "again vaiko/x2": 4,
                "bonus vaiko/bonus": 7,
                "deal vaiko/donne": 15,
                "discard vaiko/echange-ou-defausse": 23,
                "draw vaiko/pioche": 151,
                "end_turn vaiko/annonce": 42,
                "exchange vaiko/echange": 15,
                "first_discard vaiko/donne": 15,
                "game_over vaiko/fin": 20,
                "look vaiko/vision": 1,
                "look_hand vaiko/ne-pas-regarder": 19,
                "malus vaiko/malus": 28,
                "match vaiko/defausse-immediate": 22,
                "match_once vaiko/variante-une-seule-carte": 22,
                "miss vaiko/erreur": 350,
                "new_round vaiko/total": 15,
                "pass vaiko/defausse-immediate": 69,
                "peek vaiko/premier-regard": 105,
                "peek_turn vaiko/premier-regard": 85,
                "penalty vaiko/erreur": 350,
                "points vaiko/decompte": 35,
                "reveal vaiko/decompte": 35,
                "round_end vaiko/fin-annonce": 35,
                "shuffle vaiko/donne": 15,
                "special vaiko/defausse-immediate": 2,
                "special vaiko/echange": 13,
                "special vaiko/vision": 1,
                "swap vaiko/echange-ou-defausse": 128,
                "totals vaiko/total": 35,
                "turn vaiko/sens": 147,
                "vaiko vaiko/annonce": 35,
                "window vaiko/defausse-immediate": 147
            },
            "outcomes": {
                "Alice vaiko/fin": 4,
                "Bruno vaiko/fin": 2,
                "Chloé vaiko/fin": 14
            },
            "scores": {
                "Alice": 1653,
                "Bruno": 1749,
                "Chloé": 1275
            }
        }
    ],
    [
        3,
        "speciale-remplacee",
        5,
        20,
        {
            "states": 533,
            "distinct": 11,
            "leaves": 384,
            "over": 0,
            "legal": 532,
            "events": {
                "discard vaiko/echange-ou-defausse": 64,
                "draw vaiko/pioche": 64,
                "look_hand vaiko/ne-pas-regarder": 64,
                "peek vaiko/premier-regard": 84,
                "peek_turn vaiko/premier-regard": 20,
                "special vaiko/echange": 64,
                "special_swapped_ignored vaiko/variante-speciale-remplacee": 64,
                "swap vaiko/echange-ou-defausse": 256,
                "turn vaiko/sens": 64,
                "window vaiko/defausse-immediate": 256
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 1019,
            "distinct": 885,
            "leaves": 20,
            "over": 20,
            "legal": 5176,
            "events": {
                "again vaiko/x2": 3,
                "bonus vaiko/bonus": 5,
                "deal vaiko/donne": 18,
                "discard vaiko/echange-ou-defausse": 23,
                "draw vaiko/pioche": 153,
                "end_turn vaiko/annonce": 36,
                "exchange vaiko/echange": 4,
                "first_discard vaiko/donne": 18,
                "game_over vaiko/fin": 20,
                "look vaiko/vision": 1,
                "look_hand vaiko/ne-pas-regarder": 22,
                "malus vaiko/malus": 33,
                "match vaiko/defausse-immediate": 28,
                "miss vaiko/erreur": 365,
                "new_round vaiko/total": 18,
                "pass vaiko/defausse-immediate": 85,
                "peek vaiko/premier-regard": 114,
                "peek_turn vaiko/premier-regard": 94,
                "penalty vaiko/erreur": 365,
                "points vaiko/decompte": 38,
                "reveal vaiko/decompte": 38,
                "round_end vaiko/fin-annonce": 38,
                "shuffle vaiko/donne": 18,
                "special vaiko/defausse-immediate": 2,
                "special vaiko/echange": 2,
                "special vaiko/vision": 1,
                "special_swapped_ignored vaiko/variante-speciale-remplacee": 12,
                "swap vaiko/echange-ou-defausse": 130,
                "totals vaiko/total": 38,
                "turn vaiko/sens": 150,
                "vaiko vaiko/annonce": 38,
                "window vaiko/defausse-immediate": 150
            },
            "outcomes": {
                "Alice vaiko/fin": 3,
                "Bruno vaiko/fin": 1,
                "Chloé vaiko/fin": 16
            },
            "scores": {
                "Alice": 1759,
                "Bruno": 1910,
                "Chloé": 1313
            }
        }
    ],
    [
        2,
        "standard",
        6,
        20,
        {
            "states": 4149,
            "distinct": 77,
            "leaves": 3376,
            "over": 0,
            "legal": 4148,
            "events": {
                "discard vaiko/echange-ou-defausse": 16,
                "draw vaiko/pioche": 16,
                "exchange vaiko/echange": 512,
                "look_hand vaiko/ne-pas-regarder": 16,
                "match vaiko/defausse-immediate": 160,
                "miss vaiko/erreur": 2592,
                "pass vaiko/defausse-immediate": 688,
                "peek vaiko/premier-regard": 20,
                "peek_turn vaiko/premier-regard": 4,
                "penalty vaiko/erreur": 2592,
                "special vaiko/echange": 32,
                "swap vaiko/echange-ou-defausse": 128,
                "turn vaiko/sens": 16,
                "window vaiko/defausse-immediate": 624
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 776,
            "distinct": 649,
            "leaves": 20,
            "over": 20,
            "legal": 3709,
            "events": {
                "again vaiko/x2": 1,
                "bonus vaiko/bonus": 24,
                "deal vaiko/donne": 24,
                "discard vaiko/echange-ou-defausse": 17,
                "draw vaiko/pioche": 133,
                "end_turn vaiko/annonce": 44,
                "exchange vaiko/echange": 14,
                "first_discard vaiko/donne": 24,
                "game_over vaiko/fin": 20,
                "look vaiko/vision": 2,
                "look_hand vaiko/ne-pas-regarder": 24,
                "malus vaiko/malus": 20,
                "match vaiko/defausse-immediate": 10,
                "miss vaiko/erreur": 214,
                "new_round vaiko/total": 24,
                "pass vaiko/defausse-immediate": 50,
                "peek vaiko/premier-regard": 88,
                "peek_turn vaiko/premier-regard": 68,
                "penalty vaiko/erreur": 214,
                "points vaiko/decompte": 44,
                "reveal vaiko/decompte": 44,
                "round_end vaiko/fin-annonce": 44,
                "shuffle vaiko/donne": 24,
                "special vaiko/echange": 14,
                "special vaiko/vision": 2,
                "swap vaiko/echange-ou-defausse": 116,
                "totals vaiko/total": 44,
                "turn vaiko/sens": 132,
                "vaiko vaiko/annonce": 44,
                "window vaiko/defausse-immediate": 132
            },
            "outcomes": {
                "Alice vaiko/fin": 11,
                "Bruno vaiko/fin": 9
            },
            "scores": {
                "Alice": 1582,
                "Bruno": 1599
            }
        }
    ],
    [
        6,
        "standard",
        5,
        10,
        {
            "states": 1365,
            "distinct": 6,
            "leaves": 1024,
            "over": 0,
            "legal": 1364,
            "events": {
                "peek vaiko/premier-regard": 1364,
                "peek_turn vaiko/premier-regard": 1364
            },
            "outcomes": {},
            "scores": {}
        },
        {
            "states": 727,
            "distinct": 634,
            "leaves": 10,
            "over": 10,
            "legal": 10058,
            "events": {
                "again vaiko/x2": 4,
                "bonus vaiko/bonus": 2,
                "deal vaiko/donne": 1,
                "discard vaiko/echange-ou-defausse": 9,
                "draw vaiko/pioche": 75,
                "end_turn vaiko/annonce": 15,
                "exchange vaiko/echange": 13,
                "first_discard vaiko/donne": 1,
                "game_over vaiko/fin": 10,
                "look vaiko/vision": 8,
                "look_hand vaiko/ne-pas-regarder": 10,
                "malus vaiko/malus": 9,
                "match vaiko/defausse-immediate": 18,
                "miss vaiko/erreur": 359,
                "new_round vaiko/total": 1,
                "no_penalty vaiko/erreur": 13,
                "pass vaiko/defausse-immediate": 67,
                "peek vaiko/premier-regard": 66,
                "peek_turn vaiko/premier-regard": 56,
                "penalty vaiko/erreur": 346,
                "points vaiko/decompte": 11,
                "reshuffle vaiko/pioche-epuisee": 19,
                "reveal vaiko/decompte": 11,
                "round_end vaiko/fin-annonce": 8,
                "round_end vaiko/pioche-epuisee": 3,
                "shuffle vaiko/donne": 1,
                "special vaiko/defausse-immediate": 4,
                "special vaiko/echange": 11,
                "special vaiko/vision": 6,
                "swap vaiko/echange-ou-defausse": 66,
                "totals vaiko/total": 11,
                "turn vaiko/sens": 71,
                "vaiko vaiko/annonce": 11,
                "window vaiko/defausse-immediate": 71
            },
            "outcomes": {
                "Bruno vaiko/fin": 1,
                "Chloé vaiko/fin": 1,
                "Chloé+Fanny vaiko/fin": 1,
                "Dario vaiko/fin": 5,
                "Émile vaiko/fin": 2
            },
            "scores": {
                "Alice": 657,
                "Bruno": 671,
                "Chloé": 622,
                "Dario": 415,
                "Fanny": 664,
                "Émile": 625
            }
        }
    ]
]
"""Each case: the player count, the reading (a preset's name), the walk's depth, the number of
random games played to the end, then what :func:`golden_counts` and :func:`golden_playouts`
gave on main's engine."""


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}j-{c[1]}" for c in CASES])
def test_vaiko_walk_of_every_legal_action_gives_the_golden_counts(case: list[Any]) -> None:
    players, variant, depth, _, walk, _ = case
    assert golden_counts(GAME, players, variant, SEED, depth) == walk


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}j-{c[1]}" for c in CASES])
def test_vaiko_random_games_to_the_end_give_the_golden_counts(case: list[Any]) -> None:
    players, variant, _, games, _, played = case
    assert golden_playouts(GAME, players, variant, SEED, games) == played
