"""Vaiko's journal, word for word: what the engine tells of seeded games and of the worked
examples, to the teacher and to each player, against ``tests/data/vaiko-journal.txt``.

The file was written by the engine before its events were typed (issue 61): the typed events
must tell exactly the same French. A sentence changed on purpose: ``python -m
tests.test_vaiko_journal`` writes the file anew from the engine as it is now, for the change to
be reviewed in the diff.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from tutor import rules
from tutor.games import GAMES, vaiko

FIXTURE = Path(__file__).with_name("data") / "vaiko-journal.txt"
NAMES = ("Alice", "Bruno", "Chloé", "Dario", "Émile", "Fanny")
GAMES_TOLD = (
    *((3, preset, 0, 1) for preset in ("standard", "pioche-ou-defausse", "sans-regard",
                                       "sans-effet-immediat", "egalite-stricte",
                                       "tour-de-table", "une-seule-carte",
                                       "speciale-remplacee")),
    (2, "standard", 0, 99),
    (6, "standard", 5, 99),  # a miss with no card left for a penalty, a reshuffle
)
"""The seeded games told: players, reading, which game of the seed, up to which manche (each
dealt with seed 1, its actions drawn uniformly by ``random.Random(1000 + game)``)."""


def _game(players: int, preset: str, k: int, manches: int) -> list[Any]:
    engine = GAMES["vaiko"].engine()
    state = engine.new_game(list(NAMES[:players]), seed=1,
                            variant=engine.Variant.preset(preset))
    rng = random.Random(1000 + k)
    events = list(engine.opening_events(state))
    while not engine.is_over(state) and state.manche <= manches:
        legal = engine.legal_actions(state, engine.current_seats(state)[0])
        state, told = engine.apply(state, legal[rng.randrange(len(legal))])
        events.extend(told)
    return events


def _told(events: Sequence[Any], seats: Sequence[str]) -> Iterator[str]:
    """Each event's clause and what the teacher reads, then what each player reads when it is
    not the same."""
    for event in events:
        said = vaiko.GAME.describe(event)
        yield f"{event.clause} | {said}"
        for seat in seats:
            theirs = vaiko.GAME.describe(event, seat)
            if theirs != said:
                yield f"    {seat} : {theirs}"


def journal_events() -> Iterator[tuple[str, list[Any], tuple[str, ...]]]:
    """The stretches of events the journal file tells: a title, the events, their readers."""
    for players, preset, k, manches in GAMES_TOLD:
        yield (f"partie {k} à {players} joueurs, lecture {preset}",
               _game(players, preset, k, manches), NAMES[:players])
    engine = GAMES["vaiko"].engine()
    for example_id, example in rules.load("vaiko").examples.items():
        if example.data.get("type") != "scenario":
            run = engine.run_example(example.data)
            yield (f"exemple {example_id}", list(run.events), ("Alex", "Bea", "Carla"))


def journal() -> list[str]:
    """The journal file's lines, as the engine tells them now."""
    lines = []
    for title, events, seats in journal_events():
        lines.append(f"## {title}")
        lines.extend(_told(events, seats))
    return lines


def test_the_journal_of_seeded_games_and_worked_examples_is_unchanged() -> None:
    kept = FIXTURE.read_text(encoding="utf-8").splitlines()
    now = journal()
    first = next((k for k, (a, b) in enumerate(zip(kept, now)) if a != b), None)
    assert first is None, f"ligne {first + 1} :\n  avant : {kept[first]}\n  après : {now[first]}"
    assert len(now) == len(kept)


def test_the_journal_tells_every_kind_of_vaiko_event() -> None:
    from tutor.games.vaiko.events import VaikoEvent

    told = {type(e) for _, events, _ in journal_events() for e in events}
    assert told == set(VaikoEvent.__args__), set(VaikoEvent.__args__) ^ told
    # a player is told less than the teacher somewhere (a face they did not see)
    assert any(line.startswith("    ") for line in FIXTURE.read_text(encoding="utf-8").split("\n"))


if __name__ == "__main__":
    FIXTURE.write_text("\n".join(journal()) + "\n", encoding="utf-8")
