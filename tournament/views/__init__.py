"""Views of the tournament app."""

from django.shortcuts import render
from django.utils import timezone

from tournament.guide import front_page


def home(request):
    """The front page: public tournaments for everybody, the visitor's own when logged in."""
    return render(request, "tournament/home.html", {
        "front": front_page(request.user, timezone.localdate())})
