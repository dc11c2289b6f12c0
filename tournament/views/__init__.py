"""Views of the tournament app."""

from django.shortcuts import render

from engine import rule_sets


def home(request):
    """The front page: what the site does and which rule sets the engine knows."""
    return render(request, "tournament/home.html", {"rule_sets": rule_sets()})
