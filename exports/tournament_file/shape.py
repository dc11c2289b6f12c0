"""Every key of the tournament file (docs/tournament-file.md), its type and range, and the
numbers that refer to each other: an entry's club, a seat's player, a deal's deck, a team's
members. ``check_document`` gives the document back with its values as the database takes
them (dates, times, decimals) or raises FileRefused with every place at fault. What only the
rules can say of a deal (its record, its seats, its outcome) is the loading's
(``sheets``), which reads the document this module passed."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine import Deck as EngineDeck
from engine import EngineError, Letter, UnknownRuleSet, get_rule_set
from engine.cards import BY_CODE
from scoring.models import CustomPrize, PrizeLot, ScoringSettings, Team
from tournament.comparative.services import MAX_DECKS
from tournament.forms import TournamentForm
from tournament.models import (
    Club,
    Deal,
    DealSet,
    Entry,
    KeepApart,
    Penalty,
    Series,
    Substitution,
    Table,
    Tournament,
)
from tournament.names import club_key
from tournament.words import refusal

from .document import (
    INVALID,
    VERSION,
    Found,
    Json,
    Kind,
    Text,
    TooMany,
    Whole,
    at,
    of_field,
    older_tournament,
    read_list,
    read_object,
    walk,
)
from .dump import SHEET_FIELDS
from .parts import PARTS


class Anything(Kind):
    """A value read by its own reader after this one (a nested object or list)."""

    null = True

    def check(self, value, path, found):
        return value


ANY = Anything()
NUMBER = Whole(1, of_field(Entry, "number").high)  # a participant number
SEAT = Whole(1, 4)
DEAL_NUMBER = Whole(1, 999)  # 99 deals a player at a four-table: 396


def _fields(model, *names: str, **changed: Kind) -> dict[str, Kind]:
    spec = {name: of_field(model, name) for name in names}
    spec.update(changed)
    return spec


TOP = {"format": ANY, "version": ANY, "exported_at": of_field(Tournament, "anonymized_at"),
       "tournament": ANY, "results_settings": ANY, "comparative": ANY, "clubs": ANY,
       "entries": ANY, "keep_apart": ANY, "series": ANY, "teams": ANY, "custom_prizes": ANY,
       "lots": ANY}
TOURNAMENT = _fields(
    Tournament, "name", "slug", "start_date", "end_date", "venue", "rule_set", "options",
    "scoring_system", "series_count", "deals_per_player", "table_policy", "public",
    "provisional_public", "blind_check", "settlement_rate", "paper", "time_zone", "language",
    "publication", "anonymized_at",
    name=of_field(Tournament, "name", blank=False),
    slug=of_field(Tournament, "slug", blank=False),
    series_count=Whole(1, TournamentForm.LIMITS["series_count"]),
    deals_per_player=Whole(1, TournamentForm.LIMITS["deals_per_player"]))
RESULTS = _fields(ScoringSettings, "count_unconfirmed", "one_prize_per_player", "club_best",
                  "prize_places", "league_schedule", "substitutes", "missing_deals")
COMPARATIVE = _fields(DealSet, "seed", table_size=Whole(3, 4), decks=Whole(1, MAX_DECKS),
                      seed=of_field(DealSet, "seed", blank=False))
CLUB = _fields(Club, "name", "city", name=of_field(Club, "name", blank=False))
ENTRY = _fields(Entry, "first_name", "last_name", "email", "checked_in", "checked_in_at",
                "withdrawn", "publication", "pseudonym", number=NUMBER,
                club=of_field(Club, "name", null=True, blank=False))
KEEP_APART = _fields(KeepApart, "reason", first=NUMBER, second=NUMBER)
SERIES = _fields(Series, "status", "seating_method", "seed", "repeat_pairs",
                 "apart_violations", "seated_at", number=Whole(1, 99), sits_out=ANY,
                 decks=ANY, tables=ANY)
DECK = {"number": Whole(1, MAX_DECKS), "dealer": Text(1, False, tuple(Letter)),
        "hands": Json(), "skat": ANY}
TABLE = {"number": of_field(Table, "number", low=1), "seats": ANY, "sheet": ANY,
         "substitutions": ANY, "deals": ANY, "penalties": ANY}
PLACE = {"position": SEAT, "entry": NUMBER}
SHEET = {key: of_field(Table, column) for key, column in SHEET_FIELDS.items()}
SUBSTITUTION = _fields(Substitution, "reason", "created_by", seat=SEAT,
                       from_deal=DEAL_NUMBER, substitute=NUMBER, replaced=NUMBER)
# a deal: these keys, and the canonical record's beside them (the engine reads those)
DEAL = _fields(Deal, "entered_by", number=DEAL_NUMBER, dealer=SEAT,
               declarer=Whole(1, 4, null=True), contra_by=Whole(1, 4, null=True),
               revoked_by=Whole(1, 4, null=True), deck=Whole(1, MAX_DECKS, null=True),
               outcome=Json(), version=of_field(Deal, "version", low=1))
PENALTY = _fields(Penalty, "reason", "points", "note", "entered_by", "by_organizer",
                  after_deal=Whole(0, 999), seat=SEAT, deal=Whole(1, 999, null=True))
TEAM = _fields(Team, "name", name=of_field(Team, "name", blank=False), members=ANY)
PRIZE = _fields(CustomPrize, "title", "kind", "place", "games", "label",
                number=Whole(1, 999), title=of_field(CustomPrize, "title", blank=False))
LOT = _fields(PrizeLot, "note", prize=Whole(1, 999), winner=NUMBER)


def check_document(document: dict) -> dict:
    """``document`` (its envelope read by ``document.read_document``) checked key by key,
    with its values as the database takes them; raises FileRefused."""
    found = Found()
    try:
        walk(document, found)
        clean = _read(document, found)
    except TooMany:
        clean = None
    found.refuse()
    return clean


def _items(value, path: str, spec: dict[str, Kind], found: Found, rest: bool = False):
    """(path, object read) of each item of the list ``value``; items not objects left out."""
    for i, item in enumerate(read_list(value, path, found)):
        read = read_object(item, spec, at(path, i), found, rest=rest)
        if read is not None:
            yield at(path, i), read


def _unique(items, key, path_of, found: Found, words: str) -> None:
    """Refuse the second item of a key seen before (``words`` names it with ``%(key)s``)."""
    seen = set()
    for path, item in items:
        value = key(item)
        if value is INVALID or (isinstance(value, tuple) and INVALID in value):
            continue
        if value in seen:
            found.add(path_of(path), words % {"key": value})
        seen.add(value)


def _read(document: dict, found: Found) -> dict:
    top = read_object(document, TOP, "", found, rest=True)
    tournament = read_object(older_tournament(document, top["tournament"]), TOURNAMENT,
                             "tournament", found) or {}
    rules = _rules(tournament, found)
    clean = {"tournament": tournament,
             "results_settings": read_object(top["results_settings"], RESULTS,
                                             "results_settings", found),
             "comparative": (None if top["comparative"] is None else
                             read_object(top["comparative"], COMPARATIVE, "comparative", found))}
    comparative = clean["comparative"]
    if comparative and INVALID not in comparative.values() and (
            comparative["decks"] % comparative["table_size"]):
        found.add("comparative.decks", _("must be a multiple of the table size: each player "
                                         "deals as often as the others."))
    clubs = list(_items(top["clubs"], "clubs", CLUB, found))
    _unique(clubs, lambda c: c["name"] if c["name"] is INVALID else club_key(c["name"]),
            lambda p: at(p, "name"), found, _("is the club “%(key)s” a second time."))
    club_names = {c["name"] for _, c in clubs}
    entries = list(_items(top["entries"], "entries", ENTRY, found))
    _unique(entries, lambda e: e["number"], lambda p: at(p, "number"), found,
            _("is number %(key)s a second time."))
    for path, entry in entries:
        if entry["club"] and entry["club"] not in club_names:
            found.add(at(path, "club"), _("names a club the file's clubs do not list."))
    numbers = {e["number"] for _, e in entries}
    refer = _Referrer(numbers, found)
    keep_apart = list(_items(top["keep_apart"], "keep_apart", KEEP_APART, found))
    for path, pair in keep_apart:
        refer.entry(pair["first"], at(path, "first"))
        refer.entry(pair["second"], at(path, "second"))
        if pair["first"] is not INVALID and pair["first"] == pair["second"]:
            found.add(path, _("keeps a player apart from the same player."))
    _unique(keep_apart, lambda k: (k["first"], k["second"]), lambda p: p, found,
            _("is the pair %(key)s a second time."))
    series = [_series(path, s, refer, comparative, found)
              for path, s in _items(top["series"], "series", SERIES, found)]
    count = tournament.get("series_count")
    listed = sorted(s["number"] for s in series if s["number"] is not INVALID)
    if count not in (None, INVALID) and listed != list(range(1, count + 1)):
        found.add("series", _("the tournament has %(count)s series (series_count): the file "
                              "must list series 1 to %(count)s, each once.") % {"count": count})
    teams = list(_items(top["teams"], "teams", TEAM, found))
    _unique(teams, lambda t: t["name"], lambda p: at(p, "name"), found,
            _("is the team “%(key)s” a second time."))
    for path, team in teams:
        team["members"] = refer.entries(team["members"], at(path, "members"))
    prizes = list(_items(top["custom_prizes"], "custom_prizes", PRIZE, found))
    _unique(prizes, lambda p: p["number"], lambda p: at(p, "number"), found,
            _("is prize %(key)s a second time."))
    for path, prize in prizes:
        _prize_games(prize, rules, path, found)
    lots = list(_items(top["lots"], "lots", LOT, found))
    _unique(lots, lambda lot: lot["prize"], lambda p: at(p, "prize"), found,
            _("is a second lot for prize %(key)s."))
    for path, lot in lots:
        refer.entry(lot["winner"], at(path, "winner"))
    parts = {}
    for key, value in (top.get("rest") or {}).items():
        if key in PARTS and document.get("version", VERSION) >= PARTS[key].since:
            parts[key] = PARTS[key].check(value, key, found)
        else:
            found.add(key, _("is not a key of this format (version %(version)s).")
                      % {"version": VERSION})
    clean.update(clubs=[c for _, c in clubs], entries=[e for _, e in entries],
                 keep_apart=[k for _, k in keep_apart], series=series,
                 teams=[t for _, t in teams], custom_prizes=[p for _, p in prizes],
                 lots=[lot for _, lot in lots], parts=parts)
    return clean


def _rules(tournament: dict, found: Found):
    """The tournament's rule set with its options checked, or None."""
    key = tournament.get("rule_set")
    if key in (None, INVALID):
        return None
    try:
        rules = get_rule_set(key)
    except UnknownRuleSet:
        return None
    options = tournament.get("options")
    if isinstance(options, dict):
        try:
            rules.resolve_options(options)
        except EngineError as exc:
            found.add("tournament.options", refusal(exc))
    return rules


