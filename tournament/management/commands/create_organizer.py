"""`manage.py create_organizer`: create (or reset the password of) the organizer superuser."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

DEV_PASSWORD = "organizer"


class Command(BaseCommand):
    help = (
        "Create the organizer superuser, or set its password if it exists. "
        "Without --password the password is 'organizer', which is allowed only when DEBUG is on."
    )

    def add_arguments(self, parser):
        parser.add_argument("--username", default="organizer")
        parser.add_argument("--password", default=None)

    def handle(self, *args, username, password, **options):
        shown = "(the one given with --password)" if password else DEV_PASSWORD
        if not password:
            if not settings.DEBUG:
                raise CommandError(
                    "DEBUG is off: give the organizer a real password with --password."
                )
            password = DEV_PASSWORD

        User = get_user_model()
        user, created = User.objects.get_or_create(username=username)
        user.is_staff = True
        user.is_superuser = True
        user.is_active = True
        user.set_password(password)
        user.save()

        action = "Created" if created else "Updated"
        self.stdout.write(f"{action} organizer account '{username}'.")
        self.stdout.write(
            f"Organizer login: http://127.0.0.1:8000/admin/  user: {username}  password: {shown}"
        )
