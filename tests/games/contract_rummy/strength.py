"""Femton CPU strength by rounds: `python -m tests.games.contract_rummy.strength ROUNDS strong-easy`: the mean points gap per round at a three-seat table, the level in one seat (rotating), and how often it holds the fewest points."""
import sys, time
from tests.games.contract_rummy.test_contract_rummy_cpu import mean_gap, round_points
from svc_cards.contract_rummy.cpu import strong, easy
n = int(sys.argv[1])
pair = sys.argv[2]
lv = {"strong": strong, "easy": easy, "random": "random"}
a, b = pair.split("-")
t = time.time()
# also the share of rounds where the level has the fewest points
wins = 0; gap = 0.0
for index in range(n):
    mine = index % 3
    levels = [lv[a] if seat == mine else lv[b] for seat in range(3)]
    points = round_points(levels, b"femton-strength:%d" % index)
    others = [p for s, p in enumerate(points) if s != mine]
    gap += sum(others) / 2 - points[mine]
    wins += points[mine] <= min(others)
print(f"{pair}: {n} rounds, mean gap {gap/n:.1f} points, lowest in {wins/n:.0%} of rounds, {time.time()-t:.0f}s")
