"""Cat Duel's words at the table, in English and Polish: every line filled in, nothing secret said."""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

from bot.catduel.draft import Draft, settle
from bot.catduel.lobby import cat_pick, cat_suffix
from bot.catduel.names import ability_name, card_name
from bot.catduel.private import duel_step
from bot.catduel.table import REVEAL_LINES, table_content, table_embed
from bot.catduel.words import choosing_line, reveal_lines, reveal_parts, settings_line
from bot.service import Seat, Table
from game.catduel import (
    CatDuelSettings,
    Cause,
    Choose,
    Event,
    EventKind,
    MatchState,
    Move,
    Phase,
    apply_action,
    legal_actions,
    new_match,
    observe,
)
from game.catduel.players import PLAYERS
from images.catduel import last_reveal
from tests.images.catduel.scenarios import played_until

NOW = datetime(2026, 11, 24, tzinfo=UTC)


def _played(rounds: int, seed: int = 4, seats: int = 3) -> MatchState:
    """A best-of-3 match after `rounds` reveals (or its end), every seat played by the normal computer player."""
    return played_until(seats, seed, lambda s: s.over or s.rounds_so_far > rounds, best_of=3)


def _table(state: MatchState | None, locale: str) -> Table:
    seats = [Seat(10, "Ana", locale), Seat(11, "Bo", locale), Seat(None, "Miso", strength="hard")]
    return Table("cd01", 1, 2, 10, CatDuelSettings(best_of=3), locale, seats, NOW, state=state, game="catduel")