class _Referrer:
    """Checks the participant numbers the document refers to against its entries."""

    def __init__(self, numbers: set[int], found: Found):
        self.numbers, self.found = numbers, found

    def entry(self, number, path: str) -> None:
        if number is not INVALID and number not in self.numbers:
            self.found.add(path, _("is number %(number)s, which no entry of the file has.")
                           % {"number": number})

    def entries(self, value, path: str) -> list[int]:
        """A list of distinct participant numbers."""
        numbers = []
        for i, item in enumerate(read_list(value, path, self.found)):
            number = NUMBER.read(item, at(path, i), self.found)
            if number is INVALID:
                continue
            self.entry(number, at(path, i))
            if number in numbers:
                self.found.add(at(path, i), _("is number %(number)s a second time.")
                               % {"number": number})
            numbers.append(number)
        return numbers


def _series(path: str, series: dict, refer: _Referrer, comparative, found: Found) -> dict:
    series["sits_out"] = refer.entries(series["sits_out"], at(path, "sits_out"))
    decks = [(p, _deck(p, d, comparative, found))
             for p, d in _items(series["decks"], at(path, "decks"), DECK, found)]
    _unique(decks, lambda d: d["number"], lambda p: at(p, "number"), found,
            _("is deck %(key)s a second time."))
    numbers = sorted(d["number"] for _, d in decks if d["number"] is not INVALID)
    if comparative is None and decks:
        found.add(at(path, "decks"), _("a tournament that is not comparative has no decks."))
    elif comparative and comparative["decks"] is not INVALID and numbers != list(
            range(1, comparative["decks"] + 1)):
        found.add(at(path, "decks"), _("must hold decks 1 to %(decks)s, each once, as the "
                                       "comparative set deals them.")
                  % {"decks": comparative["decks"]})
    tables = list(_items(series["tables"], at(path, "tables"), TABLE, found))
    _unique(tables, lambda t: t["number"], lambda p: at(p, "number"), found,
            _("is table %(key)s a second time."))
    seated: set[int] = set()
    series["decks"] = [d for _, d in decks]
    series["path"] = path
    series["tables"] = [_table(p, t, refer, set(numbers), seated, found) for p, t in tables]
    _substitutes(series["tables"], seated, found)
    return series


