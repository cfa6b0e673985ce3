"""Passkey accounts: a guest secures their player with a passkey and signs in on any device.

The WebAuthn ceremonies are verified with py_webauthn against the relying party the gateway
names (its RP id and the origins it serves). Every challenge is random, kept server-side as a
hash, good for one ceremony of one kind within CHALLENGE_MS, and used up by its first answer,
good or bad. A sign-in opens a session: a new random token for this device (only its hash is
stored), the device's earlier session revoked. Recovery codes sign in once each; bot tokens are
sessions of their own kind that never expire but can be revoked. Deleting an account removes the
player's personal data and gives the wallet's coins back to the mint through the ledger.
"""

from __future__ import annotations

import base64
import binascii
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any, Callable

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AttestationConveyancePreference,
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from rulekit import Refusal

from . import codes
from .ledger import Ledger
from .players import Players
from .store import MINT, Passkey, Player, Session, Store
from .text import clean_text

CHALLENGE_MS = 5 * 60 * 1000  # a ceremony's challenge is good for five minutes
CEREMONY_TIMEOUT_MS = 120_000  # what the browser is told to wait for the authenticator
RECOVERY_CODES = 10
RECOVERY_CODE_LENGTH = 10  # from the room codes' alphabet: about 50 bits each
MAX_PASSKEYS = 20
MAX_BOT_TOKENS = 20
NAME_LENGTH = 40
KNOWN_TRANSPORTS = {t.value for t in AuthenticatorTransport}


@dataclass(frozen=True)
class RelyingParty:
    """Who the passkeys belong to: the RP id (the site's domain, "localhost" locally), the name
    the authenticator shows, and the origins a ceremony may come from."""

    id: str
    name: str
    origins: tuple[str, ...]


def _b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def ceremony_challenge(credential: Any) -> str:
    """The challenge a credential answers (base64url, from its clientDataJSON), read before the
    library verifies it: the stored challenge it names is taken first. `bad_passkey` if the
    credential is not shaped like one."""
    try:
        client_data = json.loads(_b64url_decode(credential["response"]["clientDataJSON"]))
        challenge = client_data["challenge"]
    except (KeyError, TypeError, ValueError, binascii.Error):
        raise Refusal("bad_passkey", "not a WebAuthn credential") from None
    if not isinstance(challenge, str) or not 16 <= len(challenge) <= 128:
        raise Refusal("bad_passkey", "no challenge in the client data")
    return challenge


def new_recovery_code() -> str:
    code = "".join(secrets.choice(codes.CODE_ALPHABET) for _ in range(RECOVERY_CODE_LENGTH))
    return f"{code[:5]}-{code[5:]}"


def recovery_hash(code: str) -> str:
    """As typed: case, spaces and dashes ignored."""
    return codes.token_hash("".join(ch for ch in str(code or "").upper() if ch.isalnum()))


def _passkey_view(passkey: Passkey) -> dict[str, Any]:
    return {
        "id": passkey.id,
        "name": passkey.name,
        "created_ms": str(passkey.created_ms),
        "last_used_ms": str(passkey.last_used_ms),
    }


