from django.apps import AppConfig


class PrintingConfig(AppConfig):
    name = "printing"
    verbose_name = "Printing"
