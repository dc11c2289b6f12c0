"""The foot of a score sheet (tournament/sheets/foot.py) and the rank prizes 3 and 7 give a
game won against matadors (engine.against_rank): pure."""

from hypothesis import given
from hypothesis import strategies as st

from engine import NOT_GAMES, SOLO_GAMES, TOURNE_GAMES, GameKey, Suit, against_rank
from tournament.sheets.foot import FOOT_COLUMNS, GAMES_COLUMN, Foot, foot_of

GAMES = sorted(GameKey)
TRUMPS = ["", *(suit.key for suit in Suit)]

deal = st.tuples(
    st.one_of(st.none(), st.integers(1, 4)),  # declarer
    st.sampled_from(GAMES),
    st.one_of(st.none(), st.booleans()),  # won
    st.integers(0, 2000),  # value
    st.integers(-11, 11),  # matadors
    st.sampled_from(TRUMPS),
    st.one_of(st.none(), st.integers(0, 120)),  # card points
    st.integers(-500, 500), st.integers(-500, 500), st.integers(-500, 500),
    st.integers(-500, 500),
)


def added_up(deals, seat):
    """What seat ``seat``'s column adds up to, said the long way."""
    games = [d for d in deals if d[0] == seat and d[1] not in NOT_GAMES and d[2] is not None]
    won = [d for d in games if d[2]]

    def best(kind):
        ranks = [against_rank(d[1], d[5], d[4], d[3], d[6]) for d in won if d[1] in kind]
        ranks = [r for r in ranks if r is not None]
        return max(ranks) if ranks else None

    return (sum(d[6 + seat] for d in deals), len(won), len(games) - len(won),
            max((d[3] for d in won), default=None), best(SOLO_GAMES), best(TOURNE_GAMES),
            {g: sum(1 for d in won if d[1] == g) for g in {d[1] for d in won}})


@given(st.lists(deal, max_size=40))
def test_the_foot_is_what_each_seats_column_adds_up_to(deals):
    foot = foot_of(deals)
    assert foot.deals == len(deals)
    for i, seat in enumerate((1, 2, 3, 4)):
        assert (foot.points[i], foot.won[i], foot.lost[i], foot.highest[i], foot.solo[i],
                foot.tourne[i], dict(foot.games.get(seat, {}))) == added_up(deals, seat)


@given(st.lists(deal, max_size=12))
def test_a_foot_reads_back_from_the_tables_columns(deals):
    foot = foot_of(deals)
    columns = foot.columns()
    assert list(columns) == [*FOOT_COLUMNS, GAMES_COLUMN]
    games = {seat: dict(won) for seat, won in columns[GAMES_COLUMN].items()}  # as JSON keeps it
    assert Foot.from_columns([columns[c] for c in FOOT_COLUMNS], games) == foot


against = st.tuples(st.sampled_from(sorted(SOLO_GAMES | TOURNE_GAMES)),
                    st.sampled_from(TRUMPS[1:]), st.integers(-11, -1), st.integers(0, 5000),
                    st.one_of(st.none(), st.integers(0, 120)))


def book_key(game, trump, matadors, value, card_points):
    """Prizes 3 and 7 as docs/rules.md §11 orders them: more matadors against, then Grand
    over ♣ ♠ ♥ ♦, then the value, then the card points (unknown below none)."""
    grand = game in {GameKey.GRAND, GameKey.GRAND_OUVERT, GameKey.GRAND_TOURNE}
    kind = 5 if grand else int(Suit.from_key(trump))
    return (-matadors, kind, value, -1 if card_points is None else card_points)


@given(against, against)
def test_the_rank_against_matadors_orders_as_the_book_does(one, other):
    assert (against_rank(*one) > against_rank(*other)) == (book_key(*one) > book_key(*other))
    assert (against_rank(*one) == against_rank(*other)) == (
        book_key(*one) == book_key(*other))


def test_a_game_with_matadors_or_of_neither_class_has_no_rank():
    assert against_rank(GameKey.SOLO, "clubs", 2, 100, 61) is None
    assert against_rank(GameKey.NULL, "", -2, 23, None) is None
    assert against_rank(GameKey.SOLO, "", -2, 23, None) is None  # a Solo needs its trump
