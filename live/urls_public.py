"""The live room's public pages, under ``t/<slug>/``."""

urlpatterns: list = []
