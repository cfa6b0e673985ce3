"""The command line: python -m examples.bot --help"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import Any

from .client import Bot, BotError
from .moves import LEVELS
from .online import OnlineBot


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m examples.bot",
        description="Join (or create) a gameroom room over the gRPC play API and play its game "
        "by choosing among the legal moves; exit when the game is over, printing the result.",
    )
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--code", help="join the room with this code (the one the host shares)")
    where.add_argument("--create", metavar="GAME", help="create a room for GAME, print its code and link, play in it")
    where.add_argument(
        "--online",
        action="store_true",
        help="with --token (a bot token): hold the player's event stream, accept challenges, play every "
        "game it is seated at, and keep running",
    )
    parser.add_argument("--name", default="Robo", help="the bot's nickname (default Robo)")
    parser.add_argument(
        "--server", default="127.0.0.1:50050", help="the gRPC play API, host:port (default 127.0.0.1:50050)"
    )
    parser.add_argument(
        "--level", choices=LEVELS, default="random", help="random: any legal move; first: the first listed"
    )
    parser.add_argument(
        "--token",
        help="with --code: take back the seats this token holds instead of joining anew; "
        "with --online: the account's bot token",
    )
    parser.add_argument(
        "--games",
        default="",
        help="with --online: the games it plays, comma separated (default all): set on the account at start, "
        "so players see them; challenges to others are declined",
    )
    parser.add_argument(
        "--quick-seats",
        action="store_true",
        help="with --online: quick seating (Play now) may seat the bot with a person waiting alone",
    )
    parser.add_argument("--challenge", metavar="PLAYER", help="with --online: challenge this player id")
    parser.add_argument("--game", default="four-in-a-row", help="with --challenge: the game (default four-in-a-row)")
    parser.add_argument("--count", type=int, default=1, help="with --challenge: how many games, one after the other")
    parser.add_argument(
        "--tickets",
        metavar="FILE",
        help="with --online: keep the room tickets of the games being played in FILE, so that the bot, "
        "restarted, takes its seats back",
    )
    parser.add_argument(
        "--quit-after", type=int, default=0, help="with --online: exit once this many games have ended (default never)"
    )
    parser.add_argument(
        "--players", type=int, default=2, help="with --create: human seats, the bot's included (default 2)"
    )
    parser.add_argument("--cpus", type=int, default=0, help="with --create: computer seats (default 0)")
    parser.add_argument(
        "--cpu-level", default="", help="with --create: the computer seats' level (default: the game's)"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="with --create: a host setting (repeatable)"
    )
    parser.add_argument(
        "--web", default="http://127.0.0.1:8080", help="with --create: the web client's address, for the printed link"
    )
    parser.add_argument("--delay", type=float, default=0.5, help="seconds before each move, so people can follow")
    parser.add_argument("--seed", type=int, help="seed of the bot's random choices")
    parser.add_argument("--timeout", type=float, default=0, help="give up after this many seconds (default: never)")
    parser.add_argument("-v", "--verbose", action="store_true", help="log every move and event")
    args = parser.parse_args(argv)
    if args.token and not (args.code or args.online):
        parser.error("--token goes with --code or --online")
    if args.online and not args.token:
        parser.error("--online needs --token (a bot token of the account)")
    if args.challenge and not args.online:
        parser.error("--challenge goes with --online")
    if args.count < 1 or args.quit_after < 0:
        parser.error("--count is at least 1 and --quit-after at least 0")
    if args.players < 1 or args.cpus < 0:
        parser.error("--players is at least 1 (the bot) and --cpus at least 0")
    return args


def parse_options(items: list[str]) -> dict[str, Any]:
    """KEY=VALUE pairs; a value that reads as JSON (7, true, "x") is taken as such, else as text."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BotError(f"--option {item!r}: expected KEY=VALUE")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options


async def run_online(args: argparse.Namespace) -> int:
    games = frozenset(game.strip() for game in args.games.split(",") if game.strip())
    tickets = Path(args.tickets) if args.tickets else None
    async with OnlineBot(
        args.server,
        args.token,
        games,
        args.level,
        args.delay,
        args.seed,
        quit_after=args.quit_after,
        tickets=tickets,
        quick_seats=args.quick_seats,
    ) as bot:
        print("online", flush=True)
        await bot.run(args.challenge or "", args.game, args.count if args.challenge else 0)
    return 0


async def run(args: argparse.Namespace) -> int:
    if args.online:
        return await run_online(args)
    async with Bot(args.server, args.name, args.level, args.delay, args.seed) as bot:
        if args.create:
            ticket = await bot.create(args.create, args.players, args.cpus, args.cpu_level, parse_options(args.option))
            print(f"room {ticket.code} ({ticket.room.game})", flush=True)
            print(f"link {args.web.rstrip('/')}/r/{ticket.code}", flush=True)
        elif args.token:
            bot.resume(args.code, args.token)
        else:
            ticket = await bot.join(args.code)
            print(
                f"joined room {ticket.code} ({ticket.room.game}) at seat {', '.join(map(str, ticket.seats))}",
                flush=True,
            )
        # The token is the seat: with it a restarted bot takes its seat back (--code ... --token ...).
        logging.getLogger("bot").info("token %s", bot.token)
        outcome = await bot.play()
    print(outcome.summary(), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(message)s",
        stream=sys.stderr,
    )
    logging.getLogger("grpc").setLevel(logging.WARNING)

    async def bounded() -> int:
        if args.timeout > 0:
            async with asyncio.timeout(args.timeout):
                return await run(args)
        return await run(args)

    try:
        return asyncio.run(bounded())
    except BotError as error:
        print(f"bot: {error}", file=sys.stderr, flush=True)
        return 1
    except TimeoutError:
        print(f"bot: gave up after {args.timeout:g} s", file=sys.stderr, flush=True)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
