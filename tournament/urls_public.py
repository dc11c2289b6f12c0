"""Pages of the room and the public, under ``t/<slug>/``: the tournament, seating charts."""

from django.urls import path

from tournament.views import comparative, public

urlpatterns = [
    path("", public.tournament_page, name="public"),
    path("series/<int:number>/tables/", public.chart_by_table, name="chart"),
    path("series/<int:number>/players/", public.chart_by_player, name="where"),
    path("series/<int:number>/table/<int:table>/", public.table_page, name="table"),
    path("series/<int:number>/movement/", comparative.movement_chart, name="movement"),
    path("series/<int:number>/hands/", comparative.hand_records, name="hands"),
]
