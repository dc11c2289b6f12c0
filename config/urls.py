"""Root URL configuration."""

from django.contrib import admin
from django.urls import include, path

from tournament.views import home

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", home, name="home"),
    path("", include("tournament.urls")),
    path("", include("scoring.urls")),
]
