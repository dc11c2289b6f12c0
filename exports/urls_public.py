"""The public's downloads, under ``t/<slug>/``: what its pages show, as files. Each URL is its
page's with ``.csv``, ``.xlsx`` or ``.ods`` (``<fmt:fmt>``) for the trailing slash, as the PDFs
take ``.pdf``; the staff get every series, as on the pages."""

from django.urls import path

from exports import (
    converters,  # noqa: F401  (registers <fmt:…>)
    views,
)

urlpatterns = [
    path("standings.<fmt:fmt>", views.standings, name="standings"),
    path("standings/series/<int:number>.<fmt:fmt>", views.series_standings,
         name="series_standings"),
    path("club-standings.<fmt:fmt>", views.clubs, name="clubs"),
    path("team-standings.<fmt:fmt>", views.teams, name="teams"),
    path("prizes.<fmt:fmt>", views.prizes, name="prizes"),
    path("player/<int:number>.<fmt:fmt>", views.player_deals, name="player_deals"),
    path("player/<int:number>/decks.<fmt:fmt>", views.player_decks, name="player_decks"),
    path("series/<int:number>/seating.<fmt:fmt>", views.seating, name="seating"),
    # comparative Skat
    path("comparative/standings.<fmt:fmt>", views.comparative, name="comparative"),
    path("comparative/series/<int:number>/standings.<fmt:fmt>", views.comparative_series,
         name="comparative_series"),
    path("comparative/series/<int:number>/travellers.<fmt:fmt>", views.travellers,
         name="travellers"),
    path("comparative/series/<int:number>/deck/<int:deck>/traveller.<fmt:fmt>",
         views.traveller, name="traveller"),
]