def _substitutes(tables: list[dict], seated: set[int], found: Found) -> None:
    """A substitute, as the director seats one: nobody seated in the series, at one seat of
    it, in place of another player."""
    place_of: dict[int, tuple] = {}
    for table in tables:
        for sub in table["substitutions"]:
            path, number = at(sub["path"], "substitute"), sub["substitute"]
            if number is INVALID:
                continue
            if number in seated:
                found.add(path, _("sits at a seat of the series: a substitute has none."))
            elif place_of.setdefault(number, (table["number"], sub["seat"])) != (
                    table["number"], sub["seat"]):
                found.add(path, _("substitutes at another seat of the series already."))
            if number == sub["replaced"]:
                found.add(path, _("replaces the same player."))


def _deck(path: str, deck: dict, comparative, found: Found) -> dict:
    if INVALID in deck.values():
        return deck
    try:
        hands = {Letter(letter): tuple(BY_CODE[code] for code in codes)
                 for letter, codes in deck["hands"].items()}
        skat = tuple(BY_CODE[code] for code in deck["skat"])
    except (KeyError, ValueError, TypeError):
        found.add(path, _("holds hands or a Skat that are not the engine's card codes by "
                          "letter (N, E, S, W), e.g. “CJ”, “HA”, “D7”."))
        return deck
    try:
        dealt = EngineDeck(deck["number"], deck["dealer"], hands, skat)
    except EngineError as exc:
        found.add(path, refusal(exc))
        return deck
    except (ValueError, TypeError):
        found.add(at(path, "skat"), _("must be the two cards of the Skat."))
        return deck
    if comparative and dealt.table_size != comparative["table_size"]:
        found.add(path, _("is dealt for a %(size)s-table; the comparative set's tables seat "
                          "%(set)s.") % {"size": dealt.table_size,
                                         "set": comparative["table_size"]})
    return deck


