"""The organizer's result pages, under ``organize/<slug>/``."""

from django.urls import path

from scoring.views import checks, organize

urlpatterns = [
    path("results/", organize.results_admin, name="results_admin"),
    path("results/series/<int:number>/release/", organize.release, name="release"),
    path("results/series/<int:number>/checks/", checks.release_checks, name="release_checks"),
    path("results/series/<int:number>/checks/mark/", checks.mark_flag, name="mark_flag"),
    path("results/lot/", organize.lot, name="lot"),
    path("results/team/", organize.add_team, name="add_team"),
    path("results/prize/", organize.add_prize, name="add_prize"),
    path("results/team/<int:team>/", organize.edit_team, name="edit_team"),
    path("results/team/<int:team>/delete/", organize.delete_team, name="delete_team"),
    path("results/prize/<int:prize>/", organize.edit_prize, name="edit_prize"),
    path("results/prize/<int:prize>/delete/", organize.delete_prize, name="delete_prize"),
    path("series/<int:number>/seat-by-results/", organize.seat_by_results,
         name="seat_by_results"),
]
