"""Playing a card in Drahtseilakt, the rules of :class:`Turns`: :meth:`Turns.step` resolves the
trick, hands out the sticks, ends the trick, the manche and the game; :meth:`Turns.outcome`."""

from __future__ import annotations

from operator import attrgetter, itemgetter

from tutor import fr
from tutor.engine import IllegalAction, Outcome, Won, best_totals
from tutor.games.drahtseilakt.core import (
    C_CHAOTIC,
    C_CLEAN,
    C_END,
    C_LATE_PAIRS,
    C_MANCHE_END,
    C_PAIRS,
    C_PLAY,
    C_SHORT,
    C_TRICK_END,
    C_UNLIMITED,
    STICKS_PER_COLOUR,
    TRICKS,
    Stake,
    Variant,
    is_int,
    resolve,
    target,
    turn,
    unpaired,
    winners,
)
from tutor.games.drahtseilakt.core import _cancellation as cancellation
from tutor.games.drahtseilakt.engine import (
    Play,
    State,
    Table,
    manche_events,
    start_manche,
)
from tutor.games.drahtseilakt.events import (
    Chose,
    CleanManche,
    Colour,
    DrahtseilaktEvent,
    MancheEnds,
    PairsBack,
    Played,
    ReserveShort,
    Shown,
    Tokens,
    Totalled,
    TrickEnds,
)

# --- playing -----------------------------------------------------------------------------------


_card_of = attrgetter("card")
"""A play's card."""

_card_played = itemgetter(1)
"""The card of a trick's (player, card) pair."""


def _give(variant: Variant, players: tuple[str, ...], red: list[int], blue: list[int], seat: int,
          colour: Colour, count: int, events: list[DrahtseilaktEvent], explain: bool) -> None:
    """Hand ``count`` sticks of ``colour`` to ``seat`` from the reserve, then settle pairs
    (``red`` and ``blue``, the sticks held, are updated in place)."""
    held = blue if colour == "blue" else red
    left = STICKS_PER_COLOUR - sum(held)
    if count > left:
        name = players[seat]
        if variant.supply == "finite":
            if explain:
                events.append(ReserveShort(seat=name, colour=colour, wanted=count,
                                           got=max(0, left), clause=C_SHORT))
            count = max(0, left)
        elif explain:
            events.append(Tokens(seat=name, colour=colour, missing=count - max(0, left),
                                 clause=C_UNLIMITED))
    held[seat] += count
    if red[seat] and blue[seat] and variant.pairs == "immediate":
        r, b = unpaired(red[seat], blue[seat])
        if explain:
            events.append(PairsBack(seat=players[seat], pairs=red[seat] - r, red=r, blue=b,
                                    clause=C_PAIRS))
        red[seat], blue[seat] = r, b


def _end_of_trick(state: State, events: list[DrahtseilaktEvent], explain: bool
                  ) -> tuple[State, tuple[DrahtseilaktEvent, ...]]:
    (variant, players, record, first_dealer, manche, hands, score_deck, revealed, stake, _leader,
     trick, tricks, discard, red_held, blue_held, history, cancelled) = state
    if explain and variant.play == "simultaneous":
        events.append(Shown(plays=trick, clause=C_CHAOTIC))
    value, pays_blue, pays_red = stake
    highest, lowest, to_blue, to_red, resolved = resolve(trick, value, pays_blue, pays_red,
                                                         explain)
    hi = players.index(highest)
    red, blue = [*red_held], [*blue_held]
    if explain:
        events.extend(resolved)
    if to_blue:
        _give(variant, players, red, blue, hi, "blue", to_blue, events, explain)
    if to_red:
        _give(variant, players, red, blue, players.index(lowest), "red", to_red, events, explain)
    tricks += 1
    if explain:
        events.append(TrickEnds(seat=highest, plays=trick, last=tricks == TRICKS,
                                clause=C_TRICK_END))
    if tricks < TRICKS:
        value, pays_blue, pays_red, turned, rest, more = turn(score_deck, explain)
        if explain:
            events.extend(more)
        new = tuple.__new__(State, (
            variant, players, record, first_dealer, manche, hands, rest, revealed + turned,
            tuple.__new__(Stake, (value, pays_blue, pays_red)), hi, (), tricks,
            (*discard, *map(_card_played, trick)), (*red,), (*blue,), history, cancelled))
        return new, tuple(events)
    return _end_of_manche(state, red, blue, events, explain)


def _end_of_manche(state: State, red: list[int], blue: list[int],
                   events: list[DrahtseilaktEvent], explain: bool
                   ) -> tuple[State, tuple[DrahtseilaktEvent, ...]]:
    players = state.players
    if state.variant.pairs == "end_of_manche":
        for i, name in enumerate(players):
            if red[i] and blue[i]:
                r, b = unpaired(red[i], blue[i])
                if explain:
                    events.append(PairsBack(seat=name, pairs=red[i] - r, red=r, blue=b,
                                            clause=C_LATE_PAIRS))
                red[i], blue[i] = r, b
    scores = [r + b for r, b in zip(red, blue)]
    history = tuple(h + (s,) for h, s in zip(state.history, scores))
    if explain:
        events.append(MancheEnds(manche=state.manche + 1, players=players, red=tuple(red),
                                 blue=tuple(blue), scores=tuple(scores), clause=C_MANCHE_END))
    cancelled = list(state.cancelled)
    if state.manche > 0:
        for i, name in enumerate(players):
            if scores[i]:
                continue
            found = cancellation(state.history[i], state.cancelled[i])
            if found is not None:
                cancelled[i] = cancelled[i] + (found,)
            if explain:
                events.append(CleanManche(seat=name, manche=state.manche + 1,
                                          target=target(found, state.history[i]),
                                          clause=C_CLEAN))
    manche = state.manche + 1
    if manche < len(players):
        new = start_manche(state.variant, players, state.record, state.first_dealer, manche,
                            history, tuple(cancelled))
        if explain:
            events.extend(manche_events(new))
        return new, tuple(events)
    n = len(players)
    new = state._replace(manche=manche, hands=((),) * n, trick=(), tricks=TRICKS,
                         discard=state.discard + tuple(c for _, c in state.trick),
                         red=(0,) * n, blue=(0,) * n, history=history,
                         cancelled=tuple(cancelled))
    if explain:
        events.extend(_final_events(new))
    return new, tuple(events)


