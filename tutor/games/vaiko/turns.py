"""A turn of Vaiko, phase by phase: :meth:`Turns.step` resolves an action that
:meth:`.legality.Legality.is_legal` accepted.

The turn is: draw (``vaiko/pioche``), swap or discard (``vaiko/echange-ou-defausse``), the
discarded card's effect if it is special (:mod:`.specials`), the immediate-discard window
(``vaiko/defausse-immediate``, ``vaiko/erreur``), then the optional "Vaiko" call
(``vaiko/annonce``). The round ends as soon as a hand is empty (``vaiko/fin-main-vide``), when
the go-around after the call is complete (``vaiko/fin-annonce``) or when no card is left to draw
(``vaiko/pioche-epuisee``); it is scored and a new one is dealt until a total reaches 70.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from typing import Any, Literal

from tutor.engine import Won
from tutor.games.vaiko import events as ev
from tutor.games.vaiko import specials
from tutor.games.vaiko import state as vs
from tutor.games.vaiko.scoring import _outcome, _score, is_game_over
from tutor.games.vaiko.setup import Out, deal
from tutor.games.vaiko.specials import learn
from tutor.games.vaiko.state import (
    C_CALL,
    C_CALL_END,
    C_COUNT,
    C_DRAW,
    C_EMPTY,
    C_END,
    C_LOOK,
    C_MATCH,
    C_MISS,
    C_ORDER,
    C_PEEK,
    C_RESHUFFLE,
    C_SWAP,
    C_TOTAL,
    C_V_DISCARD,
    C_V_ONE,
    C_V_SWAPPED,
    C_V_TABLE,
    C_X2,
    CALL,
    DECIDE,
    DRAW,
    LOOKED,
    MATCH,
    OVER,
    Action,
    State,
    evolve,
)


def _discard(state: State, action: vs.Discard, out: Out) -> State:
    card = state.drawn
    assert card is not None
    if out is not None:
        out.append(ev.Discarded(seat=action.seat, face=state.deck.cards[card].face, clause=C_SWAP))
    state = evolve(state, discard=(*state.discard, card), drawn=None, drawn_from=None,
                   known=_learn_all(state.known, card))
    return _after_discard(state, card, out)


def _look_hand(state: State, action: vs.LookHand, out: Out) -> State:
    i = state.acting
    hand = state.hands[i]
    if out is not None:
        out.append(ev.LookedAtHand(seat=action.seat,
                                faces=tuple(state.deck.cards[c].face for c in hand),
                                seen_by=(action.seat,), clause=C_LOOK))
    return evolve(state, known=learn(state.known, (i,), hand), phase=LOOKED)


def _look(state: State, action: vs.Look, out: Out) -> State:
    return _after_effect(specials.look(state, action, out), out)


def _exchange(state: State, action: vs.Exchange, out: Out) -> State:
    return _after_effect(specials.exchange(state, action, out), out)


def _pass(state: State, action: vs.Pass, out: Out) -> State:
    if out is not None:
        out.append(ev.Passed(seat=action.seat, clause=C_MATCH))
    return _next_in_window(state, out)


def _call(state: State, action: vs.Call, out: Out) -> State:
    if out is not None:
        out.append(ev.Called(seat=action.seat, call_end=state.variant.call_end, clause=C_CALL))
    return _next_turn(evolve(state, caller=state.acting), out)


def _end_turn(state: State, action: vs.EndTurn, out: Out) -> State:
    if out is not None:
        out.append(ev.EndedTurn(seat=action.seat, clause=C_CALL))
    return _next_turn(state, out)


def _learn_all(known: tuple[frozenset[int], ...], card: int) -> tuple[frozenset[int], ...]:
    return tuple(map(_union, known, repeat(frozenset((card,)))))


_union = frozenset.__or__


def _set_hand(hands: tuple[tuple[int, ...], ...], i: int,
              hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return hands[:i] + (hand,) + hands[i + 1:]


def _peek(state: State, action: vs.Peek, out: Out) -> State:
    i, slot, seat = state.acting, action.slot, action.seat
    card = state.hands[i][slot]
    if out is not None:
        out.append(ev.Peeked(seat=seat, slot=slot, face=state.deck.cards[card].face,
                          seen_by=(seat,), clause=C_PEEK))
    known = learn(state.known, (i,), (card,))
    nxt = (i + 1) % len(state.players)
    if nxt == state.starter:
        return _start_turn(evolve(state, known=known), state.starter, out)
    if out is not None:
        out.append(ev.PeekTurn(seat=state.players[nxt], clause=C_PEEK))
    return evolve(state, known=known, acting=nxt)


def _refill(state: State, out: Out) -> State:
    """An empty pile is remade from the discard, all but its top card, shuffled
    (``vaiko/pioche-epuisee``); the order is appended to the record as drawn. The reshuffled
    cards are forgotten: nobody saw the new order."""
    if state.pile or len(state.discard) < 2:
        return state
    from tutor.games.vaiko.setup import next_order

    order, record = next_order(state, state.discard[:-1])
    gone = frozenset(order)
    if out is not None:
        out.append(ev.Reshuffled(count=len(order), order=order, clause=C_RESHUFFLE))
    return evolve(state, pile=order, discard=state.discard[-1:], record=record,
                   known=tuple(k - gone for k in state.known))


def _draw(state: State, action: vs.Draw, out: Out) -> State:
    i, seat = state.acting, action.seat
    if action.source == "discard":
        card = state.discard[-1]
        if out is not None:
            out.append(ev.Drew(seat=seat, source="discard", face=state.deck.cards[card].face,
                            seen_by=None, clause=C_V_DISCARD))
        return evolve(state, discard=state.discard[:-1], drawn=card, drawn_from="discard",
                       phase=DECIDE)
    if not state.pile:
        state = _refill(state, out)
    card = state.pile[0]
    if out is not None:
        out.append(ev.Drew(seat=seat, source="deck", face=state.deck.cards[card].face,
                        seen_by=(seat,), clause=C_DRAW))
    return evolve(state, pile=state.pile[1:], drawn=card, drawn_from="deck", phase=DECIDE,
                   known=learn(state.known, (i,), (card,)))


def _swap(state: State, action: vs.Swap, out: Out) -> State:
    assert state.drawn is not None
    i, slot = state.acting, action.slot
    hand = state.hands[i]
    old = hand[slot]
    if out is not None:
        cards = state.deck.cards
        source: Literal["deck", "discard"] = (
            "discard" if state.drawn_from == "discard" else "deck")
        out.append(ev.Swapped(seat=action.seat, slot=slot, face=cards[state.drawn].face,
                           out=cards[old].face, source=source,
                           seen_by=None if source == "discard" else (action.seat,),
                           clause=C_SWAP))
    state = evolve(state, hands=_set_hand(state.hands, i, hand[:slot] + (state.drawn,)
                                           + hand[slot + 1:]),
                    discard=(*state.discard, old), drawn=None, drawn_from=None,
                    known=_learn_all(state.known, old))
    return _after_discard(state, old, out, swapped=True)


def _after_discard(state: State, card: int, out: Out, swapped: bool = False) -> State:
    """The turn player's discard: the special effect first, then the immediate-discard window.
    A special card that left the hand by a swap (``swapped``) acts under the default reading
    only; under ``swapped_special="no_effect"`` the window opens at once."""
    effect = state.deck.cards[card].effect
    if swapped and effect != "aucun" and state.variant.swapped_special == "no_effect":
        if out is not None:
            out.append(ev.SwappedSpecialIgnored(seat=state.players[state.turn],
                                             face=state.deck.cards[card].face,
                                             clause=C_V_SWAPPED))
        return _open_window(state, out)
    if effect == "rejouer":
        if not state.pile:  # replaying would need the discard shuffled again: the turn ends
            if out is not None:
                out.append(ev.NoReplay(seat=state.players[state.turn],
                                       face=state.deck.cards[card].face, clause=C_X2))
            return _turn_ends(state, out)
        if out is not None:
            out.append(ev.PlaysAgain(seat=state.players[state.turn],
                                  face=state.deck.cards[card].face, clause=C_X2))
        return _start_turn(state, state.turn, out, again=True)
    if effect in specials.ACTIVE:
        return specials.begin(state, state.turn, card, out)
    return _open_window(state, out)


def _after_effect(state: State, out: Out) -> State:
    if state.window:  # a special card thrown in the window: back to the window
        state = evolve(state, phase=MATCH, acting=state.window[0])
        if state.variant.matches == "one":  # its thrower has had their one card
            return _next_in_window(state, out)
        return state
    return _open_window(state, out)


def _open_window(state: State, out: Out) -> State:
    n = len(state.players)
    order = _WINDOWS.get((state.turn, n))
    if order is None:
        order = _WINDOWS[state.turn, n] = tuple((state.turn + k) % n for k in range(1, n + 1))
    if out is not None:
        out.append(ev.WindowOpens(face=state.deck.cards[state.discard[-1]].face,
                               order=tuple(state.players[j] for j in order), clause=C_MATCH))
    return evolve(state, phase=MATCH, window=order, acting=order[0])


_WINDOWS: dict[tuple[int, int], tuple[int, ...]] = {}
"""The window's order for each turn player and player count: everyone, from the next player
round to the turn player (made once)."""


def _next_in_window(state: State, out: Out, **changes: object) -> State:
    """The next seat of the window is asked, else the turn goes on; ``changes``: what the seat
    that leaves the window did, written in the same copy of the state."""
    window = state.window[1:]
    if window:
        return evolve(state, window=window, acting=window[0], phase=MATCH, **changes)
    return _turn_ends(state, out, **changes)


def _turn_ends(state: State, out: Out, **changes: object) -> State:
    """The turn's cards are played: its seat may say "Vaiko" (``vaiko/annonce``), unless a seat
    has already (then the next turn or the end of the round); ``changes``: as
    :func:`_next_in_window`'s."""
    if state.caller is None:
        return evolve(state, window=(), phase=CALL, acting=state.turn, **changes)
    # the next turn or the next round clears the window
    return _next_turn(evolve(state, **changes) if changes else state, out)


