"""A realistic demo congress: clubs, about 60 players, three series seated and published."""

from __future__ import annotations

import dataclasses
import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from engine import (
    DEFAULT_RULE_SET,
    Declaration,
    GameKey,
    GameKind,
    Letter,
    PenaltyReason,
    RamschResult,
    Suit,
    deck_matadors,
    to_record,
)
from tournament import lifecycle
from tournament.models import Club, Entry, Player, SeatingMethod, Tournament
from tournament.seating import services as plans

DEMO_SLUG = "demo-congress"
COMPARATIVE_SLUG = "demo-comparative"

CLUBS = [
    ("Milwaukee Skat Club", "Milwaukee"), ("Germania Chicago", "Chicago"),
    ("Cincinnati Skat Verein", "Cincinnati"), ("Pik As St. Louis", "St. Louis"),
    ("Concordia Detroit", "Detroit"), ("Grand Ouvert Cleveland", "Cleveland"),
    ("Herz Dame Buffalo", "Buffalo"), ("Kreuz Bube Toronto", "Toronto"),
]
FIRST = ["Anna", "August", "Bertha", "Carl", "Clara", "Ernst", "Emma", "Franz", "Frieda",
         "Georg", "Hedwig", "Heinrich", "Ida", "Johann", "Karl", "Louise", "Martha", "Otto",
         "Paul", "Rosa", "Wilhelm", "Emil", "Gustav", "Helene", "Hermann", "Lina", "Max"]
LAST = ["Becker", "Brandt", "Fischer", "Hartmann", "Hoffmann", "Jung", "Keller", "Koch",
        "Kraus", "Lange", "Lehmann", "Meyer", "Möller", "Neumann", "Richter", "Schäfer",
        "Schmidt", "Schneider", "Schulz", "Schwarz", "Vogel", "Wagner", "Weber", "Wolf",
        "Zimmermann", "Bauer", "Krüger", "Ludwig", "Sommer", "Winter"]


def _fresh_tournament(existing: Tournament | None, **fields) -> Tournament:
    """A demo tournament built anew (the old one deleted), run by the dev organizer if any."""
    if existing:
        existing.delete()
    tournament = Tournament.objects.create(venue="Turner Hall, Milwaukee",
                                           rule_set=DEFAULT_RULE_SET, public=True, **fields)
    organizer = get_user_model().objects.filter(username="organizer").first()
    if organizer:
        tournament.organizers.add(organizer)
        Tournament.objects.filter(pk=tournament.pk).update(created_by=organizer)
    return tournament


def build_demo_congress(players: int = 62, checked_in: int = 59, seed: str = "demo",
                        reset: bool = False, with_deals: bool = False) -> Tournament:
    """Create the demo congress (or return it if it exists and ``reset`` is false)."""
    existing = Tournament.objects.filter(slug=DEMO_SLUG).first()
    if existing and not reset:
        return existing
    rng = random.Random(seed)
    with transaction.atomic():
        tournament = _fresh_tournament(
            existing, name="North American Skat Congress 2027 (demo)", slug=DEMO_SLUG,
            start_date=datetime.date(2027, 6, 12), end_date=datetime.date(2027, 6, 13))
        clubs = [Club.objects.get_or_create(name=n, defaults={"city": c})[0] for n, c in CLUBS]
        names: set[tuple[str, str]] = set()
        while len(names) < players:
            names.add((rng.choice(FIRST), rng.choice(LAST)))
        for number, (first, last) in enumerate(sorted(sorted(names), key=lambda n: rng.random()),
                                               start=1):
            club = rng.choice(clubs)
            player = Player.objects.create(first_name=first, last_name=last)
            Entry.objects.create(tournament=tournament, player=player, number=number,
                                 first_name=first, last_name=last, club=club,
                                 checked_in=number <= checked_in)
        for series in plans.ensure_series(tournament):
            method = SeatingMethod.DRAW if series.number == 1 else SeatingMethod.RESEAT
            plans.seat_series(series, method, f"{seed}-{series.number}", user=None)
            plans.publish(series, user=None)
            if with_deals:  # series 1 and 2 played and confirmed, series 3 under way
                series.refresh_from_db()
                last = series.number == tournament.series_count
                play_demo_series(series, rng, share=0.5 if last else 1.0, confirm=not last)
    return tournament


