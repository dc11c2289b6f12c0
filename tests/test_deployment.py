"""Issue 18 point 25: after `kill -9` of the gunicorn master alone, docs/deployment.md's
restart block frees the port its orphaned workers hold, so gunicorn starts again at once."""

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = Path(sys.executable).with_name("gunicorn")


def restart_block() -> str:
    text = (ROOT / "docs" / "deployment.md").read_text(encoding="utf-8")
    match = re.search(r"<!-- restart-after-kill[^>]*-->\s*```sh\n(.*?)```", text, re.S)
    assert match, "docs/deployment.md has no restart-after-kill block"
    return match.group(1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def served(port: int) -> bool:
    """A worker answered a request: the workers have booted (the socket alone accepts earlier)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def bindable(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
            s.listen()
        except OSError:
            return False
    return True


def wait(condition, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def test_the_documented_restart_frees_the_port_of_orphaned_workers():
    port = free_port()
    env = {**os.environ, "DJANGO_DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    master = subprocess.Popen(
        [str(GUNICORN), "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2",
         "--timeout", "120"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        assert wait(lambda: served(port), 60), "gunicorn's workers did not start"
        master.send_signal(signal.SIGKILL)
        master.wait(10)
        # the orphans still hold the port: a new gunicorn could not bind it
        assert answers(port) and not bindable(port)
        subprocess.run(["sh", "-c", restart_block()], env={**env, "PORT": str(port)},
                       check=True, timeout=60)
        assert wait(lambda: bindable(port), 5)
    finally:
        with contextlib.suppress(ProcessLookupError):  # what is left of this test's group
            os.killpg(master.pid, signal.SIGKILL)
