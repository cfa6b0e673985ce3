"""The lobby: rooms, codes, seats, tickets, the move path, CPU seats, clocks and chat.

A library the gateway runs (`lobby.lobby.Lobby`). It owns order (versions) and storage;
engines own the rules. lobby/lobby.py lists which module holds which concern.
"""
