"""An account's API tokens page, under ``account/api-tokens/`` (namespace ``api_tokens``)."""

from django.urls import path

from api import account

app_name = "api_tokens"

urlpatterns = [
    path("", account.token_page, name="page"),
    path("<int:pk>/revoke/", account.token_revoke, name="revoke"),
]
