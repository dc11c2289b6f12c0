"""Public PDFs, under ``t/<slug>/`` in the namespace ``printing``: each beside the page that
shows the same thing, its URL that page's with ``.pdf`` for the trailing slash."""

from django.urls import path

from printing.views import comparative, results, sheets

urlpatterns = [
    path("standings.pdf", results.standings_pdf, name="standings_pdf"),
    path("standings/series/<int:number>.pdf", results.series_standings_pdf,
         name="series_standings_pdf"),
    path("club-standings.pdf", results.club_standings_pdf, name="club_standings_pdf"),
    path("team-standings.pdf", results.team_standings_pdf, name="team_standings_pdf"),
    path("prizes.pdf", results.prizes_pdf, name="prizes_pdf"),
    path("series/<int:number>/table/<int:table>/sheet.pdf", sheets.public_sheet_pdf,
         name="public_sheet_pdf"),
    # comparative Skat
    path("series/<int:number>/hands.pdf", comparative.public_hands_pdf, name="public_hands_pdf"),
    path("comparative/standings.pdf", comparative.standings_pdf, name="comparative_pdf"),
    path("comparative/series/<int:number>/standings.pdf", comparative.series_standings_pdf,
         name="comparative_series_pdf"),
    path("comparative/series/<int:number>/travellers.pdf", comparative.travellers_pdf,
         name="travellers_pdf"),
    path("comparative/series/<int:number>/deck/<int:deck>/traveller.pdf",
         comparative.traveller_pdf, name="traveller_pdf"),
]