def _match(state: State, action: vs.Match, out: Out) -> State:
    i, slot, seat = state.acting, action.slot, action.seat
    hand = state.hands[i]
    card = hand[slot]
    top = state.deck.cards[state.discard[-1]]
    mine = state.deck.cards[card]
    if mine.face == top.face:
        if out is not None:
            out.append(ev.Matched(seat=seat, slot=slot, face=mine.face, clause=C_MATCH))
        state = evolve(state, hands=_set_hand(state.hands, i, hand[:slot] + hand[slot + 1:]),
                        discard=(*state.discard, card), known=_learn_all(state.known, card))
        if not state.hands[i]:
            return _end_round(state, "empty", out)
        # still the window, still this seat (phase MATCH, acting i)
        if state.variant.matches == "one" and out is not None:
            out.append(ev.OneMatchOnly(seat=seat, clause=C_V_ONE))
        if mine.effect in specials.ACTIVE:
            state = specials.begin(state, i, card, out, matched=True)
            if state.phase != MATCH:  # the effect is played first (see _after_effect)
                return state
        if state.variant.matches == "one":
            return _next_in_window(state, out)
        return state
    if out is not None:
        out.append(ev.Missed(seat=seat, slot=slot, face=mine.face, top=top.face, clause=C_MISS))
    known = _learn_all(state.known, card)
    if not state.pile:
        state = _refill(evolve(state, known=known), out)
        known = state.known
    if state.pile:
        extra = state.pile[0]
        if out is not None:
            out.append(ev.Penalty(seat=seat, slot=len(hand), face=state.deck.cards[extra].face,
                               seen_by=(), clause=C_MISS))
        return _next_in_window(state, out, known=known, pile=state.pile[1:],
                               hands=_set_hand(state.hands, i, (*hand, extra)))
    if out is not None:
        out.append(ev.NoPenalty(seat=seat, clause=C_MISS))
    return _next_in_window(state, out, known=known)