def totals(state: State) -> dict[str, int]:
    """Each player's total so far: the finished manches that are not cancelled."""
    return {p: sum(s for k, s in enumerate(h) if k not in c)
            for p, h, c in zip(state.players, state.history, state.cancelled)}


def _final_events(state: State) -> list[DrahtseilaktEvent]:
    result = winners(totals(state))  # the outcome, the game being over
    return [
        Totalled(players=state.players, scores=state.history, cancelled=state.cancelled,
                 totals=tuple(result.scores[p] for p in state.players), clause=C_END),
        Won(outcome=result, clause=result.clause),
    ]


class Turns(Table):
    """The rules of Drahtseilakt, as methods of the game's class (:class:`~.game.Drahtseilakt`):
    playing a card, the trick, the manche and the end of the game, over :class:`.engine.Table`'s
    set-up, turns and views; the helpers above stay functions."""

    def is_legal(self, state: State, action: object) -> bool:
        """Whether ``action`` is one of the legal actions now."""
        # the legal actions are all the seat's plays: ``action`` is one of them when its card is
        # (the cards compared as ints, without a dataclass comparison per play)
        return (type(action) is Play and type(action.seat) is str and is_int(action.card)
                and action.card in map(_card_of, self.legal_actions(state, action.seat)))

    def step(self, state: State, action: Play, explain: bool
             ) -> tuple[State, tuple[DrahtseilaktEvent, ...]]:
        """Play the legal ``action`` and return the new state and what happened.

        The card leaves the hand and joins the trick (``drahtseilakt/jouer``; hidden until all
        have chosen in ``drahtseilakt/variante-chaotique``). The last card of a trick resolves it
        (:func:`~tutor.games.drahtseilakt.core.resolve`), hands out the sticks from the reserve
        (``drahtseilakt/bleus`` first, then ``drahtseilakt/rouges``;
        ``drahtseilakt/reserve-epuisee``), gives pairs back (``drahtseilakt/paires``), discards
        the cards and lets the highest card lead (``drahtseilakt/fin-de-pli``), then turns the next
        score card, or ends the manche (``drahtseilakt/fin-de-manche``) or the game.
        ``explain=False`` skips building the events (simulations); the resulting state is the
        same.
        """
        (variant, players, record, first_dealer, manche, hands, score_deck, revealed, stake, leader,
         trick, tricks, discard, red, blue, history, cancelled) = state
        seat, card = action.seat, action.card
        i = players.index(seat)
        hand = hands[i]
        k = hand.index(card)
        changed = list(hands)
        changed[i] = hand[:k] + hand[k + 1:]
        trick = (*trick, (seat, card))
        # the new state, built as a plain tuple (``_replace`` costs more than the step itself)
        new = tuple.__new__(State, (variant, players, record, first_dealer, manche,
                                    tuple(changed), score_deck, revealed, stake, leader, trick,
                                    tricks, discard, red, blue, history, cancelled))
        if not explain:
            return (new, ()) if len(trick) < len(players) else _end_of_trick(new, [], False)
        events: list[DrahtseilaktEvent] = []
        if variant.play == "simultaneous":
            events.append(Chose(seat=seat, card=card, clause=C_CHAOTIC))
        else:
            events.append(Played(seat=seat, card=card, position=len(trick), clause=C_PLAY))
        if len(trick) < len(players):
            return new, tuple(events)
        return _end_of_trick(new, events, explain)

    def outcome(self, state: State) -> Outcome:
        """The final totals and winners (``drahtseilakt/fin``, ``drahtseilakt/vainqueur``)."""
        if not self.is_over(state):
            raise IllegalAction("La partie n’est pas terminée : pas encore de vainqueur.", C_END)
        return winners(totals(state))

    def span_outcome(self, start: State, now: State) -> Outcome | None:
        """What one hint playout scores from ``start``: a game lasts as many manches as players,
        so hints look at the manche being played (``drahtseilakt/fin-de-manche``): each player's
        points are their total's rise over it (the sticks kept, less a score a clean manche
        erased), the fewest win, as totals do; in the last manche, the whole game (the totals then
        decide). ``None`` until that manche ends."""
        if now.manche == start.manche:
            return None
        if start.manche >= len(start.players) - 1:
            return self.outcome(now)
        before, after = totals(start), totals(now)
        points = {p: after[p] - before[p] for p in now.players}
        top = best_totals(points, lowest=True)[0]
        return Outcome(points, top, fr.typography(fr.fewest_in_manche(top, start.manche + 1)),
                       C_MANCHE_END)
