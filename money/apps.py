from django.apps import AppConfig


class MoneyConfig(AppConfig):
    name = "money"
    verbose_name = "Money"
    default_auto_field = "django.db.models.BigAutoField"
