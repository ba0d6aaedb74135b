"""A real PostgreSQL for the tests: a cluster of its own in a temporary folder, started once
per test session on a free port of 127.0.0.1 (its unix socket in that folder too) and
stopped at the end; each test gets a database of its own (``pg_url``).

PostgreSQL refuses to run as root, so as root the cluster belongs to the ``postgres``
system user (``runuser -u postgres --``), as Debian's package makes it. Without PostgreSQL
(Debian: ``apt-get install postgresql``) the tests are skipped, except in CI (the variable
``CI`` set), where they fail: CI never skips.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from class_server import free_port

PASSWORD = "mundos-test-pw"
"""The password of the tests' role: the server is reached as a school's would be, over TCP
with a password (scram-sha-256), not through trust."""


def missing(why: str) -> None:
    """Skip the test here, fail it in CI."""
    if os.environ.get("CI"):
        pytest.fail(f"{why} (CI runs every test: .ci/run installs PostgreSQL)", pytrace=False)
    pytest.skip(why)


def find_bin() -> Path | None:
    """The folder of PostgreSQL's server programs: Debian's newest, else initdb on PATH."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/postgres"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


@dataclass
class Postgres:
    """One running cluster: ``url(db)`` names one of its databases."""

    folder: Path
    bin: Path
    port: int
    as_user: list[str]
    _made: itertools.count[int]

    def url(self, db: str) -> str:
        return f"postgresql://mundos:{PASSWORD}@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        """A new empty database owned by the tests' role; its URL."""
        import psycopg

        name = f"t{next(self._made)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def pg_ctl(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*self.as_user, str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), *args],
            capture_output=True,
            text=True,
            timeout=120,
        )


def start() -> Postgres:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        missing("psycopg is not installed (pip install -e '.[test]')")
    bin = find_bin()
    if bin is None:
        missing("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/postgres)")
    assert bin is not None
    folder = Path(tempfile.mkdtemp(prefix="mundos-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            missing("running as root, and there is no postgres user to run PostgreSQL as")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    pwfile = folder / "pw"
    pwfile.write_text(PASSWORD + "\n")
    if as_user:
        os.chown(pwfile, owner.pw_uid, owner.pw_gid)
    init = subprocess.run(
        [
            *as_user,
            str(bin / "initdb"),
            "-D",
            str(folder / "data"),
            "-U",
            "mundos",
            "--pwfile",
            str(pwfile),
            "--auth",
            "scram-sha-256",
            "--encoding",
            "UTF8",
            "--locale",
            "C",
            "--no-sync",  # the tests' own cluster: the class server's commits still sync
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert init.returncode == 0, init.stdout + init.stderr
    port = free_port()
    cluster = Postgres(folder, bin, port, as_user, itertools.count(1))
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder}"
    started = cluster.pg_ctl("-w", "-t", "120", "-l", str(folder / "log"), "-o", options, "start")
    if started.returncode != 0:
        log = (folder / "log").read_text() if (folder / "log").exists() else ""
        raise AssertionError(f"PostgreSQL did not start: {started.stdout}{started.stderr}{log}")
    return cluster


def stop(cluster: Postgres) -> None:
    cluster.pg_ctl("-m", "immediate", "stop")
    shutil.rmtree(cluster.folder, ignore_errors=True)


@pytest.fixture(scope="session", name="postgres")
def postgres_fixture() -> Iterator[Postgres]:
    """The session's PostgreSQL (started by the first test that asks for it)."""
    cluster = start()
    try:
        yield cluster
    finally:
        stop(cluster)


@pytest.fixture(name="pg_url")
def pg_url_fixture(postgres: Postgres) -> str:
    """A new empty database of the session's PostgreSQL, for this test alone."""
    return postgres.new_database()
