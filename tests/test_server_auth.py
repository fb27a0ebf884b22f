"""Who gets in, and as whom: keys name their players, passwords are checked, 'none' is
refused unless --open (127.0.0.1 only), and a key can never sit in another's seat."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh")

from ssh_helpers import make_keys, running  # noqa: E402

from catan_cli.errors import CatanError  # noqa: E402
from catan_cli.server import auth, hostkey  # noqa: E402


def password_file(folder: Path, text: str, mode: int = 0o600) -> Path:
    path = folder / "passwords"
    path.write_text(text)
    path.chmod(mode)
    return path


def test_an_unknown_key_is_refused(tmp_path: Path) -> None:
    path, _ = make_keys(tmp_path, ["alice"])
    stranger = asyncssh.generate_private_key("ssh-ed25519", comment="alice")   # the right comment is not enough

    async def main() -> None:
        async with running(tmp_path, auth.load(path)) as server:
            with pytest.raises(asyncssh.PermissionDenied):
                await server.connect("alice", key=stranger)

    asyncio.run(asyncio.wait_for(main(), 20))


def test_a_wrong_password_and_none_are_refused_and_the_right_password_names_the_player(tmp_path: Path) -> None:
    accounts = auth.load(password_file=password_file(tmp_path, "alice:correct horse\nbob:battery\n"))

    async def main() -> None:
        async with running(tmp_path, accounts) as server:
            with pytest.raises(asyncssh.PermissionDenied):
                await server.connect("alice", password="battery")       # bob's password
            with pytest.raises(asyncssh.PermissionDenied):
                await server.connect("mallory", password="")
            with pytest.raises(asyncssh.PermissionDenied):
                await server.connect("alice")                           # 'none'
            term = await server.connect("alice", password="correct horse")
            await term.until("Welcome, alice.")

    asyncio.run(asyncio.wait_for(main(), 20))


def test_a_key_names_its_player_whatever_the_ssh_user_name(tmp_path: Path) -> None:
    path, keys = make_keys(tmp_path, ["alice", "bob"])

    async def main() -> None:
        async with running(tmp_path, auth.load(path), keys=keys) as server:
            alice = await server.connect("alice")
            await alice.send("new table friday --seats red,blue,white")
            await alice.until("you sit at friday as red")
            bob = await server.connect("alice", key=keys["bob"], command="join friday red")   # poses as alice
            await bob.until("Welcome, bob.")
            await bob.until("red at friday is alice's seat")
            await bob.send("join friday")
            await bob.until("you sit at friday as blue")
            assert server.hub.tables["friday"].owners == {"red": "alice", "blue": "bob"}

    asyncio.run(asyncio.wait_for(main(), 20))


def test_a_users_file_names_keys_by_fingerprint(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")          # no comment
    keys = tmp_path / "keys"
    keys.write_text(key.export_public_key().decode())
    with pytest.raises(CatanError, match="no comment naming its player"):
        auth.load(keys)
    users = tmp_path / "users"
    users.write_text(f"# name fingerprint\ncarol {key.get_fingerprint('sha256')}\n")
    assert list(auth.load(keys, users).keys.values()) == ["carol"]


def test_open_lets_in_by_user_name_but_only_on_localhost(tmp_path: Path) -> None:
    with pytest.raises(CatanError, match="only listens on 127.0.0.1"):
        auth.load(open_=True, host="0.0.0.0")
    with pytest.raises(CatanError, match="nobody could log in"):
        auth.load()

    async def main() -> None:
        async with running(tmp_path, auth.load(open_=True)) as server:
            term = await server.connect("friday")
            await term.until("Welcome, friday.")
            odd = await server.connect("al!ice")
            await odd.until("is not a player name")
            wide = await server.connect("日本")               # never folded into 'guest' or anyone
            await wide.until("is not a player name")
            assert server.hub.clients and all(c.name == "friday" for c in server.hub.clients)

    asyncio.run(asyncio.wait_for(main(), 20))


def test_unsafe_account_files_and_host_keys_are_refused_with_one_line(tmp_path: Path) -> None:
    with pytest.raises(CatanError, match="chmod 600"):
        auth.load(password_file=password_file(tmp_path, "alice:x\n", 0o644))
    with pytest.raises(CatanError, match="NAME:PASSWORD"):
        auth.load(password_file=password_file(tmp_path, "just-a-password\n"))
    with pytest.raises(CatanError, match="not a player name"):
        auth.load(password_file=password_file(tmp_path, "Al!ce:x\n"))
    with pytest.raises(CatanError, match="cannot read"):
        auth.load(tmp_path / "missing")
    key = hostkey.ensure(tmp_path / "host" / "key")
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert hostkey.ensure(key) == key                   # kept, not made again
    os.chmod(key, 0o644)
    with pytest.raises(CatanError, match="other users may read it: run 'chmod 600"):
        hostkey.ensure(key)