def _next_turn(state: State, out: Out) -> State:
    nxt = (state.turn + 1) % len(state.players)
    if state.caller is not None and (
        nxt == state.caller or (state.variant.call_end == "starter" and nxt == state.starter)
    ):
        return _end_round(state, "call", out)
    return _start_turn(state, nxt, out)


def _start_turn(state: State, i: int, out: Out, again: bool = False) -> State:
    if not state.pile and len(state.discard) < 2:
        return _end_round(state, "exhausted", out)
    if not again and out is not None:
        out.append(ev.TurnStarts(seat=state.players[i], clause=C_ORDER))
    return evolve(state, phase=DRAW, turn=i, acting=i, window=(), drawn=None, drawn_from=None)


def _end_round(state: State, reason: Literal["empty", "call", "exhausted"], out: Out) -> State:
    """Count the round, add it to the totals, then deal the next round or end the game."""
    players = state.players
    cards = state.deck.cards
    points = {p: sum(cards[c].points for c in h) for p, h in zip(players, state.hands)}
    caller = None if state.caller is None else players[state.caller]
    if out is not None:
        clause = {"empty": C_EMPTY, "call": C_CALL_END, "exhausted": C_RESHUFFLE}[reason]
        if reason == "call" and state.variant.call_end == "starter":
            clause = C_V_TABLE
        who = next((p for p, h in zip(players, state.hands) if not h), None)
        out.append(ev.RoundEnds(seat=who if reason == "empty" else caller, reason=reason,
                             manche=state.manche, clause=clause))
        out.append(ev.Revealed(hands=tuple((p, tuple(cards[c].face for c in h))
                                        for p, h in zip(players, state.hands)),
                            clause=C_COUNT))
    score = _score(points, caller, state.variant)
    if out is not None:
        out.extend(score.events)
    totals = tuple(t + score.points[p] for p, t in zip(players, state.totals))
    named = dict(zip(players, totals))
    if out is not None:
        out.append(ev.Totals(scores=tuple(score.points.items()), totals=tuple(named.items()),
                          manche=state.manche, clause=C_TOTAL))
    if is_game_over(named):
        over = evolve(state, totals=totals, phase=OVER, drawn=None, drawn_from=None, window=())
        if out is not None:  # the winners and their French reason only when told
            out.append(Won(outcome=_outcome(over), clause=C_END))
        return over
    starter = (state.starter + 1) % len(players)
    if out is not None:
        out.append(ev.NewRound(seat=players[starter], manche=state.manche + 1, clause=C_TOTAL))
    return deal(evolve(state, totals=totals, manche=state.manche + 1, starter=starter), out)


