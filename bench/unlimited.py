"""The limits that protect players from floods, lifted for a benchmark's platform: a benchmark
is a flood on purpose, from one address. Moves in flight (`GAMEROOM_MOVES_IN_FLIGHT`) stay as
they ship; a benchmark that sends more at once resends what is refused `overloaded`."""

UNLIMITED = {
    "GAMEROOM_RATE_PER_S": "1000000",  # frames a second per connection
    "GAMEROOM_RATE_BURST": "1000000",
    "GAMEROOM_LIMITS_EXEMPT": "127.0.0.1,::1",  # REST: rooms and guests created per address
    "GAMEROOM_WS_PER_ADDRESS": "100000",  # WebSockets per address
}
