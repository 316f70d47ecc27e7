"""Hand records: every finished hand of random and bot-played partidas round-trips
through its text and its link code, and damaged records are refused with a reason."""

from __future__ import annotations

import random
import statistics

import pytest

import mus
from mus.ai import make_bot

SAME = ("hands", "ledger", "winners", "lances", "declared", "score", "juego_winner", "mano")
LINK_LIMIT = 300  # characters of a #mano= code; the issue asks for a few hundred at most


def random_partida(seed: int, rules: mus.Rules = mus.Rules(), hands: int = 40) -> mus.Game:
    rng = random.Random(seed)
    g = mus.Game.new(rules, seed)
    while not g.is_over and g.hands_played < hands:
        g = g.apply(rng.choice(g.legal_actions()))
    return g


def bot_partida(seed: int, level: str, rules: mus.Rules = mus.Rules()) -> mus.Game:
    bots = [make_bot(level, seed * 4 + seat) for seat in range(4)]
    g = mus.Game.new(rules, seed)
    while not g.is_over:
        assert g.to_play is not None
        g = g.apply(bots[g.to_play].choose(g.observation(g.to_play)))
    return g


def assert_round_trip(g: mus.Game) -> list[int]:
    lengths = []
    for index, original in enumerate(g.history):
        text = mus.record(g, index)
        replayed = mus.replay(text).history[-1]
        for key in SAME:
            assert replayed[key] == original[key], (key, index, text)
        assert mus.HandRecord.parse(text).number == original["number"]
        code = mus.encode_record(text)
        assert mus.decode_record(code) == text
        lengths.append(len(code))
    return lengths


@pytest.mark.parametrize("seed", range(40))
def test_random_partidas_round_trip(seed: int) -> None:
    rules = mus.Rules(reyes=4, real_31=True, target=30) if seed % 3 == 0 else mus.Rules()
    lengths = assert_round_trip(random_partida(seed, rules))
    assert max(lengths) <= LINK_LIMIT


@pytest.mark.parametrize("level,seed", [("facil", 1), ("normal", 2), ("normal", 3), ("dificil", 4)])
def test_bot_partidas_round_trip(level: str, seed: int) -> None:
    g = bot_partida(seed, level)
    assert g.is_over
    lengths = assert_round_trip(g)
    assert statistics.median(lengths) < 100


def test_a_hand_with_many_mus_rounds_reshuffles_and_round_trips() -> None:
    """Enough descartes of four cards empty the deck: the pile is reshuffled and served."""
    g = mus.Game.new(mus.Rules(), 5)
    for _ in range(4):
        g = g.apply("mus").apply("mus").apply("mus").apply("mus")
        for _ in range(4):
            g = g.apply("descarte 0 1 2 3")
    for action in ["no hay mus"] + ["paso"] * 8:
        g = g.apply(action)
    while not g.history:
        g = g.apply(g.legal_actions()[0])
    text = mus.record(g, 0)
    assert text.count("- servido") == 4
    assert mus.replay(text).history[-1]["ledger"] == g.history[0]["ledger"]
    assert mus.decode_record(mus.encode_record(text)) == text


def test_records_of_a_replayed_game_are_the_same() -> None:
    """A game built with explicit chance records its serves as they were given."""
    g = bot_partida(1, "facil")
    for index in range(len(g.history)):
        text = mus.record(g, index)
        again = mus.replay(text)
        assert mus.record(again, 0) == text.replace(f"hand {index + 1}\n", "hand 1\n")


def test_replay_stops_right_after_the_count() -> None:
    g = random_partida(3, hands=2)
    after = mus.replay(mus.record(g, 1))
    assert len(after.history) == 1
    assert after.phase in ("reparto", "fin") and after.is_chance == (after.phase == "reparto")
    assert after.to_play is None and after.legal_actions() == []


# --- damaged records ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served_record() -> str:
    """A hand with a serve and some betting."""
    for seed in range(100):
        g = random_partida(seed, hands=4)
        for index in range(len(g.history)):
            text = mus.record(g, index)
            if "- servido" in text and "quiero" in text and "shown -" not in text:
                return text
    raise AssertionError("no hand with a serve in 100 partidas")


def lines_of(text: str) -> list[str]:
    return text.split("\n")


def test_a_changed_card_is_refused(served_record: str) -> None:
    """A card nobody mentions before the count replaces one of seat 0's: the hands
    shown at the count, or an action or a serve, no longer follow."""
    lines = lines_of(served_record)
    old = lines[7].split()[1][:2]
    before_count = served_record.split("held")[0]
    new = next(r + s for r in "RCS765432A" for s in "oceb" if r + s not in before_count)
    lines[7] = lines[7].replace(old, new)
    with pytest.raises(ValueError, match="result does not follow|not legal|cannot be served"):
        mus.replay("\n".join(lines))


