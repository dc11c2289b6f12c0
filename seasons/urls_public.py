"""A club's seasons as everyone reads them, under ``club/<club>/`` (seasons/access.py)."""

from django.urls import path

from exports import converters  # noqa: F401  (registers <fmt:…>)
from seasons.views import downloads, season_pages

urlpatterns = [
    path("", season_pages.club_seasons, name="club_public"),
    path("<slug:season>/", season_pages.ranking, name="ranking"),
    path("<slug:season>/player/<int:player>/", season_pages.player_season, name="player"),
    path("<slug:season>/ranking.pdf", downloads.ranking_pdf, name="ranking_pdf"),
    path("<slug:season>/ranking.<fmt:fmt>", downloads.ranking_export, name="ranking_export"),
]