def _table(path: str, table: dict, refer: _Referrer, decks: set[int], seated: set[int],
           found: Found) -> dict:
    places = list(_items(table["seats"], at(path, "seats"), PLACE, found))
    _unique(places, lambda s: s["position"], lambda p: at(p, "position"), found,
            _("is seat %(key)s a second time."))
    for place_path, place in places:
        if place["entry"] is INVALID:
            continue
        refer.entry(place["entry"], at(place_path, "entry"))
        if place["entry"] in seated:
            found.add(at(place_path, "entry"), _("sits at a second seat of the series."))
        seated.add(place["entry"])
    positions = {s["position"] for _, s in places}
    table["seats"] = [s for _, s in places]
    table["sheet"] = read_object(table["sheet"], SHEET, at(path, "sheet"), found)
    substitutions = list(_items(table["substitutions"], at(path, "substitutions"),
                                SUBSTITUTION, found))
    _unique(substitutions, lambda s: (s["seat"], s["from_deal"]), lambda p: p, found,
            _("is a second substitute for seat and first deal %(key)s."))
    for sub_path, sub in substitutions:
        sub["path"] = sub_path
        refer.entry(sub["substitute"], at(sub_path, "substitute"))
        refer.entry(sub["replaced"], at(sub_path, "replaced"))
        _a_seat(sub["seat"], positions, at(sub_path, "seat"), found)
    table["substitutions"] = [s for _, s in substitutions]
    deals = list(_items(table["deals"], at(path, "deals"), DEAL, found, rest=True))
    _unique(deals, lambda d: d["number"], lambda p: at(p, "number"), found,
            _("is deal %(key)s a second time."))
    for deal_path, deal in deals:
        if deal["deck"] not in (None, INVALID) and deal["deck"] not in decks:
            found.add(at(deal_path, "deck"), _("is a deck the series does not hold."))
        deal["record"] = deal.pop("rest")
        deal["path"] = deal_path
    if deals and positions not in ({1, 2, 3}, {1, 2, 3, 4}):
        found.add(at(path, "seats"), _("a table whose sheet holds deals seats three or four "
                                       "players, in seats 1 to 3 or 1 to 4."))
    table["deals"] = [d for _, d in deals]
    penalties = list(_items(table["penalties"], at(path, "penalties"), PENALTY, found))
    for penalty_path, penalty in penalties:
        _a_seat(penalty["seat"], positions, at(penalty_path, "seat"), found)
        penalty["path"] = penalty_path
    table["penalties"] = [p for _, p in penalties]
    table["path"] = path
    return table


def _a_seat(seat, positions: set[int], path: str, found: Found) -> None:
    if seat is not INVALID and seat not in positions:
        found.add(path, _("is seat %(seat)s, where nobody sits at this table.")
                  % {"seat": seat})


def _prize_games(prize: dict, rules, path: str, found: Found) -> None:
    games = prize["games"]
    if rules is None or games is INVALID:
        return
    for key in (g for g in games.split(",") if g):
        if rules.game(key) is None:
            found.add(at(path, "games"), _("“%(game)s” is not a game of the rule set "
                                           "%(rules)s.") % {"game": key, "rules": rules.key})

