"""The dice family: its rule engines, one folder per game, and its gRPC service."""