STEPS: dict[type, Callable[[State, Any, Out], State]] = {
    vs.Peek: _peek, vs.Draw: _draw, vs.Swap: _swap, vs.Discard: _discard,
    vs.LookHand: _look_hand, vs.Look: _look, vs.Exchange: _exchange, vs.Match: _match,
    vs.Pass: _pass, vs.Call: _call, vs.EndTurn: _end_turn}
"""What each kind of action does: its function, found by the action's type (one of
:data:`~.state.ACTION_TYPES`, as :meth:`.legality.Legality.is_legal` requires)."""


class Turns:
    """Playing an action, as a method of the game's class (:class:`~.game.Vaiko`); the phases of a
    turn stay functions."""

    def step(self, state: State, action: Action, explain: bool
             ) -> tuple[State, tuple[ev.VaikoEvent, ...]]:
        """Play the legal ``action`` and return the new state and what happened (the game's
        :meth:`~tutor.engine.api.Game.apply` has checked it with
        :meth:`.legality.Legality.is_legal`).
        ``explain=False`` skips the events; the resulting state is the same.
        """
        if not explain:
            return STEPS[type(action)](state, action, None), ()
        out: list[ev.VaikoEvent] = []
        state = STEPS[type(action)](state, action, out)
        return state, tuple(out)
