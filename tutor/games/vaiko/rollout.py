"""Vaiko: a hint's playout on plain lists (:meth:`~tutor.engine.api.Game.rollout`).

A « Conseil » plays thousands of manches to their end. Played through the contract, each action
builds a view, a tuple of legal actions and a new state (a new set of known cards for every
seat at every discard); here, the same manche is played on plain lists and sets by the same
computer players (« Au hasard »; « Avec de la mémoire »: the decisions of :mod:`.bots`
themselves, :func:`.bots.decide`, :func:`.bots.calls` and the others): each draws from its own
seeded generator exactly what it draws when handed its view and legal actions, so the playout
gives the same points and winners, action for action, as :func:`tutor.engine.hints.playout`
(a test plays both on many positions).

The rules it applies are :mod:`.turns`' (``_STEPS``, phase by phase), on the same state: the
set-up look (``vaiko/premier-regard``, ``_peek``); the draw from the pile, remade from the
discard when empty (``vaiko/pioche``, ``vaiko/pioche-epuisee``: ``_draw``, ``_refill`` and its
recorded shuffle, :func:`.setup.next_order`), or from the discard (``vaiko/variante-defausse``);
swap or discard, the look at one's hand first (``vaiko/echange-ou-defausse``,
``vaiko/ne-pas-regarder``: ``_swap``, ``_discard``, ``_look_hand``); the discarded card's
effect (``vaiko/x2``, ``vaiko/vision``, ``vaiko/echange``: ``_after_discard``, :mod:`.specials`,
``_after_effect``); the immediate-discard window, a miss taking a penalty card
(``vaiko/defausse-immediate``, ``vaiko/erreur``, ``vaiko/variante-effet-immediat``,
``vaiko/variante-une-seule-carte``: ``_open_window``, ``_match``, ``_next_in_window``); the call
and the end of the manche (``vaiko/annonce``, ``vaiko/fin-annonce``, ``vaiko/fin-main-vide``,
``vaiko/variante-tour-de-table``: ``_next_turn``, ``_start_turn``, ``_end_round``). The legal
actions a seat is handed are :func:`.legality.legal_actions`' in their sorted order (a random
player's draw picks one by its place). The manche is scored as :func:`.scoring.span_outcome`
scores it (:func:`.scoring._score`, :func:`.scoring.winners`, :func:`.scoring.is_game_over`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from tutor.engine.bots import below
from tutor.engine.core import generators
from tutor.engine.hints import Rollout
from tutor.games.vaiko.bots import (
    DISCARD,
    LOOK_HAND,
    THRESHOLD,
    calls,
    decide,
    exchange_cards,
    peek_slot,
    takes_discard,
    vision_look,
    worst_slot,
)
from tutor.games.vaiko.deck import Deck
from tutor.games.vaiko.legality import exchange_targets, vision_targets
from tutor.games.vaiko.scoring import _score, is_game_over, winners
from tutor.games.vaiko.setup import next_order
from tutor.games.vaiko.specials import ACTIVE
from tutor.games.vaiko.state import (
    CALL,
    DECIDE,
    DRAW,
    EXCHANGE,
    LOOKED,
    MATCH,
    OVER,
    PEEK,
    VISION,
    State,
    evolve,
)

KINDS = ("hasard", "memoire")
"""The computer players this playout plays (the others are played through the contract)."""

_DECKS: dict[int, tuple[Deck, list[int], list[int], list[str], int]] = {}
"""For each deck (by identity, the deck kept alive with its entry): each card's face as a
number (same face, same number), its points and its effect, and the deck's total points."""

