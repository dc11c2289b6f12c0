"""The live room's staff pages, under ``organize/<slug>/``."""

urlpatterns: list = []