# --- deals for the demo: plausible games drawn from a seed, scored by the engine ----------

GAME_WEIGHTS = {GameKey.TOURNE: 30, GameKey.SOLO: 26, GameKey.GRAND: 12,
                GameKey.GRAND_TOURNE: 5, GameKey.GUCKSER: 5, GameKey.NULL: 5,
                GameKey.NULL_OUVERT: 2, GameKey.GRAND_OUVERT: 1, GameKey.RAMSCH: 10}
SUITS = sorted(Suit, reverse=True)  # clubs, spades, hearts, diamonds


def random_deal(rng: random.Random, info, number: int):
    """A plausible deal for seat rotation ``number`` at the table ``info``, its record written
    by the engine from a typed declaration (``engine.to_record``)."""
    from tournament.sheets.loaders import DealInput

    dealer = info.dealer(number)
    active = [p.position for p in info.players if info.size == 3 or p.position != dealer]
    games = [g for g in GAME_WEIGHTS if info.rules.game(g) is not None
             and info.rules.enabled(info.rules.game(g), info.options)]
    key = rng.choices(games, weights=[GAME_WEIGHTS[g] for g in games])[0]
    game = info.rules.game(key)
    if key == GameKey.RAMSCH:
        ramsch = RamschResult(game, loser=rng.choice(active), jungfer=rng.random() < 0.15)
        return DealInput(record=to_record(ramsch))
    declarer = rng.choice(active)
    if game.kind is GameKind.NULL:
        tricks = 0 if rng.random() < 0.7 else rng.randint(1, 3)
        return DealInput(record=to_record(Declaration(game, tricks=tricks)), declarer=declarer)
    trump = rng.choice(SUITS) if game.kind is GameKind.SUIT else None
    most = 4 if game.kind is GameKind.GRAND else 5
    m = min(most, max(1, int(rng.expovariate(0.8)) + 1))
    matadors = m if rng.random() < 0.6 else -m
    if key == GameKey.GRAND_OUVERT:
        card_points = 120
    elif rng.random() < 0.75:
        card_points = rng.randint(61, 105)
    else:
        card_points = rng.randint(20, 60)
    tricks = 10 if card_points == 120 else None
    declaration = Declaration(game, trump=trump, matadors=matadors, card_points=card_points,
                              tricks=tricks)
    return DealInput(record=to_record(declaration), declarer=declarer)


def _with_the_decks_matadors(info, number: int, data):
    """At a comparative table the matadors are the deck's, not drawn at random."""
    deck = info.deck(number)
    record = data.record
    if deck is None or "matadors" not in record or data.declarer is None:
        return data
    from tournament.comparative import services as comparative

    trump = Suit.from_key(record["trump"]) if "trump" in record else None
    matadors = deck_matadors(comparative.engine_deck(deck),
                             Letter(comparative.letter_of(data.declarer)), trump)
    return dataclasses.replace(data, record={**record, "matadors": matadors})


