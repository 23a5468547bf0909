#!/usr/bin/env bash
# What the tests need beyond npm packages: Debian's Chromium (end-to-end), PostgreSQL 15 (API tests on a
# real server) with its client tools (pg_dump and pg_restore, for npm run db:backup and db:restore), Python 3.9
# or later (the MT5 agent in agent/, standard library only) and poppler-utils (pdftotext, which reads the monthly
# report's PDF back). Installs them with apt-get when missing and running as root; otherwise says what to install.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
ls /usr/lib/postgresql/*/bin/pg_dump /usr/lib/postgresql/*/bin/pg_restore >/dev/null 2>&1 ||
  missing+=(postgresql-client)
python3 -c 'import sqlite3, ssl, sys; sys.exit(sys.version_info < (3, 9))' >/dev/null 2>&1 || missing+=(python3)
# pdftotext: the monthly report's test reads the PDF's text back (issue 30).
[ -x /usr/bin/pdftotext ] || missing+=(poppler-utils)

if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing for the tests: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "Installing ${missing[*]} with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-liberation >/dev/null