@pytest.mark.parametrize("locale", ["en", "pl"])
def test_every_line_is_filled_in_and_says_no_unrevealed_choice(locale: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    for rounds in (1, 3, 6, 12):
        state = _played(rounds)
        table = _table(state, locale)
        texts = [table_content(table), *reveal_lines(last_reveal(observe(state, None).history), table.names, locale)]
        for seat in range(3):
            obs = observe(state, seat)
            texts.append(duel_step(table, obs, legal_actions(state, seat), locale).text)
        assert all("{" not in text and "}" not in text for text in texts), texts
    assert [r.getMessage() for r in caplog.records] == []


def test_the_reveal_in_words_names_every_strategy_and_the_hp_after_it() -> None:
    state = _played(2)
    events = last_reveal(observe(state, None).history)
    lines = reveal_lines(events, ["Ana", "Bo", "Miso"], "en")
    shown = [e for e in events if e.kind is EventKind.STRATEGY_SHOWN]
    assert shown and len([line for line in lines if line.startswith(("Ana:", "Bo:", "Miso:"))]) == len(shown)
    assert lines[-1].count("HP") == 3  # every cat's HP after the round


def _choosing(state: MatchState) -> MatchState:
    """The match with its prelude (if any) made by the normal computer player: strategies are open."""
    rng = random.Random(1)
    while observe(state, None).phase is Phase.PRELUDE:
        seat = observe(state, None).waiting_for[0]
        apply_action(state, PLAYERS["normal"](observe(state, seat), legal_actions(state, seat), rng))
    return state


def test_a_chosen_strategy_is_in_its_own_reply_only() -> None:
    texts = {}
    for move in (Move.GUARD, Move.PURR):
        state = _choosing(_played(1))
        seat = observe(state, None).waiting_for[0]
        choice = next(a for a in legal_actions(state, seat) if isinstance(a, Choose) and a.move is move)
        apply_action(state, choice)
        table = _table(state, "en")
        other = next(s for s in observe(state, None).waiting_for if s != seat)
        texts[move] = (duel_step(table, observe(state, seat), legal_actions(state, seat), "en").text,
                       duel_step(table, observe(state, other), legal_actions(state, other), "en").text,
                       table_content(table))
    assert "Your choice: **Guard**" in texts[Move.GUARD][0] and "Your choice: **Purr**" in texts[Move.PURR][0]
    assert "Your choice" not in texts[Move.GUARD][1]
    assert texts[Move.GUARD][1:] == texts[Move.PURR][1:]  # the others and the table cannot tell which it was


def test_a_draft_fills_in_the_only_target_and_keeps_a_chosen_card_place() -> None:
    state = _choosing(_played(0, seats=2))
    seat = observe(state, None).waiting_for[0]
    obs, legal = observe(state, seat), legal_actions(state, seat)
    assert settle(Draft(Move.SCRATCH), obs, legal).targets == (1 - seat,)  # one other cat: no menu needed
    assert settle(Draft(Move.PURR), obs, legal) == Draft(Move.PURR)


def test_the_lobby_words() -> None:
    table = _table(None, "pl")
    table.seats[0].choice = "siamese"
    assert "Syjamski" in cat_suffix(table, 0) and "losowy" in cat_suffix(table, 1)
    [menu] = cat_pick(table)
    assert "Syjamski" not in str(menu.to_component_dict())  # picked by Ana: not offered to anyone else
    assert settings_line(table).startswith("Do 2 wygranych z 3 · ")  # as the start command's choice says it
    table.locale = "en"
    assert settings_line(table).startswith("Best of 3 · ")


@pytest.mark.parametrize(("locale", "one", "two"), [
    ("en", "1 of 3 has chosen", "2 of 3 have chosen"), ("pl", "wybrał(a) 1 z 3", "wybrało 2 z 3")])
def test_the_choosing_line_agrees_with_how_many_have_chosen(locale: str, one: str, two: str) -> None:
    state = _played(1)
    assert not observe(state, None).chosen  # a round begins with nobody chosen
    lines = []
    for _ in range(2):
        seat = observe(state, None).waiting_for[0]
        apply_action(state, legal_actions(state, seat)[0])
        lines.append(choosing_line(observe(state, None), ["Ana", "Bo", "Cy"], locale))
    assert one in lines[0] and two in lines[1]


def test_six_cats_with_long_names_keep_the_status_line_within_discords_limit() -> None:
    names = [f"{'_' * 30}{seat}" for seat in range(6)]  # each underscore escaped: 61 characters a name
    seats = [Seat(10 + seat, name, "en") for seat, name in enumerate(names)]
    longest = ""
    for rounds in range(1, 8):
        state = played_until(6, 4, lambda s, rounds=rounds: s.over or s.rounds_so_far > rounds, best_of=3)
        if state.over:
            break
        table = Table("cd06", 1, 2, 10, CatDuelSettings(best_of=3), "en", seats, NOW, state=state, game="catduel")
        table.deadline = NOW
        text = table_content(table)
        status = text.splitlines()[-1]
        assert len(text) <= 2000 and "chosen" in status and status.endswith(f"<t:{int(NOW.timestamp())}:R>.")
        longest = max(longest, text, key=len)
    assert len(longest) > 1500  # the case this is about: a reveal that fills the message


def test_the_rounds_prelude_choices_are_on_the_table_while_strategies_are_chosen_and_not_before() -> None:
    """RULES-catduel §3.1: a prelude choice is private until every seat has chosen or passed, then on the table."""
    rng, seen = random.Random(5), 0
    for seed in range(6):
        state = played_until(4, seed, lambda s: True, best_of=3)
        while not state.over:
            obs = observe(state, None)
            current = obs.history[max(i for i, e in enumerate(obs.history) if e.kind is EventKind.ROUND_STARTED):]
            used = [e for e in current if e.kind is EventKind.PRELUDE_SHOWN and e.ability is not None]
            text = table_content(_four(state))
            if obs.phase is Phase.STRATEGY and used:
                seen += 1
                line = next(line for line in text.splitlines() if line.startswith("**This round's prelude:**"))
                assert line.count(" uses ") == len(used)
                assert all(ability_name(e.ability, "en") in line for e in used if e.ability is not None)
            else:
                assert "This round's prelude" not in text
            seat = obs.waiting_for[0]
            apply_action(state, PLAYERS["normal"](observe(state, seat), legal_actions(state, seat), rng))
    assert seen > 10  # the case this is about came up, more than once


def test_the_reveal_says_the_settlement_order() -> None:
    """RULES-catduel §8: the settlement order is public."""
    state = _played(2)
    events = last_reveal(observe(state, None).history)
    [order] = [e for e in events if e.kind is EventKind.ORDER]
    names = ["Ana", "Bo", "Miso"]
    lines = reveal_lines(events, names, "en")
    assert f"Settled in this order: {' → '.join(names[seat] for seat in order.seats)}" in lines
    assert any(line.startswith("Kolejność rozliczenia: ") for line in reveal_lines(events, names, "pl"))


def _four(state: MatchState) -> Table:
    seats = [Seat(10 + seat, name, "en") for seat, name in enumerate(("Ana", "Bo", "Cy", "Di"))]
    return Table("cd04", 1, 2, 10, CatDuelSettings(best_of=3), "en", seats, NOW, state=state, game="catduel")


def test_a_seat_with_nothing_to_choose_in_the_prelude_is_told_to_wait_not_that_it_skips_the_round() -> None:
    """RULES-catduel §3.1: seats with a ready prelude ability choose first; only Loneliness skips a round (§6)."""
    seen = 0
    for seed in range(8):
        state = played_until(3, seed, lambda s: True, best_of=3)
        obs = observe(state, None)
        if obs.phase is not Phase.PRELUDE:
            continue
        table = _table(state, "en")
        for seat in range(3):
            mine = observe(state, seat)
            if mine.to_choose or seat in mine.chosen:
                continue
            seen += 1
            text = duel_step(table, mine, legal_actions(state, seat), "en").text
            assert "skips this round" not in text and "waiting for" in text, text
    assert seen > 0  # the case this is about came up


def test_the_used_pile_and_each_cooldown_are_on_the_table() -> None:
    """RULES-catduel §8: the used pile and the cooldowns are public (computer players count the pile)."""
    seen_used = seen_cooling = 0
    for rounds in range(1, 9):
        state = _played(rounds)
        obs = observe(state, None)
        fields = {f.name: f.value for f in table_embed(_table(state, "en")).fields}
        used = fields["Used chance cards"] or ""
        if obs.used:
            seen_used += 1
            for card in set(obs.used):
                assert f"{card_name(card, 'en')} ×{obs.used.count(card)}" in used
        else:
            assert used == "None yet."
        for seat, line in enumerate((fields["Cats"] or "").splitlines()):
            cooling = [(a, r) for a, r in obs.ready_from[seat] if r > obs.round and a in obs.abilities[seat]]
            seen_cooling += len(cooling)
            assert all(f"{ability_name(a, 'en')} ready in round {r}" in line for a, r in cooling)
            assert line.count("ready in round") == len(cooling)
    assert seen_used and seen_cooling  # both came up


def _critical_costs(events: Sequence[Event]) -> list[Event]:
    return [e for e in events if e.kind is EventKind.HP and e.cause is Cause.CRITICAL_HIT]


def test_critical_hits_cost_is_said_with_its_cause() -> None:
    """RULES-catduel §8: every change of HP with its cause; Critical Hit costs its user 1 HP in the postlude (§3.5)."""
    seen = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = new_match(4, CatDuelSettings(best_of=3, wild_abilities=True), rng)  # Critical Hit is wild only
        while not state.over and not _critical_costs(observe(state, None).history):
            seat = observe(state, None).waiting_for[0]
            apply_action(state, PLAYERS["normal"](observe(state, seat), legal_actions(state, seat), rng))
        events = observe(state, None).history
        costs = _critical_costs(events)
        if not costs:
            continue
        seen += 1
        names = ["Ana", "Bo", "Cy", "Di"]
        lines = reveal_lines(events, names, "en")
        for cost in costs:
            assert cost.seat is not None
            assert f"{names[cost.seat]} pays {-cost.amount} HP for Critical Hit." in lines
    assert seen > 0  # the case this is about came up


def test_a_long_reveal_keeps_every_choice_and_the_hp_and_gives_up_details_first() -> None:
    """Six cats can make more reveal lines than the table keeps: what each chose stays (RULES-catduel §8)."""
    names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
    seen = 0
    for seed in range(6):
        state = played_until(6, seed, lambda s: s.over or s.rounds_so_far > 1, best_of=1)  # the first reveal
        events = last_reveal(observe(state, None).history)
        lines = reveal_lines(events, names, "en")
        if len(lines) <= REVEAL_LINES:
            continue
        seen += 1
        seats = [Seat(10 + n, name, "en") for n, name in enumerate(names)]
        table = Table("cd06", 1, 2, 10, CatDuelSettings(), "en", seats, NOW, state=state, game="catduel")
        shown = [line.removeprefix("• ") for line in table_content(table).splitlines()]
        chosen, details, ending = reveal_parts(events, names, "en")
        assert chosen[-1].startswith("Settled in this order")
        assert all(line in shown for line in chosen)  # every prelude, strategy and the order
        assert all(line in shown for line in ending)  # who went out, who won the duel, the HP after the round
        assert "…" in shown and details[0] in shown  # the last details gave way, not what the first scratch did
        assert sum(1 for line in shown if line in lines or line == "…") == REVEAL_LINES
    assert seen > 0  # the case this is about came up