def _analysed_deal(rng: random.Random, info, number: int, analysed):
    """A comparative table's deal from the deck's open-card analysis: mostly the letter with
    the best game declares it, and takes about what the open cards give (within what any
    play allows), so the travellers read "made 74 of a possible 89" as a real room would."""
    from engine.analysis import hand_record
    from tournament.sheets.loaders import DealInput

    deck = info.deck(number)
    letters = analysed.get(deck.pk) if deck is not None else None
    if not letters:
        return _with_the_decks_matadors(info, number, random_deal(rng, info, number))
    ranked = sorted(letters, key=lambda letter: -letter.best.value)
    letter = ranked[0] if rng.random() < 0.75 else rng.choice(ranked)
    result = letter.best if rng.random() < 0.8 else rng.choice(letter.games)
    record = hand_record(info.rules, result.game)
    if result.card_points is None:
        won = result.won if rng.random() < 0.9 else not result.won
        record["tricks"] = 0 if won else 1
    else:
        cards = result.cards
        low = cards.fewest if cards.fewest is not None else 0
        high = cards.most if cards.most is not None else 120
        points = min(max(result.card_points + rng.randint(-10, 6), low), high)
        if points == 120:  # the tricks decide Schwarz: the open cards say whether all were his
            record["tricks"] = 10 if cards.schwarz and cards.card_points == 120 else 9
        record["card_points"] = points
        trump = None if result.game == "grand" else Suit.from_key(result.game)
        record["matadors"] = deck_matadors(_engine_deck(deck), letter.letter, trump)
    from tournament.comparative.services import seat_of

    return DealInput(record=record, declarer=seat_of(letter.letter))


_SOLVED: dict[str, tuple[dict, float]] = {}  # the demo's decks, solved once a process


def _analyse(deck) -> None:
    """The deck's analysis; a process that built the demo before (``--reset``, the tests)
    stores what it solved then: the same seed deals the same decks."""
    from tournament.comparative import analysis
    from tournament.models import DeckAnalysis

    key = repr((deck.number, deck.dealer, deck.hands, deck.skat))
    if key in _SOLVED:
        solved, seconds = _SOLVED[key]
        DeckAnalysis.objects.create(deck=deck, solved=solved, seconds=seconds)
    else:
        made = analysis.analyse_deck(deck)
        _SOLVED[key] = (made.solved, made.seconds)


def _engine_deck(deck):
    from tournament.comparative.services import engine_deck

    return engine_deck(deck)


def build_comparative_demo(seed: str = "southwell", reset: bool = False) -> Tournament:
    """A comparative evening: 18 players at six three-tables play the same 12 decks, fully
    played, confirmed and released (or return it if it exists and ``reset`` is false)."""
    from tournament.comparative import analysis
    from tournament.comparative.services import make_comparative
    from tournament.models import SeriesStatus

    existing = Tournament.objects.filter(slug=COMPARATIVE_SLUG).first()
    if existing and not reset:
        return existing
    rng = random.Random(seed)
    with transaction.atomic():
        tournament = _fresh_tournament(
            existing, name="Southwell Comparative Evening (demo)", slug=COMPARATIVE_SLUG,
            start_date=datetime.date(2027, 6, 14), series_count=1)
        clubs = [Club.objects.get_or_create(name=n, defaults={"city": c})[0] for n, c in CLUBS]
        names = sorted({(f, last) for f in FIRST for last in LAST})
        for number, (first, last) in enumerate(rng.sample(names, 18), start=1):
            player = Player.objects.create(first_name=first, last_name=last)
            Entry.objects.create(tournament=tournament, player=player, number=number,
                                 first_name=first, last_name=last, club=rng.choice(clubs),
                                 checked_in=True)
        (series,) = plans.ensure_series(tournament)
        make_comparative(tournament, table_size=3, decks=12, seed=seed, user=None)
        # a command, not a request: the analysis is made here (a worker would find it done),
        # and the tables play from it
        for deck in series.decks.all():
            _analyse(deck)
        analysed = analysis.analyses(series.decks.all(), tournament.rules)
        plans.seat_series(series, SeatingMethod.DRAW, seed, user=None)
        plans.publish(series, user=None)
        series.refresh_from_db()
        play_demo_series(series, rng, analysed=analysed)
        series.refresh_from_db()
        lifecycle.move(series, SeriesStatus.RELEASED, None, actor="demo")
    return tournament


