#!/usr/bin/env python3
"""gen_reach_rows.py USERS SEED [--shuffle-rows] > rows.ndjson
Rows (docs/reach.md) for examples/backyard.tiprules: per user an isLoggedIn parameter (sometimes
absent), 0-40 enteredBackyardDetailView donations over the 10 days before NOW (backyardID 1-6, dates as RFC 3339
or epoch seconds), sometimes a tip state row and a lastDisplayDate, sometimes a bare {"user": ...} row.
Users are integers or strings; each user's rows are contiguous, in a random order within the user."""
import json, random, sys
N = int(sys.argv[1]); rnd = random.Random(int(sys.argv[2]))
NOW = 1795251600  # 2026-11-21T09:00:00Z
INV = [None, "actionPerformed", "tipClosed", "displayCountExceeded", "displayDurationExceeded"]
def date(t):
    if rnd.random() < 0.5: return t
    import datetime
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
out = sys.stdout
for u in range(N):
    uid = u if rnd.random() < 0.5 else f"user-{u:07d}"
    rows = []
    r = rnd.random()
    if r < 0.7: rows.append({"user": uid, "parameter": "isLoggedIn", "value": rnd.random() < 0.6})
    hot = rnd.randint(1, 6)
    for _ in range(rnd.choice([0, 0, 1, 2, 3, 5, 8, 13, 21, 40])):
        b = hot if rnd.random() < 0.5 else rnd.randint(1, 6)
        rows.append({"user": uid, "event": "enteredBackyardDetailView", "date": date(NOW - rnd.randint(0, 10 * 86400)),
                     "fields": {"backyardID": b}})
    if rnd.random() < 0.2:
        rows.append({"user": uid, "tip": "FavoriteBackyardTip", "displayCount": rnd.randint(0, 6),
                     "displayDuration": rnd.randint(0, 100), "invalidated": rnd.choice(INV)})
    if rnd.random() < 0.15: rows.append({"user": uid, "lastDisplayDate": date(NOW - rnd.randint(0, 3 * 86400))})
    if not rows: rows.append({"user": uid})
    rnd.shuffle(rows)
    for row in rows: out.write(json.dumps(row, separators=(",", ":")) + "\n")
