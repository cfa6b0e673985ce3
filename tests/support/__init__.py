"""Helpers shared by the tests: a play-protocol client and stack fixtures."""
