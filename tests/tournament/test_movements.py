"""The movement of comparative Skat: decks travel, players stay (pure, no database)."""

import re
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.seating.leftover import Leftover, Remedy, leftover
from tournament.seating.movements import MovementError, movement, sections

TABLES = st.integers(min_value=-2, max_value=20)
DECKS = st.integers(min_value=-2, max_value=60)


def works(tables, decks):
    try:
        movement(tables, decks)
    except MovementError:
        return False
    return True


def splits(tables, decks):
    try:
        sections(tables, decks)
    except MovementError:
        return False
    return True


def clause(message):
    """The "… would work" clause of a refusal, without the counts it was asked about."""
    return re.search(r"; ([^;]*) would work", message).group(1)


# --- movement: a hand-checked example -------------------------------------------------------------


def test_six_tables_twelve_decks_by_hand():
    m = movement(6, 12)
    assert (m.tables, m.decks, m.decks_per_round) == (6, 12, 2)
    assert m.rounds[0] == ((1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12))
    assert m.rounds[1] == ((3, 4), (5, 6), (7, 8), (9, 10), (11, 12), (1, 2))
    assert m.decks_of(1, 1) == (1, 2)
    assert m.decks_of(1, 2) == (3, 4)
    assert m.decks_of(2, 1) == (3, 4)
    assert m.decks_of(6, 1) == (11, 12)
    # Decks 3-4 go from table 2 to table 1, and table 1's to the last table.
    assert m.path(3) == ((1, 2), (2, 1), (3, 6), (4, 5), (5, 4), (6, 3))
    assert m.table_of(2, 1) == 6
    assert len(m.rounds) == 6


def test_helpers_refuse_numbers_outside_the_movement():
    m = movement(3, 6)
    for call in (lambda: m.decks_of(0, 1), lambda: m.decks_of(4, 1), lambda: m.decks_of(1, 4),
                 lambda: m.table_of(1, 7), lambda: m.path(0)):
        with pytest.raises(MovementError, match="does not exist"):
            call()


def test_a_movement_is_frozen():
    m = movement(2, 2)
    with pytest.raises(AttributeError):
        m.tables = 3


# --- movement: properties -------------------------------------------------------------------------


@settings(max_examples=300)
@given(TABLES, DECKS)
def test_every_accepted_movement_is_sound(tables, decks):
    if tables < 2 or decks < 1 or decks % tables:
        with pytest.raises(MovementError):
            movement(tables, decks)
        return
    m = movement(tables, decks)
    k = decks // tables
    assert len(m.rounds) == tables
    met = {}
    for r, round_ in enumerate(m.rounds, start=1):
        assert len(round_) == tables
        played = [deck for table in round_ for deck in table]
        assert sorted(played) == list(range(1, decks + 1))  # every deck once: at no two tables
        for t, table in enumerate(round_, start=1):
            assert len(table) == k  # every table the same number of decks
            assert m.decks_of(r, t) == table
            for deck in table:
                assert (t, deck) not in met
                met[t, deck] = r
                assert m.table_of(r, deck) == t
    assert len(met) == tables * decks  # each table meets each deck exactly once
    for deck in range(1, decks + 1):
        path = m.path(deck)
        assert [r for r, _ in path] == list(range(1, tables + 1))
        assert sorted(t for _, t in path) == list(range(1, tables + 1))
        assert all(met[t, deck] == r for r, t in path)


def test_decks_travel_in_groups_to_the_table_below():
    m = movement(4, 8)
    for deck in range(1, 9):
        tables = [t for _, t in m.path(deck)]
        assert all((a - b) % 4 == 1 for a, b in zip(tables, tables[1:], strict=False))


def test_the_movement_is_deterministic():
    assert movement(12, 36) == movement(12, 36)


# --- movement: refusals ---------------------------------------------------------------------------


def test_the_refusal_names_counts_that_work():
    with pytest.raises(MovementError) as refused:
        movement(5, 12)
    assert str(refused.value) == (
        "12 decks cannot be shared by 5 tables in equal groups; 4 or 6 tables, or 10 or 15 "
        "decks, would work"
    )
    assert refused.value.alternatives == ((4, 12), (6, 12), (5, 10), (5, 15))


@pytest.mark.parametrize(("tables", "decks", "words"), [
    (1, 12, "at least 2 tables"),
    (0, 0, "at least 2 tables (it has 0 tables) and at least 1 deck"),
    (3, 0, "at least 1 deck"),
    (5, 3, "More tables than decks need sections"),
])
def test_refusals_say_what_is_wrong(tables, decks, words):
    with pytest.raises(MovementError, match=re.escape(words)):
        movement(tables, decks)


@settings(max_examples=300)
@given(TABLES, DECKS)
def test_every_refusal_names_counts_that_movement_accepts(tables, decks):
    try:
        movement(tables, decks)
    except MovementError as refused:
        assert refused.alternatives
        named = clause(str(refused))
        numbers = {int(n) for n in re.findall(r"\d+", named)}
        for t, d in refused.alternatives:
            assert works(t, d), (t, d)
            assert {t, d} - {tables, decks} <= numbers  # the message names what changes
        assert numbers <= {n for pair in refused.alternatives for n in pair}


def test_the_alternatives_are_the_nearest():
    with pytest.raises(MovementError) as refused:
        movement(7, 36)
    assert refused.value.alternatives == ((6, 36), (9, 36), (7, 35), (7, 42))


