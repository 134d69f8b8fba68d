#!/usr/bin/env bash
# Temporary (this session): regenerates migration 0012_labor from db/schema after a change to the labor tables.
set -euo pipefail
cd "$(dirname "$0")/../apps/server"
rm -f src/db/migrations/0012_labor.sql src/db/migrations/meta/0012_snapshot.json
python3 - <<'PY'
import json
p='src/db/migrations/meta/_journal.json'
j=json.load(open(p))
j['entries']=[e for e in j['entries'] if e['idx']<12]
json.dump(j,open(p,'w'),indent=2)
open(p,'a').write("\n")
PY
npx drizzle-kit generate --name labor | tail -1
