"""The payout sheet (page, PDF, downloads) and the organizer's cash book."""

from django.http import Http404

from tournament.permissions import organizer_required


@organizer_required
def payouts(request, tournament):
    raise Http404  # to be built


@organizer_required
def payouts_pdf(request, tournament):
    raise Http404  # to be built


@organizer_required
def payouts_export(request, tournament, fmt):
    raise Http404  # to be built


@organizer_required
def cash_book(request, tournament):
    raise Http404  # to be built


@organizer_required
def cash_book_export(request, tournament, fmt):
    raise Http404  # to be built
