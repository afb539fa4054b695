#!/usr/bin/env python3
"""generate_rows.py USERS SEED > rows.ndjson — rows (docs/reach.md) for examples/backyard.tiprules:
per user maybe isLoggedIn, 0-20 visits over the 10 days before 2026-11-21T09:00:00Z (RFC 3339 or
seconds), sometimes a tip's state or lastDisplayDate, else a bare row; users contiguous, rows shuffled."""
import json, random, sys
users, rnd = int(sys.argv[1]), random.Random(int(sys.argv[2]))
NOW = 1795251600
REASONS = [None, "actionPerformed", "tipClosed", "displayCountExceeded", "displayDurationExceeded"]
def date(t):
    if rnd.random() < 0.5: return t
    import datetime
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
for u in range(users):
    uid = u if rnd.random() < 0.5 else f"user-{u:06d}"
    rows = []
    if rnd.random() < 0.7: rows.append({"user": uid, "parameter": "isLoggedIn", "value": rnd.random() < 0.6})
    for _ in range(rnd.choice([0, 1, 2, 3, 5, 8, 13, 20])):
        rows.append({"user": uid, "event": "enteredBackyardDetailView", "date": date(NOW - rnd.randint(0, 864000)),
                     "fields": {"backyardID": rnd.randint(1, 4)}})
    if rnd.random() < 0.2:
        rows.append({"user": uid, "tip": "FavoriteBackyardTip", "displayCount": rnd.randint(0, 6), "invalidated": rnd.choice(REASONS)})
    if rnd.random() < 0.15: rows.append({"user": uid, "lastDisplayDate": date(NOW - rnd.randint(0, 259200))})
    if not rows: rows.append({"user": uid})
    rnd.shuffle(rows)
    sys.stdout.write("".join(json.dumps(row, separators=(",", ":")) + "\n" for row in rows))
