"""``/api/``: the API's operations, its schema (``/api/openapi.json``) and docs (``/api/docs``),
in the URL namespace ``api`` (api/main.py)."""

from django.urls import path

from api.main import api

urlpatterns = [path("", api.urls)]