class Accounts:
    def __init__(self, store: Store, players: Players, ledger: Ledger, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.players = players
        self.ledger = ledger
        self.clock = clock

    def _now(self) -> int:
        return int(self.clock() * 1000)

    async def _person(self, token: str) -> tuple[Player, Session | None]:
        """The player of a person's device: a bot token plays, it never manages the account."""
        player, session = await self.players.identify(token)
        if session is not None and session.kind == "bot":
            raise Refusal("bad_token", "a bot token plays; it cannot manage the account")
        return player, session

    async def _account(self, token: str) -> tuple[Player, Session | None]:
        player, session = await self._person(token)
        if not player.is_account:
            raise Refusal("not_account", "secure the player with a passkey first")
        return player, session

    async def _challenge(self, ceremony: str, player_id: str) -> bytes:
        challenge = secrets.token_bytes(32)
        now = self._now()
        await self.store.add_passkey_challenge(
            codes.token_hash(bytes_to_base64url(challenge)), ceremony, player_id, now + CHALLENGE_MS, now
        )
        return challenge

    async def _take_challenge(self, credential: Any, ceremony: str, player_id: str) -> bytes:
        """The challenge the credential answers, used up; refused unless it is one of ours, of
        this ceremony (and this player's), and not expired."""
        challenge = ceremony_challenge(credential)
        taken = await self.store.take_passkey_challenge(codes.token_hash(challenge))
        if taken is None:
            raise Refusal("bad_challenge", "unknown or used challenge")
        kind, owner, expires_ms = taken
        if kind != ceremony or owner != player_id:
            raise Refusal("bad_challenge", "the challenge belongs to another ceremony")
        if expires_ms < self._now():
            raise Refusal("bad_challenge", "the challenge expired")
        return _b64url_decode(challenge)

    # -- registration -----------------------------------------------------------------------------
    async def registration_options(self, token: str, rp: RelyingParty) -> dict[str, Any]:
        """The options for `navigator.credentials.create`: a discoverable credential (sign-in
        needs no user name), attestation "none", the player's passkeys excluded."""
        player, _ = await self._person(token)
        existing = await self.store.passkeys(player.id)
        if len(existing) >= MAX_PASSKEYS:
            raise Refusal("bad_request", f"at most {MAX_PASSKEYS} passkeys")
        options = generate_registration_options(
            rp_id=rp.id,
            rp_name=rp.name,
            user_id=player.id.encode(),
            user_name=player.nickname,
            user_display_name=player.nickname,
            challenge=await self._challenge("register", player.id),
            timeout=CEREMONY_TIMEOUT_MS,
            attestation=AttestationConveyancePreference.NONE,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
            exclude_credentials=[PublicKeyCredentialDescriptor(id=_b64url_decode(p.credential_id)) for p in existing],
        )
        return json.loads(options_to_json(options))  # type: ignore[no-any-return]

    async def register(
        self, token: str, rp: RelyingParty, credential: Any, name: str, device_label: str
    ) -> dict[str, Any]:
        """Verify the new passkey and keep it. The player's first makes them an account and
        answers their recovery codes (shown once); the asking device keeps its token, now a
        session labelled `device_label`."""
        player, session = await self._person(token)
        challenge = await self._take_challenge(credential, "register", player.id)
        try:
            verified = verify_registration_response(
                credential=credential,
                expected_challenge=challenge,
                expected_rp_id=rp.id,
                expected_origin=list(rp.origins),
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as failure:
            raise Refusal("bad_passkey", f"registration not verified: {failure}") from None
        now = self._now()
        transports = credential.get("response", {}).get("transports") if isinstance(credential, dict) else None
        passkey = Passkey(
            secrets.token_hex(8),
            player.id,
            bytes_to_base64url(verified.credential_id),
            bytes_to_base64url(verified.credential_public_key),
            verified.sign_count,
            tuple(t for t in (transports or []) if t in KNOWN_TRANSPORTS),
            clean_text(name, "rule_name")[:NAME_LENGTH] or "Passkey",
            now,
            now,
        )
        recovery = [new_recovery_code() for _ in range(RECOVERY_CODES)] if not player.is_account else []
        device = Session(secrets.token_hex(8), player.id, "device", device_label, now, now) if session is None else None
        if await self.store.passkey_by_credential(passkey.credential_id) is not None:
            raise Refusal("bad_passkey", "this passkey is registered already")
        first = await self.store.add_passkey(
            passkey, [recovery_hash(c) for c in recovery], device, codes.token_hash(token)
        )
        return {"passkey": _passkey_view(passkey), "recovery_codes": recovery if first else [], "account": True}

    async def passkeys(self, token: str) -> list[dict[str, Any]]:
        player, _ = await self._person(token)
        return [_passkey_view(p) for p in await self.store.passkeys(player.id)]

    async def delete_passkey(self, token: str, passkey_id: str) -> None:
        player, _ = await self._account(token)
        if not await self.store.delete_passkey(player.id, str(passkey_id)[:64]):
            raise Refusal("unknown_passkey", "no such passkey of this player")

    # -- signing in -------------------------------------------------------------------------------
    async def sign_in_options(self, rp: RelyingParty) -> dict[str, Any]:
        """The options for `navigator.credentials.get`: no credentials listed, the
        authenticator offers the discoverable ones it holds for this RP."""
        options = generate_authentication_options(
            rp_id=rp.id,
            challenge=await self._challenge("sign_in", ""),
            timeout=CEREMONY_TIMEOUT_MS,
            user_verification=UserVerificationRequirement.PREFERRED,
        )
        return json.loads(options_to_json(options))  # type: ignore[no-any-return]

    async def sign_in(self, rp: RelyingParty, credential: Any, device_label: str, current_token: str) -> dict[str, Any]:
        """Verify the assertion (challenge, origin, RP id, signature, sign count) and open a
        session for this device: its new token; `current_token`'s session, if the same
        player's, is revoked (rotated)."""
        challenge = await self._take_challenge(credential, "sign_in", "")
        credential_id = credential.get("id") if isinstance(credential, dict) else None
        passkey = await self.store.passkey_by_credential(str(credential_id or "")[:512])
        if passkey is None:
            raise Refusal("unknown_passkey", "this passkey is not registered or was revoked")
        try:
            verified = verify_authentication_response(
                credential=credential,
                expected_challenge=challenge,
                expected_rp_id=rp.id,
                expected_origin=list(rp.origins),
                credential_public_key=_b64url_decode(passkey.public_key),
                credential_current_sign_count=passkey.sign_count,
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as failure:
            raise Refusal("bad_passkey", f"sign-in not verified: {failure}") from None
        user_handle = credential.get("response", {}).get("userHandle")
        if user_handle and _b64url_decode(str(user_handle)) != passkey.player_id.encode():
            raise Refusal("bad_passkey", "the passkey names another player")
        token = codes.new_token()
        now = self._now()
        session = Session(secrets.token_hex(8), passkey.player_id, "device", device_label, now, now)
        replaces = codes.token_hash(current_token) if current_token else ""
        if not await self.store.passkey_sign_in(
            passkey.id, passkey.sign_count, verified.new_sign_count, session, codes.token_hash(token), replaces
        ):
            raise Refusal("bad_passkey", "the passkey was used meanwhile")
        return await self._signed_in(token)

    async def recover(self, code: str, device_label: str, current_token: str) -> dict[str, Any]:
        """A recovery code signs this device in once."""
        token = codes.new_token()
        now = self._now()
        session = Session(secrets.token_hex(8), "", "device", device_label, now, now)
        replaces = codes.token_hash(current_token) if current_token else ""
        if not await self.store.recovery_sign_in(recovery_hash(code), session, codes.token_hash(token), replaces):
            raise Refusal("bad_token", "unknown or used recovery code")
        return await self._signed_in(token)

    async def _signed_in(self, token: str) -> dict[str, Any]:
        player, _ = await self.players.identify(token)
        return {"player": {"id": player.id, "nickname": player.nickname}, "token": token}

    async def sign_out(self, token: str) -> None:
        """This device's session ends (its token is refused from now on)."""
        player, session = await self._account(token)
        if session is None or session.kind != "device":
            raise Refusal("bad_token", "not a device's session")
        await self.store.revoke_session(player.id, session.id, self._now())

    # -- devices, recovery codes, bot tokens -----------------------------------------------------
    async def devices(self, token: str) -> list[dict[str, Any]]:
        player, current = await self._account(token)
        now = self._now()
        return [
            {
                "id": s.id,
                "label": s.label,
                "created_ms": str(s.created_ms),
                "last_used_ms": str(s.last_used_ms),
                "expires_ms": str(s.last_used_ms + self.players.session_idle_ms),
                "current": current is not None and s.id == current.id,
            }
            for s in await self.store.sessions(player.id, "device")
            if now - s.last_used_ms <= self.players.session_idle_ms
        ]

    async def revoke_device(self, token: str, session_id: str) -> None:
        player, _ = await self._account(token)
        if not await self.store.revoke_session(player.id, str(session_id)[:64], self._now()):
            raise Refusal("bad_request", "no such device of this player")

    async def new_recovery_codes(self, token: str) -> list[str]:
        """Ten new codes (shown once); the earlier ones are void."""
        player, _ = await self._account(token)
        fresh = [new_recovery_code() for _ in range(RECOVERY_CODES)]
        await self.store.replace_recovery_codes(player.id, [recovery_hash(c) for c in fresh])
        return fresh

    async def account(self, token: str) -> dict[str, Any]:
        """What the player page shows of the account: since when, recovery codes left."""
        player, session = await self.players.identify(token)
        if not player.is_account:
            return {"account": False}
        return {
            "account": True,
            "account_ms": str(player.account_ms),
            "recovery_codes_left": await self.store.recovery_codes_left(player.id),
            "bot": session is not None and session.kind == "bot",
        }

    async def bot_tokens(self, token: str) -> list[dict[str, Any]]:
        player, _ = await self._account(token)
        return [
            {"id": s.id, "name": s.label, "created_ms": str(s.created_ms), "last_used_ms": str(s.last_used_ms)}
            for s in await self.store.sessions(player.id, "bot")
        ]

    async def create_bot_token(self, token: str, name: str) -> dict[str, Any]:
        """A named token for the player's bot (shown once): it plays as the player over the
        gRPC play API and REST, until revoked."""
        player, _ = await self._account(token)
        name = clean_text(name, "rule_name")[:NAME_LENGTH]
        if not name:
            raise Refusal("bad_text", "a bot token needs a name")
        if len(await self.store.sessions(player.id, "bot")) >= MAX_BOT_TOKENS:
            raise Refusal("bad_request", f"at most {MAX_BOT_TOKENS} bot tokens")
        secret = "bot_" + codes.new_token()
        now = self._now()
        made = Session(secrets.token_hex(8), player.id, "bot", name, now, now)
        await self.store.add_session(made, codes.token_hash(secret))
        return {"id": made.id, "name": name, "created_ms": str(now), "token": secret}

    async def revoke_bot_token(self, token: str, bot_id: str) -> None:
        player, _ = await self._account(token)
        bots = {s.id for s in await self.store.sessions(player.id, "bot")}
        bot_id = str(bot_id)[:64]
        if bot_id not in bots or not await self.store.revoke_session(player.id, bot_id, self._now()):
            raise Refusal("bad_request", "no such bot token of this player")

    # -- deleting ---------------------------------------------------------------------------------
    async def delete(self, token: str) -> dict[str, Any]:
        """The player's personal data removed and their wallet's coins back to the mint, in one
        transaction, so no coin is lost or made; finished games keep their seats as a deleted
        player's. From then on a pot or refund of a game the player staked in pays their share
        to the mint too (lobby/store/ledger.py)."""
        player, _ = await self._person(token)
        await self.store.delete_player(player.id, self._now())
        returned = await self.store.ledger_transfer_by_key(f"delete:{player.id}")
        coins = sum(p.amount for p in returned.postings if p.account == MINT) if returned else 0
        return {"deleted": True, "coins_returned": coins}