def test_every_single_card_change_is_refused(served_record: str) -> None:
    """Any dealt or served card replaced by one the record never mentions: refused."""
    lines = lines_of(served_record)
    unused = next(r + s for r in "RCS765432A" for s in "oceb" if r + s not in served_record)
    card_lines = [7] + [i for i, line in enumerate(lines) if line.startswith("- servido")]
    changes = 0
    for at in card_lines:
        for start in range(len(lines[at])):
            piece = lines[at][start:start + 2]
            if len(piece) == 2 and piece[0] in "RCS765432A" and piece[1] in "oceb":
                changed = lines.copy()
                changed[at] = lines[at][:start] + unused + lines[at][start + 2:]
                with pytest.raises(ValueError):
                    mus.replay("\n".join(changed))
                changes += 1
    assert changes >= 17  # the 16 dealt cards and at least one served


def test_a_duplicated_card_is_refused(served_record: str) -> None:
    lines = lines_of(served_record)
    hands = lines[7].split()
    lines[7] = lines[7].replace(hands[2][:2], hands[1][:2], 1)
    with pytest.raises(ValueError, match="hands are wrong: expected no card twice"):
        mus.replay("\n".join(lines))


def test_a_served_card_that_is_held_is_refused(served_record: str) -> None:
    lines = lines_of(served_record)
    at = next(i for i, line in enumerate(lines) if line.startswith("- servido"))
    groups = lines[at].split()
    held = lines[7].split()[1][:2]  # a card of seat 0's starting hand
    groups[4] = held + groups[4][2:]  # "-", "servido", then seats 0..3
    lines[at] = " ".join(groups)
    with pytest.raises(ValueError, match=f"line {at + 1} of the record: {held} cannot be served to seat 2"):
        mus.replay("\n".join(lines))


def test_an_illegal_action_is_refused(served_record: str) -> None:
    lines = lines_of(served_record)
    at = next(i for i, line in enumerate(lines) if line.endswith(" quiero") and "no quiero" not in line)
    lines[at] = lines[at].replace("quiero", "ordago ya")
    with pytest.raises(ValueError, match=f"line {at + 1} of the record: 'ordago ya' is not an action"):
        mus.replay("\n".join(lines))


def test_a_seat_out_of_turn_is_refused(served_record: str) -> None:
    lines = lines_of(served_record)
    seat = int(lines[8][0])
    lines[8] = str((seat + 1) % 4) + lines[8][1:]
    with pytest.raises(ValueError, match=f"line 9 of the record: seat {(seat + 1) % 4} cannot act now, seat {seat} does"):
        mus.replay("\n".join(lines))


def test_a_result_that_does_not_follow_is_refused(served_record: str) -> None:
    lines = lines_of(served_record)
    final = lines[-1].split()
    lines[-1] = f"final {int(final[1]) + 1} {final[2]}"
    with pytest.raises(ValueError, match="result does not follow from its actions: it says 'final"):
        mus.replay("\n".join(lines))


def test_a_cut_record_is_refused(served_record: str) -> None:
    lines = lines_of(served_record)
    cut = next(i for i, line in enumerate(lines) if line.startswith("held")) - 1
    with pytest.raises(ValueError, match="ends before the hand does"):
        mus.replay("\n".join(lines[:cut] + lines[cut + 1:]))


def test_a_missing_header_line_is_refused(served_record: str) -> None:
    lines = lines_of(served_record)
    with pytest.raises(ValueError, match="line 4 of the record: expected 'mano'"):
        mus.replay("\n".join(lines[:3] + lines[4:]))
    with pytest.raises(ValueError, match="expected a hand record"):
        mus.replay("hello")


def test_a_damaged_link_code_is_refused(served_record: str) -> None:
    code = mus.encode_record(served_record)
    with pytest.raises(ValueError, match="damaged"):
        mus.decode_record(code[:-3])
    with pytest.raises(ValueError, match="letters, digits"):
        mus.decode_record(code + "!")
    with pytest.raises(ValueError):
        mus.decode_record(code[:20] + "z" + code[21:])


def test_chance_actions_are_refused_when_chance_is_drawn() -> None:
    g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0)
    with pytest.raises(mus.IllegalActionError):
        g.apply("servido Ab Rb4c 5b 7e")


def test_saves_of_explicit_chance_games_round_trip() -> None:
    g = random_partida(2, hands=2)
    again = mus.replay(mus.record(g, 1))
    assert mus.Game.from_json(again.to_json()).history == again.history
    assert '"explicit_chance"' not in g.to_json()


def test_big_envites_take_an_escaped_code() -> None:
    g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, rules=mus.Rules(target=100), seed=1)
    g = g.apply("no hay mus").apply("envido 60").apply("envido 30").apply("quiero")
    while not g.history:
        g = g.apply("paso")
    text = mus.record(g, 0)
    code = mus.encode_record(text)
    assert mus.decode_record(code) == text
    assert code.count("_") == 1  # the escape digit 63, then envido 60 as a varint


# --- señas: the catches are chance actions of the record ---------------------------------------


def senas_seen_after_the_senas(states: list[mus.Game]) -> list[list[object]] | None:
    """What each seat saw of the señas, at the first state past the señas phase (None if
    the hand had no señas phase)."""
    for before, after in zip(states, states[1:]):
        if before.phase in ("senas", "caza") and after.phase not in ("senas", "caza"):
            return [after.observation(seat)["senas"] for seat in range(4)]
    return None


