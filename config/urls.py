"""Root URL configuration."""

from django.contrib import admin
from django.urls import include, path

from tournament.views import accounts, home

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", home, name="home"),
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", accounts.LogoutView.as_view(), name="logout"),
    path("password/", accounts.PasswordChangeView.as_view(), name="password_change"),
    path("", include("tournament.urls")),
    path("", include("scoring.urls")),
]
