"""Result pages of the public, under ``t/<slug>/``: released series only (``public_page``)."""

from django.urls import path

from scoring.views import public

urlpatterns = [
    path("standings/", public.standings_overall, name="standings"),
    path("standings/series/<int:number>/", public.standings_series, name="series_standings"),
    path("club-standings/", public.club_standings, name="clubs"),
    path("team-standings/", public.team_standings, name="teams"),
    path("prizes/", public.prize_list, name="prizes"),
    path("player/<int:number>/", public.player_deals, name="player"),
    path("comparative/", public.comparative_overall, name="comparative"),
    path("comparative/series/<int:number>/", public.comparative_series,
         name="comparative_series"),
    path("comparative/series/<int:number>/deck/<int:deck>/", public.comparative_deck,
         name="comparative_deck"),
]
