"""The gateway: web client, WebSocket, REST and the gRPC play API. Thin: it checks tokens,
rate and size, never judges a move, and hands everything to the lobby through its one
interface, `lobby.face`."""
