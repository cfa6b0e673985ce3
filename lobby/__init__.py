"""The lobby: rooms, codes, seats, tickets, the move path, CPU seats, clocks and chat.

A library the gateway runs. It owns order (versions) and storage; engines own the rules.
"""
