"""`manage.py create_organizer`: create an organizer account (or set its password).

An organizer is an ordinary account: he creates tournaments and runs his own; what he may do
in each tournament is decided per tournament. ``--superuser`` makes the site administrator
(the Django admin, every tournament). The password passes Django's password validators.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

DEV_PASSWORD = "grand-ouvert-1908"


class Command(BaseCommand):
    help = (
        "Create an organizer account, or set its password if it exists. Without --password "
        f"the password is '{DEV_PASSWORD}', which is allowed only when DEBUG is on. "
        "--superuser makes the site administrator instead."
    )

    def add_arguments(self, parser):
        parser.add_argument("--username", default="organizer")
        parser.add_argument("--password", default=None)
        parser.add_argument("--superuser", action="store_true",
                            help="the site administrator: the Django admin and every tournament")
        parser.add_argument("--site-url", default="http://127.0.0.1:8000",
                            help="where the site is served, for the login address printed")

    def handle(self, *args, username, password, superuser, site_url, **options):
        shown = "(the one given with --password)" if password else DEV_PASSWORD
        if not password:
            if not settings.DEBUG:
                raise CommandError(
                    "DEBUG is off: give the organizer a real password with --password."
                )
            password = DEV_PASSWORD

        User = get_user_model()
        user = User.objects.filter(username=username).first() or User(username=username)
        created = user.pk is None
        try:
            validate_password(password, user)
        except ValidationError as exc:
            raise CommandError("The password is refused: " + " ".join(exc.messages)) from None
        user.is_staff = user.is_superuser = superuser
        user.is_active = True
        user.set_password(password)
        user.save()

        kind = "site administrator" if superuser else "organizer"
        action = "Created" if created else "Updated"
        self.stdout.write(f"{action} {kind} account '{username}'.")
        self.stdout.write(
            f"Organizer login: {site_url.rstrip('/')}/login/  user: {username}  password: {shown}"
        )
