"""Comparative Skat's PDFs: hand records and deck labels (the organizer's: before play the
hands are secret), and the standings, columns and travellers beside their public pages.

Each view has the decorator and the release rule of the page that shows the same thing: the
public hand records follow ``tournament.views.comparative.hand_records``, the standings and
travellers ``scoring.comparison.page``, as their pages do."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache

from printing import comparative, hand_records
from printing.views.common import options as _options
from printing.views.common import pdf as _pdf
from scoring.comparison.page import comparative_page
from scoring.comparison.page import comparison as _comparison
from tournament.comparative import page, services
from tournament.crowd import Cost, heavy
from tournament.languages import print_language
from tournament.models import DealSet, Series
from tournament.permissions import organizer_required, public_page


def _series(tournament, number: int) -> tuple[DealSet, Series]:
    deal_set = DealSet.objects.filter(tournament=tournament).first()
    if deal_set is None:
        raise Http404(gettext("This tournament is not played comparatively."))
    return deal_set, get_object_or_404(Series, tournament=tournament, number=number)


def _hands(request, tournament, number: int):
    deal_set, series = _series(tournament, number)
    with translation.override(print_language(tournament, request)):
        decks = page.hand_records(series)
        return _pdf(lambda out: hand_records.write_hand_records(
            out, decks, tournament_name=tournament.name, series=series.number,
            table_size=deal_set.table_size, seed=deal_set.seed, **_options(request, tournament)),
            f"{tournament.slug}-s{number}-hands.pdf")


@never_cache  # the cards of decks still to be played
@organizer_required
def hands_pdf(request, tournament, number):
    return _hands(request, tournament, number)


@public_page
@heavy(Cost.PDF)
def public_hands_pdf(request, visitor, number):
    """The hand-record page's rule: organizers always, everyone else once the series is
    released."""
    deal_set, series = _series(visitor.tournament, number)
    if not visitor.sees_hands_of(series):
        raise Http404(gettext("The hands are shown once the series' results are released."))
    return _hands(request, visitor.tournament, number)


@organizer_required
def deck_labels_pdf(request, tournament, number):
    deal_set, series = _series(tournament, number)
    with translation.override(print_language(tournament, request)):
        decks = page.hand_records(series)
        try:
            paths = services.deck_paths(services.room_movement(series, deal_set))
        except services.ComparativeError:
            paths = []  # not one table size yet: the labels leave the table to fill in
        labels = hand_records.deck_labels(decks, paths)
        return _pdf(lambda out: hand_records.write_deck_labels(
            out, labels, tournament_name=tournament.name, series=series.number,
            **_options(request, tournament)), f"{tournament.slug}-s{number}-deck-labels.pdf")


def _standings(request, visitor, number=None):
    suffix = f"-s{number}" if number else ""
    settings = _options(request, visitor.tournament)
    with translation.override(print_language(visitor.tournament, request)):
        page = comparative_page(visitor, number)
        return _pdf(lambda out: comparative.write_standings(out, page, **settings),
                    f"{visitor.tournament.slug}-comparative{suffix}.pdf")


@public_page
@heavy(Cost.PDF)
def standings_pdf(request, visitor):
    return _standings(request, visitor)


@public_page
@heavy(Cost.PDF)
def series_standings_pdf(request, visitor, number):
    return _standings(request, visitor, number)


@public_page
@heavy(Cost.PDF)
def travellers_pdf(request, visitor, number):
    settings = _options(request, visitor.tournament)
    with translation.override(print_language(visitor.tournament, request)):
        comparison = _comparison(visitor, number)
        decks = dict(comparison.decks_by_series()).get(number, [])
        title = comparative.travellers_title(comparison, number)
        return _pdf(lambda out: comparative.write_travellers(out, comparison, decks,
                                                             title=title, **settings),
                    f"{visitor.tournament.slug}-s{number}-travellers.pdf")


@public_page
@heavy(Cost.PDF)
def traveller_pdf(request, visitor, number, deck):
    settings = _options(request, visitor.tournament)
    with translation.override(print_language(visitor.tournament, request)):
        comparison = _comparison(visitor, number)
        if not 1 <= deck <= comparison.deal_set.decks:
            raise Http404(gettext("No such deck."))
        found = comparison.deck(number, deck)
        title = comparative.travellers_title(comparison, number, deck)
        return _pdf(lambda out: comparative.write_travellers(
            out, comparison, [found] if found else [], title=title, **settings),
            f"{visitor.tournament.slug}-s{number}-deck{deck}.pdf")
