"""The forked worker of a « Conseil » (:mod:`tutor.engine.worker`) and the race that uses it: it
plays what it is asked and leaves, and a race that takes its rounds gives the hint it gives alone.

Nothing here waits a fixed time: each test waits for the worker's own answer (or its end), with
a ceiling only a broken worker reaches, since a worker runs at the lowest priority and a busy
machine may leave it little of a core."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tutor.engine import hints as hints_module
from tutor.engine import worker as worker_module
from tutor.engine.hints import Race
from tutor.engine.worker import Worker
from tutor.games import GAMES

pytestmark = pytest.mark.skipif(not worker_module.spare_core(),
                                reason="no fork or no second core here")

CEILING = 300.0  # seconds: only a worker that never answers comes near it
NAMES = ("Alex", "Bea", "Carla", "Dario", "Léo")


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie left to a parent that does not reap it
    counts as ended)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return "\nState:\tZ" in status


def wait_gone(pid: int) -> bool:
    deadline = time.monotonic() + CEILING
    while not gone(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def double(job: int) -> int:
    return 2 * job


def test_a_worker_plays_each_job_asked_and_is_collected_when_closed() -> None:
    worker = Worker.fork(double)
    assert worker is not None
    assert worker.answer() is None and not worker.ready()  # nothing asked yet
    assert worker.ask(21)
    assert worker.ready(CEILING)
    assert worker.answer() == (21, 42)
    assert worker.answer() is None  # one answer per job
    assert worker.ask(-4) and worker.ready(CEILING) and worker.answer() == (-4, -8)
    worker.close()
    assert gone(worker.pid) and not worker.alive
    with pytest.raises(ChildProcessError):
        os.waitpid(worker.pid, os.WNOHANG)  # already collected: no zombie left


def broken(job: Any) -> Any:
    raise ValueError(job)


def test_a_worker_whose_work_fails_is_gone_and_is_asked_nothing_more() -> None:
    worker = Worker.fork(broken)
    assert worker is not None
    assert worker.ask("x")
    assert worker.ready(CEILING)  # its pipe closed
    assert worker.answer() is None and not worker.alive
    assert not worker.ask("y")
    worker.close()
    assert gone(worker.pid)


def test_a_worker_leaves_when_the_process_that_forked_it_is_gone() -> None:
    # a kernel killed (culled, or past its memory) must not leave its worker behind
    script = ("import sys, time\n"
              "from tutor.engine.worker import Worker\n"
              "w = Worker.fork(abs)\n"
              "print(w.pid, flush=True)\n"
              "time.sleep(3600)\n")
    root = Path(__file__).resolve().parents[1]
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                              cwd=root, env={**os.environ, "PYTHONPATH": str(root)})
    try:
        assert parent.stdout is not None
        pid = int(parent.stdout.readline())
        assert not gone(pid)
    finally:
        parent.kill()
        parent.wait()
    assert wait_gone(pid)


def test_no_worker_where_fork_is_not_available_or_one_core(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    assert not worker_module.spare_core() and Worker.fork(double) is None
    monkeypatch.undo()
    monkeypatch.setattr(worker_module, "AVAILABLE", False)
    assert Worker.fork(double) is None
    engine = GAMES["vautours"].engine()
    view = engine.view(engine.new_game(list(NAMES[:3]), seed=2), "Alex")
    race = Race(engine, view, kind="prudent", seed=3, game_id="vautours", shown=True)
    timed = race.run_for(0.05)  # the race plays alone
    assert timed.budget is not None and race.helped == 0
    assert timed == hints_module.hints(engine, view, kind="prudent", seed=3, budget=timed.budget,
                                       game_id="vautours")


def mid_game(game: str, n: int, kind: str) -> tuple[Any, Any]:
    """The engine and the first seat's view at its first decision past the tenth action of a
    seeded game of random players."""
    engine = GAMES[game].engine()
    state = engine.new_game(list(NAMES[:n]), seed=5)
    make = engine.PLAYER_KINDS["hasard"][1]
    bots = {p: make(seed=k) for k, p in enumerate(NAMES[:n])}
    actions = 0
    while True:
        seat = engine.current_seats(state)[0]
        legal = engine.legal_actions(state, seat)
        if seat == NAMES[0] and len(legal) > 1 and actions >= 10:
            return engine, engine.view(state, seat)
        state, _ = engine.apply(state, bots[seat].choose(engine.view(state, seat), legal),
                                explain=False)
        actions += 1


@pytest.mark.parametrize(("game", "n", "kind"), [
    ("vautours", 3, "prudent"),  # its round's playouts are played together (rollouts)
    ("drahtseilakt", 4, "prudent"),
    ("vampir", 5, "stratege"),
    ("vaiko", 3, "memoire"),
])
def test_a_race_with_its_worker_gives_the_hint_it_gives_alone(game: str, n: int, kind: str
                                                              ) -> None:
    engine, view = mid_game(game, n, kind)
    alone = Race(engine, view, kind=kind, seed=4, game_id=game, shown=True)
    helped = Race(engine, view, kind=kind, seed=4, game_id=game, shown=True)
    helped._worker = worker = Worker.fork(helped._job)
    assert worker is not None
    try:
        # the worker's answer to round 0 has come before the race plays it: the race takes it
        # (waited for, so that the test does not depend on the machine's load)
        assert worker.ask((0, tuple(arm.key for arm in helped._to_play())))
        assert worker.ready(CEILING)
        helped.run(rounds=1)
        assert helped.helped == 1
        # then as fast as each plays: whoever gives a round first, the same playouts
        helped.run(budget=3000)
    finally:
        worker.close()
    assert gone(worker.pid)
    assert helped.run(budget=3000) == alone.run(budget=3000)  # (no worker left: it played on)
    assert helped.rounds == alone.rounds and helped.spent == alone.spent


def twin_races(game: str, kind: str) -> tuple[Race, Race, Worker]:
    """The same race twice at a 3-player mid-game position, the second with a forked worker
    (closed by the caller)."""
    engine, view = mid_game(game, 3, kind)
    alone = Race(engine, view, kind=kind, seed=2, game_id=game)
    helped = Race(engine, view, kind=kind, seed=2, game_id=game)
    helped._worker = worker = Worker.fork(helped._job)
    assert worker is not None
    return alone, helped, worker


def test_a_round_played_ahead_without_a_class_that_plays_is_dropped() -> None:
    alone, helped, worker = twin_races("vampir", "stratege")
    assert len(alone.arms) > 1
    fewer = tuple(helped.arms)[:-1]
    try:
        # round 1 played ahead for every class but one: it has come before the race plays
        # round 0, and round 1 plays them all
        assert worker.ask((1, fewer))
        assert worker.ready(CEILING)
        helped.run(rounds=1)
        assert (1, fewer) in helped._ready  # played, and not taken
        assert helped.run(rounds=6) == alone.run(rounds=6)
        assert len(helped._ready) <= 3 and all(job[0] >= 5 for job in helped._ready)
    finally:
        worker.close()


def test_a_round_played_ahead_for_more_classes_gives_those_that_play() -> None:
    alone, helped, worker = twin_races("vaiko", "memoire")
    assert len(alone.arms) > 2
    try:
        # round 1 played ahead for every class, in another order: it has come before the race
        # plays round 0
        assert worker.ask((1, tuple(reversed(helped.arms))))
        assert worker.ready(CEILING)
        for race in (alone, helped):
            race.run(rounds=1)
            # a class stops before round 1: round 1 is taken for the others, in their order
            next(iter(race.arms.values())).active = False
        helped.run(rounds=2)
        assert helped.helped >= 1 and not any(job[0] == 1 for job in helped._ready)
        assert helped.run(rounds=6) == alone.run(rounds=6)
    finally:
        worker.close()


def test_run_for_leaves_no_worker_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    forked: list[Worker] = []
    fork = Worker.fork

    def recorded(work: Any) -> Worker | None:
        worker = fork(work)
        if worker is not None:
            forked.append(worker)
        return worker

    monkeypatch.setattr(Worker, "fork", staticmethod(recorded))
    engine, view = mid_game("vampir", 5, "stratege")
    race = Race(engine, view, kind="stratege", seed=1, game_id="vampir", shown=True)
    timed = race.run_for(0.3)
    # a worker is forked once the first tenth has not answered (here, unless it has)
    assert len(forked) <= 1
    assert all(gone(worker.pid) for worker in forked) and race._worker is None
    for worker in forked:  # collected, not left a zombie
        with pytest.raises(ChildProcessError):
            os.waitpid(worker.pid, os.WNOHANG)
    assert timed.budget is not None
    assert timed == hints_module.hints(engine, view, kind="stratege", seed=1,
                                       budget=timed.budget, game_id="vampir")
    again = race.run_for(0.3)  # « Affiner »: another worker, collected as well
    assert len(forked) <= 2 and all(gone(worker.pid) for worker in forked)
    assert again == hints_module.hints(engine, view, kind="stratege", seed=1,
                                       budget=again.budget, game_id="vampir")
