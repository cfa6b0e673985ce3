"""Example clients of the public play API (proto/gameroom/play.proto); see docs/play-api.md."""