# --- sections -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("tables", "decks", "expected"), [
    (6, 12, [6]),
    (10, 12, [6, 4]),
    (7, 12, [4, 3]),
    (13, 12, [6, 4, 3]),
    (24, 12, [12, 12]),
    (40, 36, [36, 4]),
    (60, 48, [48, 12]),
    (14, 36, [12, 2]),
])
def test_sections_by_hand(tables, decks, expected):
    assert sections(tables, decks) == expected


def brute_force(tables, decks):
    """The rule of ``sections`` by enumeration: fewest, then smallest spread, then largest."""
    sizes = [s for s in range(2, decks + 1) if decks % s == 0]
    for n in range(1, tables // 2 + 1):
        found = [sorted(c, reverse=True) for c in combinations_with_replacement(sizes, n)
                 if sum(c) == tables]
        if found:
            return min(found, key=lambda c: (c[0] - c[-1], [-s for s in c]))
    return None


@settings(max_examples=300)
@given(st.integers(min_value=-1, max_value=200), st.integers(min_value=-1, max_value=60))
def test_sections_cover_the_room_with_sizes_that_divide_the_decks(tables, decks):
    try:
        sizes = sections(tables, decks)
    except MovementError as refused:
        assert refused.alternatives
        for t, d in refused.alternatives:
            assert splits(t, d), (t, d)
        return
    assert sum(sizes) == tables
    assert all(s >= 2 and decks % s == 0 for s in sizes)
    assert sizes == sorted(sizes, reverse=True)
    assert sections(tables, decks) == sizes  # deterministic
    for size in sizes:
        movement(size, decks)  # each section has a movement


@settings(max_examples=300)
@given(st.integers(min_value=-1, max_value=30), st.integers(min_value=-1, max_value=40))
def test_sections_follow_the_rule(tables, decks):
    expected = brute_force(tables, decks) if tables >= 2 and decks >= 2 else None
    if expected is None:
        with pytest.raises(MovementError):
            sections(tables, decks)
    else:
        assert sections(tables, decks) == expected


def test_a_room_no_split_can_serve_is_refused_with_counts_that_work():
    with pytest.raises(MovementError) as refused:
        sections(7, 16)
    assert str(refused.value) == (
        "a room of 7 tables cannot be split into sections whose sizes divide 16 decks "
        "(sections of 2, 4, 8 or 16 tables); 6 or 8 tables, or 14 or 18 decks, would work"
    )


def test_a_congress_room_is_split_quickly():
    sizes = sections(1000, 36)
    assert sum(sizes) == 1000 and len(sizes) == 30


# --- players left over ----------------------------------------------------------------------------


def test_nobody_left_over():
    assert leftover(48, 4) == Leftover(48, 4, 12, 0, ())


@pytest.mark.parametrize(("players", "size", "moved", "other_tables", "tables"), [
    (90, 4, 4, 2, 21),  # 2 left over + 1 four-table = 2 three-tables
    (89, 4, 8, 3, 20),  # 1 left over + 2 four-tables = 3 three-tables
    (91, 4, 12, 5, 19),  # 3 left over make 1 three-table, not a comparison: 3 more tables
    (23, 3, 6, 2, 5),  # 2 left over + 2 three-tables = 2 four-tables
    (25, 3, 15, 4, 3),  # 1 left over + 5 three-tables = 4 four-tables
])
def test_a_section_of_the_other_size_comes_first(players, size, moved, other_tables, tables):
    result = leftover(players, size)
    section, byes = result.options
    assert section.remedy is Remedy.SECTION
    assert (section.moved, section.other_tables, section.tables) == (moved, other_tables, tables)
    assert section.tables * size + section.other_tables * (7 - size) == players
    assert byes.remedy is Remedy.BYES
    assert byes.byes == result.left_over == players % size
    assert byes.tables == result.tables == players // size


def test_the_options_in_words():
    section, byes = leftover(90, 4).options
    assert section.sentence == (
        "The 2 players left over and the 4 of 1 four-table sit at 2 three-tables, a section "
        "of their own compared only among those 2 tables; 21 four-tables play the main "
        "comparison"
    )
    assert byes.sentence == "2 players sit out (a bye); 22 four-tables play"


def test_only_byes_when_the_other_section_would_leave_too_few():
    # 9 four-players and 1: the 3 three-tables would leave no 2 four-tables to compare.
    (byes,) = leftover(9, 4).options
    assert byes.remedy is Remedy.BYES and byes.byes == 1


@settings(max_examples=300)
@given(st.integers(min_value=0, max_value=400), st.sampled_from([3, 4]))
def test_every_option_seats_every_player_once(players, size):
    try:
        result = leftover(players, size)
    except MovementError as refused:
        assert players < 2 * size
        for p, s in refused.alternatives:
            leftover(p, s)
        return
    assert result.tables * size + result.left_over == players
    assert 0 <= result.left_over < size
    assert bool(result.options) == bool(result.left_over)
    for option in result.options:
        other = 7 - size
        assert option.tables * size + option.other_tables * other + option.byes == players
        assert option.tables >= 2
        assert option.other_tables == 0 or option.other_tables >= 2


def test_refusals_of_leftover():
    with pytest.raises(MovementError, match="3 or 4 players, not 5"):
        leftover(10, 5)
    with pytest.raises(MovementError) as refused:
        leftover(6, 4)
    assert str(refused.value) == (
        "a comparison needs at least 2 four-tables (8 players); 6 players fill only 1 "
        "four-table; they would fill 2 three-tables"
    )