def play_demo_series(series, rng: random.Random, share: float = 1.0, confirm: bool = True,
                     analysed=None):
    """Fill every table of ``series`` with deals (``share`` of the series) in bulk; at a
    comparative series with ``analysed`` decks (deck id -> letters), from their analysis."""
    from tournament.models import Deal, Penalty, SheetStatus
    from tournament.sheets.loaders import table_info
    from tournament.sheets.rows import feet_to_seats, foot_of_rows, scored_row, set_foot

    deals, penalties = [], []
    for table in series.tables.all():
        info = table_info(table)
        count = round(info.deal_count * share)
        played = []
        for number in range(1, count + 1):
            if analysed is not None:
                data = _analysed_deal(rng, info, number, analysed)
            else:
                data = _with_the_decks_matadors(info, number, random_deal(rng, info, number))
            played.append(scored_row(info, number, data, "demo"))
            if rng.random() < 0.004:
                penalties.append(Penalty(table=table, after_deal=number,
                                         reason=PenaltyReason.MISDEAL,
                                         seat=info.dealer(number + 1), points=10,
                                         entered_by="demo"))
        deals += played
        set_foot(table, foot_of_rows(played))
        if confirm and count == info.deal_count:
            table.sheet_status = SheetStatus.CONFIRMED
            table.submitted_by = info.players[0].name
            table.confirmed_by = info.players[1].name
            table.submitted_at = table.confirmed_at = series.seated_at
            table.sheet_version = count + 2
        else:
            table.sheet_version = count
        table.save()
    Deal.objects.bulk_create(deals, batch_size=500)
    feet_to_seats(series=series.pk)
    Penalty.objects.bulk_create(penalties)
    lifecycle.deal_recorded(series, None, actor="demo")
    lifecycle.sheet_confirmed(series, None, actor="demo")


# --- a congress of any size, for benchmarks (manage.py generate_congress) -----------------

def congress_names(count: int) -> list[tuple[str, str]]:
    """``count`` distinct names, the demo's first and last names first and then numbered
    (the demo's 810 combinations run out before a congress does)."""
    pairs = [(first, last) for last in LAST for first in FIRST]
    return [(first, last if i < len(pairs) else f"{last}-{i // len(pairs)}")
            for i, (first, last) in ((i, pairs[i % len(pairs)]) for i in range(count))]


def build_congress(slug: str, players: int, series_count: int = 3, seed: str = "bench",
                   played: float = 1.0, reset: bool = False, unplayed: int = 0) -> Tournament:
    """A congress of ``players`` players in ``series_count`` series, every series seated,
    published and played (``played`` of each sheet's deals), full sheets confirmed, but the
    last ``unplayed`` series, which stay seated with no deal (for a load test); built
    through the seating services and scored by the engine like the demo, with the players
    and deals written in bulk. An existing tournament of ``slug`` is returned unless
    ``reset``."""
    from tournament.names import person_key

    existing = Tournament.objects.filter(slug=slug).first()
    if existing and not reset:
        return existing
    rng = random.Random(seed)
    with transaction.atomic():
        tournament = _fresh_tournament(
            existing, name=f"Congress of {players} players (generated)", slug=slug,
            start_date=datetime.date(2027, 6, 12), series_count=series_count)
        clubs = [Club.objects.get_or_create(name=n, defaults={"city": c})[0] for n, c in CLUBS]
        names = congress_names(players)
        people = Player.objects.bulk_create(
            [Player(first_name=first, last_name=last) for first, last in names],
            batch_size=1000)
        Entry.objects.bulk_create(
            [Entry(tournament=tournament, player=person, number=number, first_name=first,
                   last_name=last, club=rng.choice(clubs), checked_in=True,
                   name_key=person_key(first, last))
             for number, (person, (first, last)) in enumerate(zip(people, names, strict=True),
                                                             start=1)],
            batch_size=1000)
        for series in plans.ensure_series(tournament):
            method = SeatingMethod.DRAW if series.number == 1 else SeatingMethod.RESEAT
            plans.seat_series(series, method, f"{seed}-{series.number}", user=None)
            plans.publish(series, user=None)
            if series.number > series_count - unplayed:
                continue
            series.refresh_from_db()
            play_demo_series(series, rng, share=played, confirm=True)
    return tournament
