"""An evening's seating by its club's season ranking, under ``organize/<slug>/``."""

from django.urls import path

from seasons.views import seating

urlpatterns = [
    path("season-seating/<int:number>/", seating.seat_by_season, name="seat_by_season"),
]