def _cards(deck: Deck) -> tuple[list[int], list[int], list[str], int]:
    """Each card's face number, points and effect, and the deck's total points (read once)."""
    found = _DECKS.get(id(deck))
    if found is None or found[0] is not deck:
        if len(_DECKS) >= 64:  # decks read by learners: keep the table small
            _DECKS.clear()
        numbers: dict[str, int] = {}
        faces = [numbers.setdefault(c.face, len(numbers)) for c in deck.cards]
        found = _DECKS[id(deck)] = (deck, faces, [c.points for c in deck.cards],
                                    [c.effect for c in deck.cards],
                                    sum(c.points for c in deck.cards))
    return found[1:]


@lru_cache(maxsize=4096)
def _looks(players: tuple[str, ...], sizes: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """The legal looks of a Vision, the hands holding ``sizes`` cards, sorted as
    :func:`.legality.legal_actions` sorts the actions (:func:`.legality.vision_targets`)."""
    return tuple(sorted(vision_targets(players, sizes)))


@lru_cache(maxsize=4096)
def _swaps(players: tuple[str, ...], i: int, sizes: tuple[int, ...]
           ) -> tuple[tuple[str, int, str, int], ...]:
    """Seat ``i``'s legal swaps of an Échange, the hands holding ``sizes`` cards, sorted as
    :func:`.legality.legal_actions` sorts the actions (:func:`.legality.exchange_targets`)."""
    return tuple(sorted(exchange_targets(players, i, sizes)))


def play(start: State, state: State, kind: str, seeds: Sequence[int]) -> Rollout | None:
    """Play ``state`` (reached from ``start`` by the action tried) to the end of ``start``'s
    manche, seat ``j``'s actions chosen by a computer player of ``kind`` seeded with
    ``seeds[j]``: the points each player scored in the manche, the winners, the number of
    actions played and whether the scores are the whole game's; ``None`` for a kind not in
    :data:`KINDS`, or when that manche is already over (nothing to play: the contract's
    playout answers at once)."""
    if kind not in KINDS or state.phase == OVER or state.manche != start.manche:
        return None
    variant, players = state.variant, state.players
    n = len(players)
    face, points, effect, deck_total = _cards(state.deck)
    deck_size = len(face)
    memory = kind == "memoire"
    rngs = generators(seeds)
    getrandbits = [r.getrandbits for r in rngs]
    may_take = variant.draw_from == "deck_or_discard"
    may_look = variant.look == "before_swap"
    matched_acts = variant.matched_special == "effect"
    swapped_acts = variant.swapped_special == "effect"
    one_match = variant.matches == "one"
    round_table = variant.call_end == "starter"
    hands = [list(h) for h in state.hands]
    pile = list(reversed(state.pile))  # the top card last
    discard = list(state.discard)
    discard_points = sum(points[c] for c in discard)
    known = [set(k) for k in state.known]
    phase, turn, acting, drawn = state.phase, state.turn, state.acting, state.drawn
    drawn_from, caller, starter = state.drawn_from, state.caller, state.starter
    window = list(state.window)
    record = state.record
    windows = [[(t + k) % n for k in range(1, n + 1)] for t in range(n)]

    def refill() -> None:
        """``_refill``: all the discard but its top card, shuffled, is the new pile; the
        reshuffled cards are forgotten."""
        nonlocal pile, discard, discard_points, record
        if pile or len(discard) < 2:
            return
        order, record = next_order(evolve(state, record=record), tuple(discard[:-1]))
        pile = list(reversed(order))
        discard = discard[-1:]
        discard_points = points[discard[0]]
        for seen in known:
            seen.difference_update(order)

    def split(i: int) -> tuple[list[tuple[int, int]], list[int]]:
        """Seat ``i``'s own cards as its view shows them: (points, slot) of those it knows,
        the slots of the others."""
        mine = known[i]
        seen: list[tuple[int, int]] = []
        unseen: list[int] = []
        for s, c in enumerate(hands[i]):
            if c in mine:
                seen.append((points[c], s))
            else:
                unseen.append(s)
        return seen, unseen

    def average(i: int) -> float:
        """``MemoryPlayer._unseen_average`` for seat ``i``: the mean points of the cards it has
        not seen anywhere (every card lies in one place: no count of its falls below zero)."""
        mine = known[i]
        count, total = len(discard), discard_points
        if drawn is not None and drawn in mine:
            count += 1
            total += points[drawn]
        for hand in hands:
            for c in hand:
                if c in mine:
                    count += 1
                    total += points[c]
        left = deck_size - count
        return (deck_total - total) / left if left else 5.0

    def table(i: int) -> dict[str, tuple[int | None, ...]]:
        """Every player's cards as seat ``i`` knows them, in seating order."""
        mine = known[i]
        return {name: tuple(points[c] if c in mine else None for c in hand)
                for name, hand in zip(players, hands, strict=True)}

    def others(i: int) -> Iterator[tuple[int | None, ...]]:
        """The other players' cards as seat ``i`` knows them, in seating order, each worked
        out only when read (:func:`.bots.calls` reads them only for a light hand)."""
        mine = known[i]
        for j, hand in enumerate(hands):
            if j != i:
                yield tuple(points[c] if c in mine else None for c in hand)

    steps = 0
    while True:
        steps += 1
        i = acting
        hand = hands[i]
        # what follows the action: 0 nothing more, 1 the next seat of the window
        # (``_next_in_window``), 2 the next turn (``_next_turn``), 3 a turn starts
        # (``_start_turn``: seat ``starting``), 4 the card ``thrown`` landed on the discard
        # (``_after_discard``), 5 an effect was played (``_after_effect``), 6 the window
        # opens on the turn player's discard (``_open_window``)
        then = 0
        if phase == MATCH:
            top = face[discard[-1]]
            slot = -1
            if memory:  # MemoryPlayer: the first card it knows to match, else Pass
                mine = known[i]
                for s, c in enumerate(hand):
                    if c in mine and face[c] == top:
                        slot = s
                        break
            else:  # a Match per slot, then Pass
                k = below(getrandbits[i], len(hand) + 1)
                if k < len(hand):
                    slot = k
            if slot < 0:
                then = 1
            else:
                card = hand[slot]
                for seen in known:
                    seen.add(card)
                if face[card] == top:
                    del hand[slot]
                    discard.append(card)
                    discard_points += points[card]
                    if not hand:
                        break
                    if matched_acts and effect[card] in ACTIVE:
                        phase = VISION if effect[card] == "vision" else EXCHANGE
                        continue
                    if one_match:
                        then = 1
                else:  # a miss: the card goes back, a penalty card comes
                    if not pile:
                        refill()
                    if pile:
                        hand.append(pile.pop())
                    then = 1
        elif phase == DRAW:
            can_take = may_take and bool(discard)
            if memory:
                take = False
                if can_take:
                    top_card = discard[-1]
                    seen_cards, unseen_slots = split(i)
                    take = takes_discard(points[top_card], effect[top_card] == "aucun",
                                         seen_cards, unseen_slots)
            else:  # Draw("deck"), then Draw("discard")
                take = below(getrandbits[i], 2 if can_take else 1) == 1
            if take:
                drawn = discard.pop()
                discard_points -= points[drawn]
                drawn_from = "discard"
            else:
                if not pile:
                    refill()
                drawn = pile.pop()
                known[i].add(drawn)
                drawn_from = "deck"
            phase = DECIDE
        elif phase == DECIDE or phase == LOOKED:
            assert drawn is not None
            can_discard = phase == DECIDE and drawn_from == "deck"
            can_look = phase == DECIDE and may_look
            if memory:
                seen_cards, unseen_slots = split(i)
                if phase == LOOKED:
                    choice = worst_slot(seen_cards)
                else:
                    unseen = average(i)
                    shown = drawn in known[i]
                    choice = decide(points[drawn] if shown else unseen,
                                    shown and effect[drawn] != "aucun", seen_cards,
                                    unseen_slots, unseen, can_discard, can_look, rngs[i])
            else:  # a Swap per slot, then Discard, then LookHand
                k = below(getrandbits[i], len(hand) + can_discard + can_look)
                choice = (k if k < len(hand) else DISCARD if can_discard and k == len(hand)
                          else LOOK_HAND)
            if choice == LOOK_HAND:
                known[i].update(hand)
                phase = LOOKED
            else:
                if choice == DISCARD:
                    thrown = drawn
                    swapped = False
                else:
                    thrown = hand[choice]
                    hand[choice] = drawn
                    swapped = True
                discard.append(thrown)
                discard_points += points[thrown]
                for seen in known:
                    seen.add(thrown)
                drawn = drawn_from = None
                then = 4
        elif phase == CALL:
            if memory:
                seen_cards, unseen_slots = split(i)
                unseen = average(i)
                called = calls(seen_cards, len(unseen_slots), unseen, others(i), THRESHOLD)
            else:  # Call, then EndTurn
                called = below(getrandbits[i], 2) == 0
            if called:
                caller = i
            then = 2
        elif phase == PEEK:
            if memory:
                slot = peek_slot(split(i)[1], rngs[i])
            else:
                slot = below(getrandbits[i], len(hand))
            known[i].add(hand[slot])
            if (i + 1) % n == starter:
                then, starting = 3, starter
            else:
                acting = (i + 1) % n
        elif phase == VISION:
            looks = _looks(players, tuple(map(len, hands)))
            if memory:
                owner, slot = vision_look(players[i], looks, table(i), split(i)[1], rngs[i])
            else:
                owner, slot = looks[below(getrandbits[i], len(looks))]
            known[i].add(hands[players.index(owner)][slot])
            then = 5
        else:  # EXCHANGE
            swaps = _swaps(players, i, tuple(map(len, hands)))
            if memory:
                owner, slot, other, slot_b = exchange_cards(players[i], swaps, table(i),
                                                            split(i)[0], rngs[i])
            else:
                owner, slot, other, slot_b = swaps[below(getrandbits[i], len(swaps))]
            a, b = hands[players.index(owner)], hands[players.index(other)]
            a[slot], b[slot_b] = b[slot_b], a[slot]
            then = 5
        # what follows, in the order turns.py chains it
        if then == 4:  # _after_discard
            kind_of = effect[thrown]
            if swapped and not swapped_acts and kind_of != "aucun":
                then = 6
            elif kind_of == "rejouer":
                then, starting = 3, turn
            elif kind_of in ACTIVE:
                phase = VISION if kind_of == "vision" else EXCHANGE
                acting = turn
                continue
            else:
                then = 6
        if then == 5:  # _after_effect
            if window:
                phase, acting = MATCH, window[0]
                then = 1 if one_match else 0
            else:
                then = 6
        if then == 6:  # _open_window
            window = windows[turn][:]
            phase, acting = MATCH, window[0]
            continue
        if then == 1:  # _next_in_window
            del window[0]
            if window:
                phase, acting = MATCH, window[0]
                continue
            if caller is None:
                phase, acting = CALL, turn
                continue
            then = 2
        if then == 2:  # _next_turn
            starting = (turn + 1) % n
            if caller is not None and (starting == caller
                                       or (round_table and starting == starter)):
                break
            then = 3
        if then == 3:  # _start_turn
            if not pile and len(discard) < 2:
                break
            phase, turn, acting, drawn, drawn_from = DRAW, starting, starting, None, None
            window = []
    # _end_round: the count, the caller's bonus or malus, the span's points
    score = _score({p: sum(points[c] for c in h) for p, h in zip(players, hands, strict=True)},
                   None if caller is None else players[caller], variant).points
    totals = {p: state.totals[j] + score[p] for j, p in enumerate(players)}
    gained = {p: totals[p] - start.totals[j] for j, p in enumerate(players)}
    return gained, winners(gained), steps, is_game_over(totals) and totals == gained
