from django.urls import path

from scoring import views

app_name = "scoring"

urlpatterns = [
    path("t/<slug:slug>/standings/", views.standings_overall, name="standings"),
    path("t/<slug:slug>/standings/series/<int:number>/", views.standings_series,
         name="series_standings"),
    path("t/<slug:slug>/club-standings/", views.club_standings, name="clubs"),
    path("t/<slug:slug>/team-standings/", views.team_standings, name="teams"),
    path("t/<slug:slug>/prizes/", views.prize_list, name="prizes"),
    path("t/<slug:slug>/player/<int:number>/", views.player_deals, name="player"),
    path("organize/<slug:slug>/results/", views.results_admin, name="results_admin"),
    path("organize/<slug:slug>/results/series/<int:number>/release/", views.release,
         name="release"),
    path("organize/<slug:slug>/results/lot/", views.lot, name="lot"),
    path("organize/<slug:slug>/series/<int:number>/seat-by-results/", views.seat_by_results,
         name="seat_by_results"),
    path("organize/<slug:slug>/results/team/", views.add_team, name="add_team"),
    path("organize/<slug:slug>/results/prize/", views.add_prize, name="add_prize"),
]
