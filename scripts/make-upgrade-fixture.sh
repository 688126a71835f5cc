#!/usr/bin/env bash
# Makes the upgrade test's fixture: a database as the platform at COMMIT made and filled it, on SQLite (the file,
# gzipped) and on PostgreSQL (pg_dump's custom format), in apps/server/test/fixtures/upgrade/.
#
#   scripts/make-upgrade-fixture.sh COMMIT [POSTGRES_SERVER_URL]
#
# COMMIT is checked out in a temporary worktree and runs with this checkout's installed packages (no second install):
# its own workspace packages are linked in their place. POSTGRES_SERVER_URL (default postgres://postgres@127.0.0.1:5432/postgres)
# is a server where a scratch database may be created and dropped. The seed is scripts/upgrade-fixture-seed.ts.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
commit="${1:?usage: scripts/make-upgrade-fixture.sh COMMIT [POSTGRES_SERVER_URL]}"
server="${2:-postgres://postgres@127.0.0.1:5432/postgres}"
out="$root/apps/server/test/fixtures/upgrade"
work="$(mktemp -d /tmp/upgrade-fixture-XXXXXX)"
tree="$work/tree"
scratch="upgrade_fixture_$$"

cleanup() {
  psql -q "$server" -c "drop database if exists $scratch with (force)" >/dev/null 2>&1 || true
  git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

git -C "$root" worktree add --detach "$tree" "$commit" >/dev/null
# The installed packages, except the workspace's own, which must be the commit's.
mkdir -p "$tree/node_modules/@platform"
for entry in "$root"/node_modules/* "$root"/node_modules/.bin; do
  [ "$(basename "$entry")" = "@platform" ] || ln -s "$entry" "$tree/node_modules/$(basename "$entry")"
done
ln -s "$tree/packages/contracts" "$tree/node_modules/@platform/contracts"
ln -s "$tree/apps/server" "$tree/node_modules/@platform/server"
cp "$root/scripts/upgrade-fixture-seed.ts" "$tree/scripts/upgrade-fixture-seed.ts"

# The test platforms' audit keys, so the upgrade test checks the chain with the keys it already has.
keys=(AUDIT_CHAIN_KEY=test-audit-chain-key-0123456789abcdefghijklmnop
  "AUDIT_SIGNING_KEY_FILE=$root/apps/server/test/fixtures/audit/test-signing-key.pem")
common=(DEMO_DATA=true ADMIN_EMAIL=admin@example.org APP_URL=http://platform.test WEB_DIST_DIR=/nonexistent-web-dist
  LOG_LEVEL=warn DSA_REQUEST_DELAY_MS=0 RATE_LIMIT_PER_MINUTE=100000)
seed() { (cd "$tree" && env "${keys[@]}" "${common[@]}" DATABASE_URL="$1" "$root/node_modules/.bin/node" --import tsx scripts/upgrade-fixture-seed.ts); }

level() { git -C "$tree" ls-tree --name-only HEAD apps/server/src/db/migrations/ | sed 's#.*/##; s#\.ts$##' | sort | tail -1; }
name="$(level)"
mkdir -p "$out"

echo "Seeding SQLite at $commit (migration level $name)..."
seed "sqlite:$work/platform.db"
# One file without its log: the pages written since the last checkpoint are folded in.
"$root/node_modules/.bin/node" -e "const D=require('$root/node_modules/better-sqlite3');const d=new D(process.argv[1]);d.exec(\"vacuum into '\"+process.argv[2]+\"'\");d.close()" "$work/platform.db" "$work/fixture.db"
gzip -9 -c "$work/fixture.db" >"$out/sqlite-$name.db.gz"

echo "Seeding PostgreSQL at $commit..."
psql -q "$server" -c "create database $scratch" >/dev/null
scratch_url="$("$root/node_modules/.bin/node" -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.toString())' "$server" "$scratch")"
seed "$scratch_url"
pg_dump --format=custom --compress=9 --no-owner --no-privileges --dbname="$scratch_url" --file="$out/postgres-$name.dump"

echo "$commit" >"$out/COMMIT"
ls -l "$out"
