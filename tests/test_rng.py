"""``mus.rng.Twister``, the generator MicroPython draws from, against CPython's own.

The differential test only compares whole partidas; this draws every kind of number the
game and the bots ask for, across many twists, so a wrong lane in the packed twist shows
at once, with the seed and the draw that differ.
"""

from __future__ import annotations

import random

from mus.rng import Random, Twister


def test_twister_draws_what_cpython_draws() -> None:
    plan = random.Random(0)
    for seed in (0, 1, 7, 19650218, 2**31 - 1, 2**32, 2**40 + 7, 3**60):
        ours, theirs = Twister(seed), random.Random(seed)
        for step in range(3000):
            kind = plan.randrange(4)
            if kind == 0:
                k = plan.choice((1, 5, 27, 31, 32, 33, 64, 100))
                assert ours.getrandbits(k) == theirs.getrandbits(k), (seed, step, k)
            else:   # random() the most, as the bots do: it reads two words at once
                assert ours.random() == theirs.random(), (seed, step)
        assert ours.getstate() == theirs.getstate()[1]   # the 624 words and the index


def test_a_copied_twister_draws_on_its_own() -> None:
    first = Twister(5)
    for _ in range(623):   # one word short of a twist: the copy crosses it alone
        first.getrandbits(32)
    twin = first.copy()
    expected = [first.random() for _ in range(700)]
    assert [twin.random() for _ in range(700)] == expected


def test_random_draws_the_same_on_either_core() -> None:
    """``Random`` takes ``random`` from its core: CPython's C one here."""
    ours, theirs = Random(3), random.Random(3)
    assert [ours.random() for _ in range(700)] == [theirs.random() for _ in range(700)]


def test_choices_pick_what_cpython_picks() -> None:
    """``choices`` sweeps its sorted draws where CPython bisects each one: same picks,
    zero weights and the last item included."""
    plan = random.Random(1)
    for seed in range(30):
        size = plan.choice((1, 2, 7, 330))
        weights = [plan.choice((0.0, plan.random(), plan.random() * 1e-9)) for _ in range(size)]
        weights[-1] += 1e-12
        items = list(range(size))
        k = plan.choice((1, 5, 160))
        assert Random(seed).choices(items, weights, k=k) == random.Random(seed).choices(items, weights, k=k)