def original_states(g: mus.Game, hand_index: int) -> list[mus.Game]:
    states, state = [], g.initial()
    for action in g.actions:
        if len(state.history) == hand_index:
            states.append(state)
        state = state.apply(action)
        if len(state.history) > hand_index:
            break
    return states + [state]


def assert_senas_round_trip(g: mus.Game) -> int:
    """Every hand round-trips and shows each seat the señas it saw; returns how many
    señas were caught in all."""
    assert_round_trip(g)
    caught = 0
    for index in range(len(g.history)):
        text = mus.record(g, index)
        for line in text.splitlines():
            if line.startswith("- cazada"):
                caught += len(line.split()) - 2
        replayed = mus.HandRecord.parse(text).states()
        code_replayed = mus.HandRecord.decode(mus.encode_record(text)).states()
        seen = senas_seen_after_the_senas(original_states(g, index))
        assert senas_seen_after_the_senas(replayed) == seen, (index, text)
        assert senas_seen_after_the_senas(code_replayed) == seen, (index, text)
        assert (seen is None) == ("señas" not in text)
    return caught


@pytest.mark.parametrize("seed", range(24))
def test_random_partidas_with_senas_round_trip(seed: int) -> None:
    catch = (0.25, 1.0, 0.0, 0.6)[seed % 4]
    rules = mus.Rules(senas=True, catch=catch, reyes=4 if seed % 3 == 0 else 8)
    g = random_partida(seed, rules, hands=15)
    caught = assert_senas_round_trip(g)
    shown = sum(line.endswith(" señas") and not line.endswith("sin señas")
                for i in range(len(g.history)) for line in mus.record(g, i).splitlines())
    if catch == 0.0:
        assert caught == 0
    if catch == 1.0:
        assert caught == 2 * shown
    text = mus.record(g, 0)
    assert "senas=yes" in text.splitlines()[1]
    assert ("catch=" in text.splitlines()[1]) == (catch != 0.25)


@pytest.mark.parametrize("level,seed,catch", [("facil", 5, 0.25), ("normal", 6, 1.0),
                                              ("dificil", 7, 0.0), ("normal", 8, 0.25)])
def test_bot_partidas_with_senas_round_trip(level: str, seed: int, catch: float) -> None:
    g = bot_partida(seed, level, mus.Rules(senas=True, catch=catch))
    assert g.is_over
    assert_senas_round_trip(g)


def senas_record(catch: float = 0.25) -> str:
    for seed in range(100):
        g = random_partida(seed, mus.Rules(senas=True, catch=catch), hands=3)
        for index in range(len(g.history)):
            text = mus.record(g, index)
            if "- cazada " in text:
                return text
    raise AssertionError("no hand with a caught seña")


def test_records_without_senas_keep_their_rules_line() -> None:
    text = mus.record(random_partida(1, hands=1), 0)
    assert text.splitlines()[1] == "rules reyes=8 real_31=no target=40 juegos_to_win=2 vacas_to_win=1"


def test_a_catch_by_a_partner_or_an_unknown_seat_is_refused() -> None:
    text = senas_record()
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("- cazada "))
    shower = int(lines[at - 1].split()[0])
    for bad in (f"- cazada {(shower + 2) % 4}", f"- cazada {shower}", "- cazada 7", "- cazada x",
                f"- cazada {(shower + 1) % 4} {(shower + 1) % 4}", "- servido Ab - - -"):
        with pytest.raises(ValueError, match=f"line {at + 1} of the record"):
            mus.replay("\n".join(lines[:at] + [bad] + lines[at + 1:]))
    with pytest.raises(ValueError, match="cannot act now, chance does"):
        mus.replay("\n".join(lines[:at] + lines[at + 1:]))


def test_a_catch_that_cannot_happen_is_refused() -> None:
    text = senas_record(1.0)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("- cazada "))
    with pytest.raises(ValueError, match="expected which rivals caught"):
        mus.replay("\n".join(lines[:at] + ["- cazada"] + lines[at + 1:]))
    never = text.replace("senas=yes catch=1.0", "senas=yes catch=0.0")
    with pytest.raises(ValueError, match="cazada"):
        mus.replay(never)


def test_the_catch_travels_in_the_link_code() -> None:
    text = senas_record(0.6)
    code = mus.encode_record(text)
    assert mus.decode_record(code) == text
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("- cazada "))
    other = "- cazada" if lines[at] != "- cazada" else lines[at]
    changed = "\n".join(lines[:at] + [other] + lines[at + 1:])
    assert mus.encode_record(changed) != code


def test_catches_stay_drawn_without_explicit_chance() -> None:
    g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1,
                           rules=mus.Rules(senas=True, catch=1.0))
    g = g.apply("no hay mus").apply("señas")
    assert g.phase == "senas" and g.to_play == 1 and not g.is_chance
    with pytest.raises(ValueError, match="not an action|not legal"):
        g.apply("cazada 1 3")
    assert [seen["seat"] for seen in g.observation(1)["senas"]] == [0]
