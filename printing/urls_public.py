"""Public PDFs, under ``t/<slug>/`` in the namespace ``printing``: each beside the page that
shows the same thing, its URL that page's with ``.pdf`` for the trailing slash."""

from django.urls import path

from printing.views import results

urlpatterns = [
    path("standings.pdf", results.standings_pdf, name="standings_pdf"),
    path("standings/series/<int:number>.pdf", results.series_standings_pdf,
         name="series_standings_pdf"),
    path("club-standings.pdf", results.club_standings_pdf, name="club_standings_pdf"),
    path("team-standings.pdf", results.team_standings_pdf, name="team_standings_pdf"),
    path("prizes.pdf", results.prizes_pdf, name="prizes_pdf"),
]
