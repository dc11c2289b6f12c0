"""The Makefile: `make install` installs the PDF font on a machine without it, and `make run`
takes a port. Read with `make -n` (nothing runs) and `make -p` (the rules as make parsed them)."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def make(*args: str) -> str:
    done = subprocess.run(["make", "--no-print-directory", "-C", str(ROOT), *args],
                          capture_output=True, text=True, timeout=60)
    return done.stdout


def prerequisites(database: str, target: str) -> list[str]:
    for line in database.splitlines():
        if line.startswith(f"{target}:") and not line.startswith(f"{target}::"):
            return line.split(":", 1)[1].split()
    raise AssertionError(f"make -p lists no rule for {target}")


def test_install_depends_on_the_font_as_make_reads_it():
    # no variable given: the prerequisites as the Makefile itself sets them
    assert DEFAULT_FONT in prerequisites(make("-p", "-n", "install"), "install")


def test_install_on_a_machine_without_the_font_installs_it():
    # a font path that no machine has stands for a machine without fonts-dejavu-core
    plan = make("-n", "install", "FONT=/nonexistent/fonts/DejaVuSans.ttf")
    assert "apt-get install -y fonts-dejavu-core" in plan


def test_run_serves_on_the_port_given():
    plan = make("-n", "run", "PORT=8123")
    assert "runserver 127.0.0.1:8123" in plan
    assert "http://127.0.0.1:8123" in plan  # the login and demo addresses it prints
    assert "runserver 127.0.0.1:8000" in make("-n", "run")


def test_the_commands_print_the_address_they_are_given(db, capsys, settings):
    from django.core.management import call_command

    settings.DEBUG = True  # the development password
    call_command("create_organizer", "--site-url", "http://127.0.0.1:8123")
    assert "http://127.0.0.1:8123/login/" in capsys.readouterr().out


def test_install_compiles_every_catalog():
    catalogs = sorted(p.relative_to(ROOT).as_posix()
                      for p in (ROOT / "locale").glob("*/LC_MESSAGES/*.po"))
    assert catalogs  # the German catalogs (docs/translation.md)
    wanted = prerequisites(make("-p", "-n", "install"), "install")
    assert [c.removesuffix(".po") + ".mo" for c in catalogs] == sorted(
        w for w in wanted if w.endswith(".mo"))
    for target in ("run", "test"):
        assert set(wanted) & {w for w in prerequisites(make("-p", "-n", target), target)
                              if w.endswith(".mo")} == {w for w in wanted if w.endswith(".mo")}


def test_install_on_a_machine_without_gettext_installs_it():
    # a msgfmt that no machine has stands for a machine without Debian's gettext
    plan = make("-n", "-B", "install", "MSGFMT=/nonexistent/bin/msgfmt")
    assert "apt-get install -y gettext" in plan
    assert "/nonexistent/bin/msgfmt --check -o locale/de/LC_MESSAGES/django.mo" in plan
